package org.jphantom.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import org.jphantom.JphantomException;

/**
 * A jar or a class directory seen as a list of entry names and their bytes. Every failure is a
 * {@link JphantomException} whose one-line message names the file and, where there is one, the entry.
 */
abstract class Archive implements Closeable {
    /** The path string the user gave, used in messages and in {@link InputEntry#source()}. */
    final String source;

    private Archive(String source) {
        this.source = source;
    }

    /** Opens {@code path} as a class directory if it is a directory, else as a zip/jar file. */
    static Archive open(Path path) {
        String source = path.toString();
        if (Files.isDirectory(path)) {
            return new Directory(source, path);
        }
        if (!Files.exists(path)) {
            throw JphantomException.input(source + ": no such file or directory");
        }
        if (!Files.isRegularFile(path)) {
            throw JphantomException.input(source + ": not a regular file or directory");
        }
        try {
            return new Zip(source, path, new ZipFile(path.toFile()));
        } catch (ZipException e) {
            throw JphantomException.input(source + ": " + (startsLikeZip(path)
                    ? "truncated or corrupt zip/jar (" + e.getMessage() + ")"
                    : "not a zip/jar"), e);
        } catch (IOException e) {
            throw JphantomException.input(source + ": cannot read (" + e + ")", e);
        }
    }

    /**
     * Class files held in memory (the in-memory API): {@code classes} maps internal names to class
     * file bytes; the entries are {@code NAME.class}, sorted, each a copy of the caller's array.
     */
    static Archive ofClasses(String source, Map<String, byte[]> classes) {
        java.util.TreeMap<String, byte[]> entries = new java.util.TreeMap<>();
        classes.forEach((name, bytes) -> {
            if (name == null || bytes == null) {
                throw JphantomException.input(source + ": a null class name or class file");
            }
            entries.put(name + ".class", bytes.clone());
        });
        return new Memory(source, entries);
    }

    private static boolean startsLikeZip(Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(2);
            return head.length == 2 && head[0] == 'P' && head[1] == 'K';
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * All entry names in archive order, each once: central directory order of first appearance
     * for a jar; sorted relative paths of regular files for a directory.
     */
    abstract List<String> names();

    /** The names a jar stores more than once, with how many copies it has of each, in archive order. */
    Map<String, Integer> duplicates() {
        return Map.of();
    }

    /** Whether every stored copy of {@code name} has the same bytes. */
    boolean identicalCopies(String name) {
        return true;
    }

    /** The bytes of entry {@code name}, or {@code null} if there is no such entry. */
    abstract byte[] read(String name);

    /**
     * Where entry {@code name} can be read again later, or copied as its stored bytes ({@link #open}
     * the jar and {@link #read} the name: the same copy), or {@code null} if its bytes must be kept
     * now: only a jar's entries stored once are read again.
     */
    InputEntry.StoredEntry storedOnce(String name) {
        return null;
    }

    /** Whether this is a multi-release archive: its manifest says {@code Multi-Release: true}. */
    boolean multiRelease() {
        byte[] manifest = read(EntryNames.MANIFEST);
        return manifest != null && EntryNames.isMultiRelease(manifest);
    }

    /** A user error about one entry of this archive. */
    JphantomException entryError(String name, String reason) {
        return JphantomException.input(entryMessage(name, reason));
    }

    /** The one-line message {@code "<source>: entry <name>: <reason>"}. */
    String entryMessage(String name, String reason) {
        return source + ": entry " + EntryNames.printable(name) + ": " + reason;
    }

    @Override
    public abstract void close();

    /**
     * A jar. A name stored more than once is read the way the JVM's class loader reads it:
     * {@link ZipFile#getEntry} decides which copy (the last one in the central directory, on
     * the JDKs this runs on).
     */
    private static final class Zip extends Archive {
        private final Path path;
        private final ZipFile zip;
        private final List<String> names;
        private final Map<String, List<ZipEntry>> copies = new LinkedHashMap<>();
        private Map<String, Boolean> identical;

        Zip(String source, Path path, ZipFile zip) {
            super(source);
            this.path = path;
            this.zip = zip;
            Map<String, List<ZipEntry>> all = new LinkedHashMap<>();
            // entries() walks the central directory itself, so a name stored twice shows twice.
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                all.computeIfAbsent(entry.getName(), k -> new ArrayList<>(1)).add(entry);
            }
            all.forEach((name, list) -> {
                if (list.size() > 1) {
                    copies.put(name, list);
                }
            });
            this.names = List.copyOf(all.keySet());
        }

        @Override
        InputEntry.StoredEntry storedOnce(String name) {
            if (copies.containsKey(name)) {
                return null;
            }
            ZipEntry entry = zip.getEntry(name);
            return entry == null ? null : new InputEntry.StoredEntry(path, entry.getCrc(), entry.getSize());
        }

        @Override
        Map<String, Integer> duplicates() {
            Map<String, Integer> counts = new LinkedHashMap<>();
            copies.forEach((name, list) -> counts.put(name, list.size()));
            return counts;
        }

        @Override
        boolean identicalCopies(String name) {
            if (!copies.containsKey(name)) {
                return true;
            }
            if (identical == null) {
                identical = compareCopies();
            }
            return identical.get(name);
        }

        /**
         * Reads every copy of every duplicated name. ZipFile.getInputStream finds an entry by name,
         * except for the entry that entries() returned last: each copy is read right after it.
         */
        private Map<String, Boolean> compareCopies() {
            Map<String, byte[]> first = new HashMap<>();
            Map<String, Boolean> result = new HashMap<>();
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                String name = entry.getName();
                if (!copies.containsKey(name)) {
                    continue;
                }
                byte[] bytes;
                try (InputStream in = zip.getInputStream(entry)) {
                    bytes = in.readAllBytes();
                } catch (IOException ex) {
                    throw JphantomException.input(entryMessage(name, "truncated or corrupt zip data (" + ex + ")"), ex);
                }
                byte[] seen = first.putIfAbsent(name, bytes);
                result.merge(name, seen == null || java.util.Arrays.equals(seen, bytes), Boolean::logicalAnd);
            }
            return result;
        }

        @Override
        List<String> names() {
            return names;
        }

        @Override
        byte[] read(String name) {
            ZipEntry entry = zip.getEntry(name);
            if (entry == null) {
                return null;
            }
            if (entry.isDirectory()) {
                return new byte[0];
            }
            try (InputStream in = zip.getInputStream(entry)) {
                return readFully(in, entry.getSize());
            } catch (IOException e) {
                throw JphantomException.input(entryMessage(name, "truncated or corrupt zip data (" + e + ")"), e);
            }
        }

        /**
         * The whole stream; with the size the zip declares, into one array of that size (no
         * growing buffers), falling back to reading the rest when the declared size is wrong.
         */
        private static byte[] readFully(InputStream in, long size) throws IOException {
            if (size < 0 || size > Integer.MAX_VALUE - 16) {
                return in.readAllBytes();
            }
            byte[] bytes = new byte[(int) size];
            int n = in.readNBytes(bytes, 0, bytes.length);
            int next = n == bytes.length ? in.read() : -1;
            if (n == bytes.length && next < 0) {
                return bytes;
            }
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            out.write(bytes, 0, n);
            if (next >= 0) {
                out.write(next);
                in.transferTo(out);
            }
            return out.toByteArray();
        }

        @Override
        public void close() {
            try {
                zip.close();
            } catch (IOException e) {
                // Closing a zip opened for reading only releases the file handle; nothing to report.
            }
        }
    }

    private static final class Directory extends Archive {
        private final Path root;
        private List<String> names;

        Directory(String source, Path root) {
            super(source);
            this.root = root;
        }

        @Override
        synchronized List<String> names() {
            if (names == null) {
                try (Stream<Path> files = Files.walk(root)) {
                    names = files.filter(Files::isRegularFile)
                            .map(p -> toEntryName(root.relativize(p)))
                            .sorted()
                            .toList();
                } catch (IOException | java.io.UncheckedIOException e) {
                    throw JphantomException.input(source + ": cannot list directory (" + e.getMessage() + ")", e);
                }
            }
            return names;
        }

        private static String toEntryName(Path relative) {
            StringBuilder name = new StringBuilder();
            for (Path segment : relative) {
                if (name.length() > 0) {
                    name.append('/');
                }
                name.append(segment);
            }
            return name.toString();
        }

        @Override
        byte[] read(String name) {
            if (EntryNames.unsafeReason(name) != null) {
                return null;
            }
            Path file = root.resolve(name);
            try {
                return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
            } catch (NoSuchFileException e) {
                return null;
            } catch (IOException e) {
                throw JphantomException.input(entryMessage(name, "cannot read (" + e + ")"), e);
            }
        }

        @Override
        public void close() {
        }
    }

    private static final class Memory extends Archive {
        private final Map<String, byte[]> entries;
        private final List<String> names;

        Memory(String source, java.util.SortedMap<String, byte[]> entries) {
            super(source);
            this.entries = entries;
            this.names = List.copyOf(entries.keySet());
        }

        @Override
        List<String> names() {
            return names;
        }

        @Override
        byte[] read(String name) {
            return entries.get(name);
        }

        @Override
        boolean multiRelease() {
            return false;
        }

        @Override
        public void close() {
        }
    }
}
