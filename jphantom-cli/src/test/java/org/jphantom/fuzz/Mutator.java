package org.jphantom.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Damages one class file the ways real corruption and hostile files do: bit flips, random bytes,
 * truncation, inserted and deleted bytes, and targeted constant-pool damage (a tag, an index, or
 * one character of a UTF-8 entry: a name or descriptor). Deterministic for a given {@link Random}.
 */
final class Mutator {
    /** The kinds of damage, each picked with equal probability. */
    enum Kind { BIT_FLIP, RANDOM_BYTES, TRUNCATE, INSERT, DELETE, CP_TAG, CP_INDEX, UTF8_CHAR }

    /** A mutant: the damaged bytes and what was done. */
    record Mutant(byte[] bytes, Kind kind, String description) {
    }

    private static final String DESCRIPTOR_CHARS = "L;[()/.<>VIJZ$";

    private Mutator() {
    }

    static Mutant mutate(byte[] original, Random rnd) {
        Kind kind = Kind.values()[rnd.nextInt(Kind.values().length)];
        byte[] b = original.clone();
        switch (kind) {
            case BIT_FLIP -> {
                int n = 1 + rnd.nextInt(4);
                StringBuilder at = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    int pos = rnd.nextInt(b.length);
                    b[pos] ^= (byte) (1 << rnd.nextInt(8));
                    at.append(i == 0 ? "" : ",").append(pos);
                }
                return new Mutant(b, kind, "bit flips at " + at);
            }
            case RANDOM_BYTES -> {
                int pos = rnd.nextInt(b.length);
                int n = Math.min(1 + rnd.nextInt(8), b.length - pos);
                for (int i = 0; i < n; i++) {
                    b[pos + i] = (byte) rnd.nextInt(256);
                }
                return new Mutant(b, kind, n + " random bytes at " + pos);
            }
            case TRUNCATE -> {
                int len = rnd.nextInt(b.length);
                return new Mutant(Arrays.copyOf(b, len), kind, "truncated to " + len);
            }
            case INSERT -> {
                int pos = rnd.nextInt(b.length + 1);
                int n = 1 + rnd.nextInt(4);
                byte[] out = new byte[b.length + n];
                System.arraycopy(b, 0, out, 0, pos);
                for (int i = 0; i < n; i++) {
                    out[pos + i] = (byte) rnd.nextInt(256);
                }
                System.arraycopy(b, pos, out, pos + n, b.length - pos);
                return new Mutant(out, kind, n + " bytes inserted at " + pos);
            }
            case DELETE -> {
                int pos = rnd.nextInt(b.length);
                int n = Math.min(1 + rnd.nextInt(4), b.length - pos);
                byte[] out = new byte[b.length - n];
                System.arraycopy(b, 0, out, 0, pos);
                System.arraycopy(b, pos + n, out, pos, b.length - pos - n);
                return new Mutant(out, kind, n + " bytes deleted at " + pos);
            }
            default -> {
                return constantPool(b, kind, rnd);
            }
        }
    }

    /** Damage inside the constant pool; falls back to a bit flip when the pool cannot be walked. */
    private static Mutant constantPool(byte[] b, Kind kind, Random rnd) {
        List<int[]> entries = entries(b); // {offset of tag, tag}
        if (entries.isEmpty()) {
            int pos = rnd.nextInt(b.length);
            b[pos] ^= 1;
            return new Mutant(b, kind, "bit flip at " + pos + " (no pool)");
        }
        switch (kind) {
            case CP_TAG -> {
                int[] e = entries.get(rnd.nextInt(entries.size()));
                int tag = new int[] {1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 16, 17, 18, 19, 20, 2, 13}[rnd.nextInt(19)];
                b[e[0]] = (byte) tag;
                return new Mutant(b, kind, "pool tag at " + e[0] + " " + e[1] + " -> " + tag);
            }
            case CP_INDEX -> {
                List<int[]> refs = new ArrayList<>();
                for (int[] e : entries) {
                    if (e[1] != 1 && e[1] != 3 && e[1] != 4 && e[1] != 5 && e[1] != 6) {
                        refs.add(e);
                    }
                }
                if (refs.isEmpty()) {
                    refs = entries;
                }
                int[] e = refs.get(rnd.nextInt(refs.size()));
                int at = e[0] + (e[1] == 15 ? 2 : 1) + (rnd.nextBoolean() && e[1] >= 9 && e[1] != 15 ? 2 : 0);
                int index = rnd.nextInt(4) == 0 ? rnd.nextInt(65536) : 1 + rnd.nextInt(entries.size() + 1);
                if (at + 1 < b.length) {
                    b[at] = (byte) (index >> 8);
                    b[at + 1] = (byte) index;
                }
                return new Mutant(b, kind, "pool index at " + at + " -> " + index);
            }
            default -> {
                List<int[]> utf8 = new ArrayList<>();
                for (int[] e : entries) {
                    int len = e[1] == 1 ? ((b[e[0] + 1] & 0xff) << 8 | (b[e[0] + 2] & 0xff)) : 0;
                    if (len > 0) {
                        utf8.add(e);
                    }
                }
                if (utf8.isEmpty()) {
                    return new Mutant(b, kind, "nothing to damage");
                }
                int[] e = utf8.get(rnd.nextInt(utf8.size()));
                int len = (b[e[0] + 1] & 0xff) << 8 | (b[e[0] + 2] & 0xff);
                int at = e[0] + 3 + rnd.nextInt(len);
                char c = DESCRIPTOR_CHARS.charAt(rnd.nextInt(DESCRIPTOR_CHARS.length()));
                b[at] = (byte) c;
                return new Mutant(b, kind, "utf8 char at " + at + " -> '" + c + "'");
            }
        }
    }

    /** The constant pool entries of an intact class file, or an empty list. */
    static List<int[]> entries(byte[] b) {
        List<int[]> out = new ArrayList<>();
        if (b.length < 10) {
            return out;
        }
        int count = (b[8] & 0xff) << 8 | (b[9] & 0xff);
        int pos = 10;
        try {
            for (int i = 1; i < count; i++) {
                int tag = b[pos] & 0xff;
                out.add(new int[] {pos, tag});
                switch (tag) {
                    case 1 -> pos += 3 + ((b[pos + 1] & 0xff) << 8 | (b[pos + 2] & 0xff));
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> pos += 5;
                    case 5, 6 -> {
                        pos += 9;
                        i++;
                    }
                    case 7, 8, 16, 19, 20 -> pos += 3;
                    case 15 -> pos += 4;
                    default -> {
                        return out;
                    }
                }
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            return out;
        }
        return out;
    }
}
