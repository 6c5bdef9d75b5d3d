package org.jphantom.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The class file of fixture {@code dynldc}'s {@code Constants}, made with ASM because javac never
 * loads method handle or method type constants ({@code ldc}) and (in release 17) emits no
 * {@code SwitchBootstraps.typeSwitch}, and since javac 17.0.15 passes no object to
 * {@code StringConcatFactory} (it calls {@code String.valueOf} first), nor calls a bootstrap of the
 * program's: it replaces the stand-in javac compiled from
 * {@code Constants.java}. Frames are computed by hand (straight-line code needs none).
 */
final class LdcFixture {
    private static final String MAIN = "dynldc/Main";
    private static final String MH = "Ljava/lang/invoke/MethodHandle;";

    private LdcFixture() {
    }

    /** Writes {@code dynldc/Constants.class} under {@code classes}, over javac's. */
    static void write(Path classes) throws IOException {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, "dynldc/Constants", null,
                "java/lang/Object", null);
        constant(cw, "greet", MH, new Handle(Opcodes.H_INVOKEVIRTUAL, MAIN + "$Greeter", "greet",
                "(Ljava/lang/String;)Ljava/lang/String;", false));
        constant(cw, "stat", MH, new Handle(Opcodes.H_INVOKESTATIC, MAIN, "stat",
                "(Ljava/lang/Object;)Ljava/lang/String;", false));
        constant(cw, "make", MH, new Handle(Opcodes.H_NEWINVOKESPECIAL, MAIN, "<init>", "(Ljava/lang/Object;)V", false));
        constant(cw, "putStatic", MH, new Handle(Opcodes.H_PUTSTATIC, MAIN, "sfield", "Ljava/lang/Object;", false));
        constant(cw, "statType", "Ljava/lang/invoke/MethodType;",
                Type.getMethodType("(Ljava/lang/Object;)Ljava/lang/String;"));
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "kind", "(Ljava/lang/Object;)I", null,
                null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitInvokeDynamicInsn("typeSwitch", "(Ljava/lang/Object;I)I", new Handle(Opcodes.H_INVOKESTATIC,
                "java/lang/runtime/SwitchBootstraps", "typeSwitch", "(Ljava/lang/invoke/MethodHandles$Lookup;"
                + "Ljava/lang/String;Ljava/lang/invoke/MethodType;[Ljava/lang/Object;)Ljava/lang/invoke/CallSite;",
                false), Type.getType(String.class), Type.getType(Integer.class));
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "concat", "(Ljava/lang/Object;)Ljava/lang/String;",
                null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInvokeDynamicInsn("makeConcatWithConstants", "(Ljava/lang/Object;)Ljava/lang/String;",
                new Handle(Opcodes.H_INVOKESTATIC, "java/lang/invoke/StringConcatFactory", "makeConcatWithConstants",
                        "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;"
                        + "Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/invoke/CallSite;", false), "shown: \u0001");
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "custom", "()Ljava/lang/Object;", null, null);
        mv.visitCode();
        mv.visitInvokeDynamicInsn("custom", "()Ljava/lang/Object;", new Handle(Opcodes.H_INVOKESTATIC, MAIN, "bootstrap",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;)"
                + "Ljava/lang/invoke/CallSite;", false));
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        Files.write(classes.resolve("dynldc/Constants.class"), cw.toByteArray());
    }

    /** {@code static T name() { return ldc value; }} */
    private static void constant(ClassWriter cw, String name, String type, Object value) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, name, "()" + type, null, null);
        mv.visitCode();
        mv.visitLdcInsn(value);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }
}
