package org.jphantom.agent;

import static org.objectweb.asm.Opcodes.ASM9;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;

import org.jphantom.agent.rt.CallRecorder;
import org.objectweb.asm.MethodVisitor;

/**
 * In a class of the program ({@code jphantom record --calls}), puts a call of the call recorder's
 * {@code entered} at the start of a method's code, with the method named statically
 * ({@code a.B.m(I)V}). Before a constructor's {@code super()} call this is legal: it touches no
 * {@code this}. Methods without code (abstract, native) get nothing.
 */
final class Entries extends MethodVisitor {
    private final String method;

    Entries(MethodVisitor mv, String className, String name, String desc) {
        super(ASM9, mv);
        this.method = className.replace('/', '.') + "." + name + desc;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        super.visitLdcInsn(method);
        super.visitMethodInsn(INVOKESTATIC, CallRecorder.RUNTIME_NAME, "entered", "(Ljava/lang/String;)V", false);
    }
}
