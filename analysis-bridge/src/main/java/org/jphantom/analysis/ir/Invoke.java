package org.jphantom.analysis.ir;

/**
 * {@code lhs = recv.m(args)}: a call. {@link #opcode} is the JVM instruction
 * ({@code INVOKEVIRTUAL}, {@code INVOKEINTERFACE}, {@code INVOKESPECIAL}, {@code INVOKESTATIC});
 * {@code invokedynamic} sites become allocations (lambdas) and do not appear here. Exceptions the
 * callee throws flow into {@link #exception}, which routes them to the handlers of the call or to
 * the caller's exception variable.
 */
public final class Invoke extends Stmt {
    public final int opcode;
    public final String owner;
    public final String name;
    public final String desc;
    public final boolean itf;
    /** The receiver variable, -1 for static calls (or a null receiver). */
    public final int recv;
    /** One variable per declared parameter, -1 for primitives and nulls. */
    public final int[] args;
    public final int lhs;
    public final int exception;
    /** The ordinal of this call among the calls of its method, for stable names. */
    public final int ordinal;
    /** The bytecode offset of the call instruction, -1 for a call no instruction makes (a model's). */
    public final int pc;

    public Invoke(int opcode, String owner, String name, String desc, boolean itf, int recv, int[] args,
                  int lhs, int exception, int ordinal, int line) {
        this(opcode, owner, name, desc, itf, recv, args, lhs, exception, ordinal, line, -1);
    }

    /** A call made by the instruction at bytecode offset {@code pc}. */
    public Invoke(int opcode, String owner, String name, String desc, boolean itf, int recv, int[] args,
                  int lhs, int exception, int ordinal, int line, int pc) {
        super(INVOKE, line);
        this.pc = pc;
        this.opcode = opcode;
        this.owner = owner;
        this.name = name;
        this.desc = desc;
        this.itf = itf;
        this.recv = recv;
        this.args = args;
        this.lhs = lhs;
        this.exception = exception;
        this.ordinal = ordinal;
    }

    public boolean isDynamicDispatch() {
        return opcode == org.objectweb.asm.Opcodes.INVOKEVIRTUAL || opcode == org.objectweb.asm.Opcodes.INVOKEINTERFACE;
    }
}
