package org.jphantom.generate;

import java.util.List;
import java.util.SortedMap;
import org.jphantom.discover.AnnotationUses;
import org.jphantom.discover.InnerClassRef;
import org.jphantom.model.TypeKind;
import org.jphantom.solve.PhantomShape;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;

/**
 * The attributes {@link ClassGenerator} writes from the program's view of a phantom
 * ({@link ProgramView}) rather than from its members: the class {@code Signature}, the
 * {@code InnerClasses} entries, an annotation type's {@code @Retention} and {@code @Target}, and
 * annotation element defaults. None of them matters to the JVM's verifier; they serve reflection,
 * decompilers and javac.
 */
final class ViewAttributes {
    private ViewAttributes() {
    }

    /** {@code @Retention} and {@code @Target} of an annotation phantom from its uses (none: CLASS, no target). */
    static void metaAnnotations(ClassWriter cw, AnnotationUses.Use use) {
        AnnotationVisitor retention = cw.visitAnnotation("Ljava/lang/annotation/Retention;", true);
        retention.visitEnum("value", "Ljava/lang/annotation/RetentionPolicy;",
                use != null && use.visible() ? "RUNTIME" : "CLASS");
        retention.visitEnd();
        if (use != null && !use.targets().isEmpty()) {
            AnnotationVisitor target = cw.visitAnnotation("Ljava/lang/annotation/Target;", true);
            AnnotationVisitor values = target.visitArray("value");
            for (String t : use.targets()) {
                values.visitEnum(null, "Ljava/lang/annotation/ElementType;", t);
            }
            values.visitEnd();
            target.visitEnd();
        }
    }

    /** InnerClasses entries: the phantom's own (if nested) and those of its phantom members, by name. */
    static void innerClasses(ClassWriter cw, String name, SortedMap<String, InnerClassRef> nested,
            CompletedHierarchy hierarchy) {
        for (InnerClassRef ref : nested.values()) {
            if (ref.name().equals(name) || ref.outer().equals(name)) {
                PhantomShape s = hierarchy.shape(ref.name());
                int flags = Opcodes.ACC_PUBLIC | (ref.access() & Opcodes.ACC_STATIC);
                if (s.isInterface()) {
                    flags |= Opcodes.ACC_INTERFACE | Opcodes.ACC_ABSTRACT | Opcodes.ACC_STATIC
                            | (s.kind() == TypeKind.ANNOTATION ? Opcodes.ACC_ANNOTATION : 0);
                } else if ("java/lang/Enum".equals(s.superName())) {
                    flags |= Opcodes.ACC_ENUM | Opcodes.ACC_STATIC;
                }
                cw.visitInnerClass(ref.name(), ref.outer(), ref.simpleName(), flags);
            }
        }
    }

    /**
     * The class signature declaring the phantom's type parameters ({@code <T:Ljava/lang/Object;>}
     * then its supertypes, raw), or null when the program gives it no type arguments.
     */
    static String classSignature(int n, String superName, List<String> interfaces) {
        if (n <= 0) {
            return null;
        }
        StringBuilder sb = new StringBuilder("<");
        for (int i = 1; i <= n; i++) {
            sb.append(n == 1 ? "T" : "T" + i).append(":Ljava/lang/Object;");
        }
        sb.append(">L").append(superName).append(';');
        for (String i : interfaces) {
            sb.append('L').append(i).append(';');
        }
        return sb.toString();
    }

    /** Whether method signature {@code signature} (may be null) names a type variable. */
    static boolean namesTypeVariable(String signature) {
        if (signature == null) {
            return false;
        }
        boolean[] named = {false};
        new SignatureReader(signature).accept(new SignatureVisitor(Opcodes.ASM9) {
            @Override
            public void visitTypeVariable(String name) {
                named[0] = true;
            }
        });
        return named[0];
    }

    /**
     * A default value for an annotation element (zero, false, "", Object.class, an empty array), so
     * that javac accepts the program's uses that leave the element out; enum and annotation
     * elements get none (no value of theirs is known to exist).
     */
    static void elementDefault(MethodVisitor mv, Type t) {
        Object value = switch (t.getSort()) {
            case Type.BOOLEAN -> Boolean.FALSE;
            case Type.BYTE -> (byte) 0;
            case Type.CHAR -> (char) 0;
            case Type.SHORT -> (short) 0;
            case Type.INT -> 0;
            case Type.LONG -> 0L;
            case Type.FLOAT -> 0f;
            case Type.DOUBLE -> 0d;
            case Type.ARRAY -> t;
            default -> t.getDescriptor().equals("Ljava/lang/String;") ? ""
                    : t.getDescriptor().equals("Ljava/lang/Class;") ? Type.getType(Object.class) : null;
        };
        if (value == null) {
            return;
        }
        AnnotationVisitor av = mv.visitAnnotationDefault();
        if (value instanceof Type a && a.getSort() == Type.ARRAY) {
            av.visitArray(null).visitEnd();
        } else {
            av.visit(null, value);
        }
        av.visitEnd();
    }
}
