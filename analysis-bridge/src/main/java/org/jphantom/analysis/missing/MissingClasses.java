package org.jphantom.analysis.missing;

import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The classes a program references that its closed world (program, class path, JDK) lacks: the
 * class entries of each program class's constant pool, the types in the descriptors its
 * constant pool and its own fields and methods name. A quick look, no code is parsed: it decides
 * whether complementing is needed and counts what is missing for {@code --missing ignore|skip}.
 */
public final class MissingClasses {
    private static final int CONSTANT_CLASS = 7;
    private static final int CONSTANT_NAME_AND_TYPE = 12;
    private static final int CONSTANT_METHOD_TYPE = 16;

    private MissingClasses() {
    }

    /** The internal names the classes of {@code program} (internal name to bytes) reference and {@code world} lacks, sorted. */
    public static SortedSet<String> find(Map<String, byte[]> program, ClassWorld world) {
        SortedSet<String> referenced = new TreeSet<>();
        for (byte[] bytes : program.values()) {
            collect(new ClassReader(bytes), referenced);
        }
        SortedSet<String> missing = new TreeSet<>();
        for (String name : referenced) {
            if (!world.isKnown(name)) {
                missing.add(name);
            }
        }
        return missing;
    }

    private static void collect(ClassReader reader, SortedSet<String> out) {
        char[] buf = new char[reader.getMaxStringLength()];
        byte[] b = reader.b;
        for (int i = 1; i < reader.getItemCount(); i++) {
            int offset = reader.getItem(i);
            if (offset == 0) {
                continue; // the second slot of a long or double
            }
            switch (b[offset - 1]) {
                case CONSTANT_CLASS -> className(reader.readUTF8(offset, buf), out);
                case CONSTANT_NAME_AND_TYPE -> descriptor(reader.readUTF8(offset + 2, buf), out);
                case CONSTANT_METHOD_TYPE -> descriptor(reader.readUTF8(offset, buf), out);
                default -> {
                }
            }
        }
        reader.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public FieldVisitor visitField(int access, String name, String desc, String signature, Object value) {
                descriptor(desc, out);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String signature, String[] exceptions) {
                descriptor(desc, out);
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    }

    /** A class constant: an internal name, or an array descriptor. */
    private static void className(String name, SortedSet<String> out) {
        if (name.startsWith("[")) {
            descriptor(name, out);
        } else {
            out.add(name);
        }
    }

    private static void descriptor(String desc, SortedSet<String> out) {
        try {
            if (desc.startsWith("(")) {
                for (Type t : Type.getArgumentTypes(desc)) {
                    type(t, out);
                }
                type(Type.getReturnType(desc), out);
            } else {
                type(Type.getType(desc), out);
            }
        } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
            // A malformed descriptor: the input's format check reports it where it matters.
        }
    }

    private static void type(Type t, SortedSet<String> out) {
        Type e = t.getSort() == Type.ARRAY ? t.getElementType() : t;
        if (e.getSort() == Type.OBJECT) {
            out.add(e.getInternalName());
        }
    }
}
