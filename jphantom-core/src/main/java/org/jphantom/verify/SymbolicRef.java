package org.jphantom.verify;

/**
 * A symbolic reference that code of a class makes, in the form the JVM resolves it (JVMS 5.4.3).
 *
 * @param op            how the reference is used; decides which resolution applies
 * @param owner         the class named: an internal name, or an array descriptor; for
 *                      {@link Op#METHOD_TYPE} the method descriptor
 * @param name          the member name, or {@code null} for class and method type references
 * @param desc          the member descriptor, or {@code null} for class and method type references
 * @param itf           whether the constant is an {@code InterfaceMethodref} (ASM's {@code isInterface})
 * @param inInitializer for field stores only: whether the store sits in {@code <init>} (instance
 *                      fields) or {@code <clinit>} (static fields), where a final field may be set
 */
record SymbolicRef(Op op, String owner, String name, String desc, boolean itf, boolean inInitializer) {

    /** The uses of a reference; instructions and method handle constants resolve differently. */
    enum Op {
        CLASS("class"), NEW("new"), METHOD_TYPE("method type"),
        GETFIELD("getfield"), PUTFIELD("putfield"), GETSTATIC("getstatic"), PUTSTATIC("putstatic"),
        INVOKEVIRTUAL("invokevirtual"), INVOKESPECIAL("invokespecial"), INVOKESTATIC("invokestatic"),
        INVOKEINTERFACE("invokeinterface"),
        REF_GETFIELD("REF_getField"), REF_GETSTATIC("REF_getStatic"), REF_PUTFIELD("REF_putField"),
        REF_PUTSTATIC("REF_putStatic"), REF_INVOKEVIRTUAL("REF_invokeVirtual"),
        REF_INVOKESTATIC("REF_invokeStatic"), REF_INVOKESPECIAL("REF_invokeSpecial"),
        REF_NEWINVOKESPECIAL("REF_newInvokeSpecial"), REF_INVOKEINTERFACE("REF_invokeInterface");

        final String label;

        Op(String label) {
            this.label = label;
        }

        boolean isField() {
            return switch (this) {
                case GETFIELD, PUTFIELD, GETSTATIC, PUTSTATIC,
                        REF_GETFIELD, REF_GETSTATIC, REF_PUTFIELD, REF_PUTSTATIC -> true;
                default -> false;
            };
        }

        boolean isMethod() {
            return switch (this) {
                case INVOKEVIRTUAL, INVOKESPECIAL, INVOKESTATIC, INVOKEINTERFACE,
                        REF_INVOKEVIRTUAL, REF_INVOKESTATIC, REF_INVOKESPECIAL,
                        REF_NEWINVOKESPECIAL, REF_INVOKEINTERFACE -> true;
                default -> false;
            };
        }
    }

    static SymbolicRef type(Op op, String owner) {
        return new SymbolicRef(op, owner, null, null, false, false);
    }

    static SymbolicRef member(Op op, String owner, String name, String desc, boolean itf) {
        return new SymbolicRef(op, owner, name, desc, itf, false);
    }

    /** How the reference reads in a report, e.g. {@code invokestatic a/B.m()V}. */
    @Override
    public String toString() {
        if (name == null) {
            return op.label + ' ' + owner;
        }
        return op.label + ' ' + owner + '.' + name + (op.isField() ? ":" : "") + desc;
    }
}
