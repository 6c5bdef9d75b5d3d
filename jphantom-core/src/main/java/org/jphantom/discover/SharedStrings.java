package org.jphantom.discover;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * One instance of each class name, member name and descriptor that the scan looks up, shared by the
 * trees of every program class. ASM gives each parsed class strings of its own, so the scan's
 * tables ({@link TypeFacts}, {@link Discovery}'s members) hashed each string once per class and
 * compared it character by character with the instance they held. A tree passed through
 * {@link #share(ClassNode)} holds the instances the tables hold, already hashed ({@link String}
 * keeps its hash): a lookup then costs an identity comparison. Sharing changes no string's value,
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
     * hands the same instance to every instruction that uses it, and {@link #share(ClassNode)}
     * would look each use up again. The tree is the one a plain {@link ClassReader} gives, string
     * for string; {@link #share(ClassNode)} is still needed for the strings the class's own
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
     * Replaces, in place, the strings of {@code cn} that the scan looks up (its name and supertypes,
     * member names and descriptors, instruction operands, frame types, handler types, local
     * variable descriptors) by their shared instances; returns {@code cn}.
     */
    public ClassNode share(ClassNode cn) {
        cn.name = of(cn.name);
        cn.superName = of(cn.superName);
        shareAll(cn.interfaces);
        for (FieldNode f : cn.fields) {
            f.desc = of(f.desc);
        }
        for (MethodNode m : cn.methods) {
            m.name = of(m.name);
            m.desc = of(m.desc);
            shareAll(m.exceptions);
            for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
                tcb.type = of(tcb.type);
            }
            if (m.localVariables != null) {
                for (LocalVariableNode lv : m.localVariables) {
                    lv.desc = of(lv.desc);
                }
            }
            for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                instruction(insn);
            }
        }
        return cn;
    }

    private void instruction(AbstractInsnNode insn) {
        switch (insn.getType()) {
            case AbstractInsnNode.FIELD_INSN -> {
                FieldInsnNode f = (FieldInsnNode) insn;
                f.owner = of(f.owner);
                f.name = of(f.name);
                f.desc = of(f.desc);
            }
            case AbstractInsnNode.METHOD_INSN -> {
                MethodInsnNode mi = (MethodInsnNode) insn;
                mi.owner = of(mi.owner);
                mi.name = of(mi.name);
                mi.desc = of(mi.desc);
            }
            case AbstractInsnNode.TYPE_INSN -> {
                TypeInsnNode t = (TypeInsnNode) insn;
                t.desc = of(t.desc);
            }
            case AbstractInsnNode.MULTIANEWARRAY_INSN -> {
                MultiANewArrayInsnNode t = (MultiANewArrayInsnNode) insn;
                t.desc = of(t.desc);
            }
            case AbstractInsnNode.INVOKE_DYNAMIC_INSN -> {
                InvokeDynamicInsnNode indy = (InvokeDynamicInsnNode) insn;
                indy.desc = of(indy.desc);
            }
            case AbstractInsnNode.FRAME -> {
                FrameNode fn = (FrameNode) insn;
                shareTypes(fn.local);
                shareTypes(fn.stack);
            }
            default -> {
                // no string the scan looks up
            }
        }
    }

    private void shareAll(List<String> names) {
        if (names != null) {
            names.replaceAll(this::of);
        }
    }

    /** Frame entries: the strings among them (class types; the others are tags and labels). */
    private void shareTypes(List<Object> types) {
        if (types != null) {
            types.replaceAll(t -> t instanceof String s ? of(s) : t);
        }
    }
}
