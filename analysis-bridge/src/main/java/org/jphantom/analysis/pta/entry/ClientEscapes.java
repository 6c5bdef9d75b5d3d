package org.jphantom.analysis.pta.entry;

import java.util.BitSet;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Type;

/**
 * Objects that reach the client: what entry points return and what the library passes to calls
 * client code answers. A client calls the methods of such an object through its types. For the
 * library's own classes the entry points cover that (their methods are entered with client
 * objects of every library class); a lambda object's class is synthetic, so its methods (the
 * functional method and its bridges) are entered here, with the escaping object as {@code this}
 * and client objects as arguments, and what they return escapes in turn.
 */
public final class ClientEscapes implements Plugin {
    private final ClientObjects clients;
    private Solver solver;
    private Program program;
    private final BitSet escaping = new BitSet();
    private final BitSet entered = new BitSet();

    public ClientEscapes(ClientObjects clients) {
        this.clients = clients;
    }

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.program = solver.program();
        clients.setSolver(solver);
    }

    /** The objects of {@code pointer}, now and later, reach the client. */
    void escape(int pointer) {
        if (!escaping.get(pointer)) {
            escaping.set(pointer);
            solver.watch(pointer);
            enter(solver.pointsTo(pointer).toSortedArray());
        }
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        if (escaping.get(pointer)) {
            enter(objects);
        }
    }

    private void enter(int[] objects) {
        for (int o : objects) {
            int type = solver.typeOfObject(o);
            if (entered.get(o) || !program.isSynthetic(type) || clients.isClient(solver.cs().siteOf(o))) {
                continue;
            }
            entered.set(o);
            for (JMethod m : program.syntheticMethods(type)) {
                int csm = solver.csMethod(Contexts.EMPTY, m);
                solver.addReachable(csm);
                MethodIR ir = solver.ir(m);
                if (ir.thisVar >= 0) {
                    solver.addPointsTo(solver.varPointer(csm, ir.thisVar), o);
                }
                Type[] params = Type.getArgumentTypes(m.desc());
                for (int k = 0; k < ir.paramVars.length && k < params.length; k++) {
                    if (ir.paramVars[k] >= 0) {
                        for (int c : clients.of(clients.typeOfDescriptor(params[k].getDescriptor()))) {
                            solver.addPointsTo(solver.varPointer(csm, ir.paramVars[k]), c);
                        }
                    }
                }
                if (ir.retVar >= 0) {
                    escape(solver.varPointer(csm, ir.retVar));
                }
            }
        }
    }
}
