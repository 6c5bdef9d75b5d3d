package org.jphantom.analysis.pta.entry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Type;

/**
 * Calls that client code may answer: a virtual or interface call whose receiver may be a client
 * object of a type whose method a client class implements or can override. The library's own
 * targets are dispatched by the solver as usual; what the client's method returns is unknown, so
 * the call's result gets the client objects of the declared return type, and the arguments escape
 * to the client ({@link ClientEscapes}).
 */
public final class ClientCallbacks implements Plugin {
    private final ClientObjects clients;
    private final ClientEscapes escapes;
    private Solver solver;
    private Program program;
    /** Receiver pointer -> the calls on it that return a reference and have not yet had client results. */
    private final Map<Integer, List<Call>> byReceiver = new HashMap<>();

    /** @param escapes where the arguments of calls that client code answers go (to the client) */
    public ClientCallbacks(ClientObjects clients, ClientEscapes escapes) {
        this.clients = clients;
        this.escapes = escapes;
    }

    private static final class Call {
        final int csm;
        final Invoke invoke;
        final JMethod resolved;
        boolean answered;

        Call(int csm, Invoke invoke, JMethod resolved) {
            this.csm = csm;
            this.invoke = invoke;
            this.resolved = resolved;
        }
    }

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.program = solver.program();
        clients.setSolver(solver);
    }

    @Override
    public void onNewCSMethod(int csm) {
        MethodIR ir = solver.ir(solver.methodOf(csm));
        for (Stmt s : ir.stmts) {
            if (!(s instanceof Invoke inv) || !inv.isDynamicDispatch() || inv.recv < 0 || inv.lhs < 0
                    || Type.getReturnType(inv.desc).getSort() < Type.ARRAY) {
                continue;
            }
            JMethod resolved = program.resolveMethod(inv.owner, inv.name, inv.desc, inv.itf);
            if (resolved == null) {
                continue;
            }
            int p = solver.varPointer(csm, inv.recv);
            Call call = new Call(csm, inv, resolved);
            List<Call> calls = byReceiver.get(p);
            if (calls == null) {
                calls = new ArrayList<>(2);
                byReceiver.put(p, calls);
                solver.watch(p);
            }
            calls.add(call);
            check(call, solver.pointsTo(p).toSortedArray());
        }
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        List<Call> calls = byReceiver.get(pointer);
        if (calls != null) {
            for (Call c : calls) {
                check(c, objects);
            }
        }
    }

    private void check(Call call, int[] objects) {
        if (call.answered) {
            return;
        }
        for (int o : objects) {
            if (!clients.isClient(solver.cs().siteOf(o))) {
                continue;
            }
            int type = solver.typeOfObject(o);
            JMethod target = program.dispatch(type, call.resolved);
            if (target == null || clients.view().canOverride(type, target)) {
                call.answered = true;
                int ret = clients.typeOfDescriptor(Type.getReturnType(call.invoke.desc).getDescriptor());
                int lhs = solver.varPointer(call.csm, call.invoke.lhs);
                for (int c : clients.of(ret)) {
                    solver.addPointsTo(lhs, c);
                }
                for (int a : call.invoke.args) {
                    if (a >= 0) {
                        escapes.escape(solver.varPointer(call.csm, a));
                    }
                }
                return;
            }
        }
    }
}
