package org.jphantom.discover;

import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * One instance of each class name, member name and descriptor that the scan looks up, shared by the
 * trees of every program class. ASM gives each parsed class strings of its own, so the scan's
 * tables ({@link TypeFacts}, {@link Discovery}'s members) hashed each string once per class and
 * compared it character by character with the instance they held. A shared tree holds the
 * instances the tables hold, already hashed ({@link String}
 * keeps its hash): a lookup then costs an identity comparison. A tree parsed by {@link #reader(byte[])}
 * holds them, once {@link #shareDeclarations(ClassNode)} has shared what the reader cannot. Sharing changes no string's value,
 * only which instance holds it. Thread-safe: the parses run in parallel and share their trees as
 * they go, ahead of the scan, which runs on one thread.
 */
public final class SharedStrings {
    private final ConcurrentHashMap<String, String> strings = new ConcurrentHashMap<>();

    /** The shared instance equal to {@code s} ({@code s} itself when it is the first); {@code null} for null. */
    public String of(String s) {
        if (s == null) {
            return null;
        }
        String shared = strings.get(s);
        if (shared == null) {
            shared = strings.putIfAbsent(s, s);
            if (shared == null) {
                return s;
            }
        }
        return shared;
    }

    /**
     * A reader of {@code classFile} whose class names (Class constants) and member names and
     * descriptors (NameAndType and MethodType constants) come out of the parse as the shared
     * instances, each constant looked up once per class: ASM reads a constant's string once and
     * hands the same instance to every instruction that uses it, where a walk over the tree would
     * look each use up again. The tree is the one a plain {@link ClassReader} gives, string
     * for string; {@link #shareDeclarations(ClassNode)} shares the strings the class's own
     * declarations hold.
     */
    public ClassReader reader(byte[] classFile) {
        return new SharingReader(classFile);
    }

    /** See {@link #reader(byte[])}. */
    private final class SharingReader extends ClassReader {
        private static final int CLASS = 7;
        private static final int NAME_AND_TYPE = 12;
        private static final int METHOD_TYPE = 16;

        /** A constant to share that has not been read yet (compared by identity). */
        @SuppressWarnings("StringOperationCanBeSimplified")
        private static final String PENDING = new String("pending");

        /** For each UTF-8 constant: null if not shared, {@link #PENDING}, or its shared instance. */
        private final String[] shared;

        SharingReader(byte[] classFile) {
            super(classFile);
            int count = getItemCount();
            shared = new String[count];
            for (int i = 1; i < count; i++) {
                int at = getItem(i); // just past the tag; 0 for the slot after a long or double
                if (at == 0) {
                    continue;
                }
                switch (readByte(at - 1)) {
                    case CLASS, METHOD_TYPE -> mark(readUnsignedShort(at));
                    case NAME_AND_TYPE -> {
                        mark(readUnsignedShort(at));
                        mark(readUnsignedShort(at + 2));
                    }
                    default -> {
                        // not a name the scan looks up
                    }
                }
            }
        }

        private void mark(int utf8) {
            if (utf8 > 0 && utf8 < shared.length) {
                shared[utf8] = PENDING;
            }
        }

        @Override
        public String readUTF8(int offset, char[] charBuffer) {
            String s = super.readUTF8(offset, charBuffer);
            if (s == null || shared == null) {
                return s; // (ASM's constructor reads the names of a few attributes before this one's runs)
            }
            int index = readUnsignedShort(offset);
            String t = shared[index];
            if (t == null) {
                return s;
            }
            if (t == PENDING) {
                t = of(s);
                shared[index] = t;
            }
            return t;
        }
    }

    /**
     * Completes a tree parsed by a {@link #reader(byte[])}: replaces, in place, the strings of
     * {@code cn} that the scan looks up and that the reader could not share, those of the class's
     * own declarations (field descriptors, method names and descriptors, local variable
     * descriptors: UTF-8 constants that no Class, NameAndType or MethodType constant names); its
     * name, supertypes, throws clauses, handler types, instruction operands and frame types came
     * out of the reader shared already. Returns {@code cn}.
     */
    public ClassNode shareDeclarations(ClassNode cn) {
        cn.name = of(cn.name);
        cn.superName = of(cn.superName);
        for (FieldNode f : cn.fields) {
            f.desc = of(f.desc);
        }
        for (MethodNode m : cn.methods) {
            m.name = of(m.name);
            m.desc = of(m.desc);
            if (m.localVariables != null) {
                for (LocalVariableNode lv : m.localVariables) {
                    lv.desc = of(lv.desc);
                }
            }
        }
        return cn;
    }
}
