package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
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
public final class MethodHandleInvocations extends CallSiteModel {
    static final String MH = "java/lang/invoke/MethodHandle";
    private final HandleObjects handles;
    private HandleRunner runner;
    private AsType asType;
    /** Per method id: its polymorphic call sites, as {statement index, own call site}. */
    private final Map<Integer, List<int[]>> sites = new HashMap<>();
    private final Set<String> bound = new HashSet<>();

    MethodHandleInvocations(HandleObjects handles) {
        this.handles = handles;
    }

    @Override
    public void setSolver(Solver solver) {
        super.setSolver(solver);
        this.runner = new HandleRunner(solver, watch);
        this.asType = new AsType(solver.program());
    }

    @Override
    public void onNewMethod(JMethod m) {
        List<int[]> found = null;
        for (Stmt s : solver.ir(m).stmts) {
            if (s instanceof Invoke inv && inv.owner.equals(MH) && inv.recv >= 0
                    && (inv.name.equals("invokeExact") || inv.name.equals("invoke"))) {
                if (found == null) {
                    found = new ArrayList<>();
                }
                found.add(new int[] {s.index, Calls.ownSite(solver, m, MH, inv.name, inv.desc, inv.ordinal)});
            }
        }
        if (found != null) {
            sites.put(m.id(), found);
        }
    }

    @Override
    public void onNewCSMethod(int csm) {
        JMethod m = solver.methodOf(csm);
        List<int[]> here = sites.get(m.id());
        if (here == null) {
            return;
        }
        for (int[] s : here) {
            Invoke inv = (Invoke) solver.ir(m).stmts[s[0]];
            int site = s[1];
            if (!Calls.reportable(solver, site)) {
                continue; // the JDK's own handle calls: see the class comment
            }
            boolean exact = inv.name.equals("invokeExact");
            watch.watch(solver.varPointer(csm, inv.recv), objs -> {
                for (int o : objs) {
                    HandleTarget t = handles.programTargetOf(solver, o);
                    if (t != null && asType.runs(t.type(), inv.desc, exact)
                            && bound.add(csm + ":" + site + ":" + t.key())) {
                        call(csm, site, inv, t, o);
                    }
                }
            });
        }
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
