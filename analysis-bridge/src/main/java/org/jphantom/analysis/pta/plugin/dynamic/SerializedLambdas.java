package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.List;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The reading half of a serializable lambda's round trip. Writing needs no plugin: the IR gives
 * the lambda's class the {@code writeReplace()} of the JDK's spun class, which returns a
 * {@code SerializedLambda} of the captured values, and {@link SerializationWrites} calls it and
 * writes that object. Reading: {@link SerializationReads} returns a deserialized
 * {@code SerializedLambda} and calls its {@code readResolve()}, whose body the plain analysis runs
 * up to its reflective {@code Method.invoke} of the capturing class's
 * {@code $deserializeLambda$(SerializedLambda)}. This plugin resolves that call: from the
 * {@code Method.invoke} site of {@code SerializedLambda.readResolve()} it calls the
 * {@code $deserializeLambda$} of every class of the program that has one (which class captured
 * the lambda is in the stream, not known), with {@code this} as the argument; their results, the
 * lambda objects the {@code invokedynamic} sites in those methods make, are what
 * {@code readResolve} returns, and so what {@code readObject} returns. A deserialized lambda's
 * captured values are the deserialized objects its {@code capturedArgs} may hold.
 */
final class SerializedLambdas extends CallSiteModel {
    private static final String READ_RESOLVE = SerialHooks.SERIALIZED_LAMBDA + ".readResolve()Ljava/lang/Object;";
    private List<JMethod> deserializers;
    /** {statement index of the Method.invoke call, own call site} in readResolve, once it is reachable. */
    private int[] invokeSite;

    @Override
    public void setSolver(Solver solver) {
        super.setSolver(solver);
        this.deserializers = new SerialHooks(solver.program()).lambdaDeserializers();
    }

    @Override
    public void onNewMethod(JMethod m) {
        if (!m.name().equals("readResolve") || deserializers.isEmpty()
                || !Calls.key(solver.program(), m).equals(READ_RESOLVE)) {
            return;
        }
        for (Stmt s : solver.ir(m).stmts) {
            if (s instanceof Invoke inv && inv.owner.equals("java/lang/reflect/Method") && inv.name.equals("invoke")) {
                invokeSite = new int[] {s.index, Calls.ownSite(solver, m, inv.owner, inv.name, inv.desc, inv.ordinal)};
                return;
            }
        }
    }

    @Override
    public void onNewCSMethod(int csm) {
        JMethod m = solver.methodOf(csm);
        if (invokeSite == null || !m.name().equals("readResolve") || !Calls.key(solver.program(), m).equals(READ_RESOLVE)
                || !done.add(csm, invokeSite[1])) {
            return;
        }
        Invoke inv = (Invoke) solver.ir(m).stmts[invokeSite[0]];
        int self = solver.varPointer(csm, solver.ir(m).thisVar);
        int result = Calls.var(solver, csm, inv.lhs);
        int exception = Calls.var(solver, csm, inv.exception);
        for (JMethod d : deserializers) {
            Calls.callStatic(solver, csm, invokeSite[1], d, new int[] {self}, result, exception);
        }
    }
}
