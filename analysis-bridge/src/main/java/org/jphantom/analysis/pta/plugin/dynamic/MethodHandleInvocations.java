package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Type;

/**
 * The signature-polymorphic {@code MethodHandle.invokeExact(...)} and {@code invoke(...)}: the
 * call's own descriptor gives its arguments, and for every handle object of {@link HandleObjects}
 * the receiver may be, the call runs the handle ({@link HandleRunner}) with the arguments in
 * order, if the JVM would: {@code invokeExact} only a handle of exactly the call's type,
 * {@code invoke} one that {@code asType} converts to it ({@link AsType}: boxing, unboxing,
 * widening, reference casts; a handle of another arity or of an inconvertible type would throw
 * {@code WrongMethodTypeException}, so it is not run). A primitive argument that {@code invoke}
 * boxes for a reference parameter is the handle runner's box object of its wrapper, and so is a
 * primitive result the call takes as a reference. The edges are recorded at the call's own
 * position ({@code <caller>/k -> <target>}). Only the program's calls are modelled: a handle of
 * the program that the plain analysis lets into the JDK's method handle code (through the body of
 * {@code invokeWithArguments} or {@code bindTo}, say) would, without contexts, reach every handle
 * call of the JDK with any arguments; what the JDK does with the program's handles is modelled at
 * the program's call instead.
 */
public final class MethodHandleInvocations extends HandleCallSites {
    static final String MH = "java/lang/invoke/MethodHandle";
    private AsType asType;

    MethodHandleInvocations(HandleObjects handles) {
        super(handles, inv -> inv.owner.equals(MH) && inv.recv >= 0
                && (inv.name.equals("invokeExact") || inv.name.equals("invoke")));
    }

    @Override
    public void setSolver(Solver solver) {
        super.setSolver(solver);
        this.asType = new AsType(solver.program());
    }

    @Override
    Run prepare(int csm, int site, Invoke inv) {
        boolean exact = inv.name.equals("invokeExact");
        return (t, handle) -> {
            if (asType.runs(t.type(), inv.desc, exact)) {
                call(csm, site, inv, t, handle);
            }
        };
    }

    /** Runs handle {@code t} with call {@code inv}'s arguments, boxing primitives for reference parameters. */
    private void call(int csm, int site, Invoke inv, HandleTarget t, int handle) {
        Type[] callTypes = Type.getArgumentTypes(inv.desc);
        Type[] handleTypes = Type.getArgumentTypes(t.type());
        int[] args = new int[inv.args.length];
        for (int k = 0; k < args.length; k++) {
            boolean boxed = !AsType.isReference(callTypes[k]) && AsType.isReference(handleTypes[k]);
            args[k] = boxed ? runner.box(AsType.wrapperOf(callTypes[k])) : Calls.var(solver, csm, inv.args[k]);
        }
        runner.run(csm, site, t, handle, args, Calls.var(solver, csm, inv.lhs),
                AsType.isReference(Type.getReturnType(inv.desc)), Calls.var(solver, csm, inv.exception));
    }
}
