package org.jphantom.analysis.ir;

/**
 * A method handle constant of the constant pool ({@code CONSTANT_MethodHandle}, JVMS 4.4.8): what
 * an {@code ldc} of it, or a bootstrap argument, denotes.
 *
 * @param tag   the reference kind ({@code Opcodes.H_GETFIELD} .. {@code H_INVOKEINTERFACE})
 * @param owner internal name of the class of the member
 * @param name  the member's name
 * @param desc  the method or field descriptor
 * @param itf   whether the owner is an interface
 */
public record HandleConstant(int tag, String owner, String name, String desc, boolean itf) {
    static HandleConstant of(org.objectweb.asm.Handle h) {
        return new HandleConstant(h.getTag(), h.getOwner(), h.getName(), h.getDesc(), h.isInterface());
    }
}
