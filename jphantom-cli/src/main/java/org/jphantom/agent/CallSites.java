package org.jphantom.agent;

import static org.objectweb.asm.Opcodes.ASM9;
import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.INVOKEINTERFACE;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * In a class of the program, puts a call to the recorder in front of each {@code loadClass(String)}
 * call, with the caller and line known statically: {@code ClassLoader.loadClass} itself cannot be
 * hooked, since the JVM calls it for every class it resolves. The call consumes a copy of the name.
 */
final class CallSites extends MethodVisitor {
    private final String caller;
    private int line;

    CallSites(MethodVisitor mv, String caller) {
        super(ASM9, mv);
        this.caller = caller;
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        this.line = line;
        super.visitLineNumber(line, start);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
        if ((opcode == INVOKEVIRTUAL || opcode == INVOKEINTERFACE) && name.equals("loadClass")
                && desc.equals("(Ljava/lang/String;)Ljava/lang/Class;")) {
            super.visitInsn(DUP);
            super.visitLdcInsn(caller);
            super.visitLdcInsn(line);
            super.visitMethodInsn(INVOKESTATIC, JdkHooks.RECORDER, "loadClass", "(Ljava/lang/Object;Ljava/lang/String;I)V", false);
        }
        super.visitMethodInsn(opcode, owner, name, desc, itf);
    }
}
