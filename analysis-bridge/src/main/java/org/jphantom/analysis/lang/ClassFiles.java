package org.jphantom.analysis.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.objectweb.asm.Attribute;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.MethodNode;

/**
 * The class files of a {@link Program}'s known classes, read on first use and kept as parsed
 * {@link ClassReader}s: one method's bytecode at a time, constant pool entries, the generated-class
 * marker. Reading is timed by the program's {@link LoadClock}. Types without a class file (missing,
 * arrays, primitives, synthetic classes) have none of these.
 */
final class ClassFiles {
    /** Constant pool tags ({@code CONSTANT_Class}, {@code CONSTANT_String}). */
    static final int CLASS = 7;
    static final int STRING = 8;

    private final Program program;
    private final Function<String, byte[]> classBytes;
    private final LoadClock clock;
    private final List<ClassReader> readers = new ArrayList<>();
    /** Per type: its members' runtime-visible annotations ({@link #annotations}), read on first use. */
    private final java.util.Map<Integer, java.util.Map<String, List<String>>> annotations = new java.util.HashMap<>();

    ClassFiles(Program program, Function<String, byte[]> classBytes, LoadClock clock) {
        this.program = program;
        this.classBytes = classBytes;
        this.clock = clock;
    }

    /** The bytecode of {@code m}, or null if its class file has no code for it ({@code ct.sym} stubs, say). */
    MethodNode code(JMethod m) {
        ClassReader reader = reader(m.declaringType());
        if (reader == null) {
            return null;
        }
        MethodNode[] out = new MethodNode[1];
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                if (out[0] == null && name.equals(m.name()) && desc.equals(m.desc())) {
                    out[0] = new CodeNode((CodeNode.OffsetReader) reader, access, name, desc, sig, exc);
                    return out[0];
                }
                return null;
            }
        }, ClassReader.SKIP_FRAMES);
        MethodNode node = out[0];
        return node == null || node.instructions.size() == 0 ? null : node;
    }

    /**
     * The constant pool entries with {@code tag} ({@link #CLASS} or {@link #STRING}), in pool order;
     * a malformed pool yields the entries before the damage.
     */
    List<String> poolEntries(int type, int tag) {
        ClassReader r = reader(type);
        if (r == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        char[] buf = new char[r.getMaxStringLength()];
        try {
            for (int i = 1; i < r.getItemCount(); i++) {
                int offset = r.getItem(i);
                if (offset > 0 && r.readByte(offset - 1) == tag) {
                    out.add(tag == CLASS ? r.readClass(offset, buf) : r.readUTF8(offset, buf));
                }
            }
        } catch (RuntimeException e) {
            // the class was read already; a pool ASM cannot walk gives what came before
        }
        return out;
    }

    /**
     * The runtime-visible annotations (internal names of their types, in class-file order) of the
     * member of {@code type} named {@code name} with descriptor {@code desc}: what
     * {@code isAnnotationPresent} and {@code getAnnotation} of its {@code Method}, {@code Constructor}
     * or {@code Field} object see. Empty for a member without any; null for a type without a class
     * file (its members' annotations are unknown).
     */
    List<String> annotations(int type, String name, String desc) {
        java.util.Map<String, List<String>> byMember = annotations.computeIfAbsent(type, this::readAnnotations);
        return byMember == null ? null : byMember.getOrDefault(name + desc, List.of());
    }

    private java.util.Map<String, List<String>> readAnnotations(int type) {
        ClassReader reader = reader(type);
        if (reader == null) {
            return null;
        }
        java.util.Map<String, List<String>> out = new java.util.HashMap<>();
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public org.objectweb.asm.FieldVisitor visitField(int access, String name, String desc, String sig, Object v) {
                return new org.objectweb.asm.FieldVisitor(Opcodes.ASM9) {
                    @Override
                    public org.objectweb.asm.AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                        note(out, name + desc, annotation, visible);
                        return null;
                    }
                };
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public org.objectweb.asm.AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
                        note(out, name + desc, annotation, visible);
                        return null;
                    }
                };
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return out;
    }

    private static void note(java.util.Map<String, List<String>> out, String member, String annotationDesc,
                             boolean visible) {
        if (visible && annotationDesc.length() > 2 && annotationDesc.charAt(0) == 'L') {
            out.computeIfAbsent(member, m -> new ArrayList<>(2))
                    .add(annotationDesc.substring(1, annotationDesc.length() - 1));
        }
    }

    /** Whether the class file carries jphantom's generated-class attribute. */
    boolean hasGeneratedMarker(int type) {
        ClassReader reader = reader(type);
        if (reader == null) {
            return false;
        }
        boolean[] found = new boolean[1];
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visitAttribute(Attribute attribute) {
                if (attribute.type.equals(org.jphantom.generate.ClassGenerator.MARKER_ATTRIBUTE)) {
                    found[0] = true;
                }
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return found[0];
    }

    private ClassReader reader(int type) {
        if (!program.isKnownClass(type)) {
            return null;
        }
        while (readers.size() <= type) {
            readers.add(null);
        }
        ClassReader r = readers.get(type);
        if (r == null) {
            clock.enter();
            try {
                byte[] bytes = classBytes.apply(program.typeName(type));
                if (bytes == null) {
                    return null;
                }
                r = new CodeNode.OffsetReader(bytes);
                readers.set(type, r);
            } finally {
                clock.exit();
            }
        }
        return r;
    }
}
