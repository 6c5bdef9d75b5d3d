package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Opcodes;

/**
 * The JVM's finalizer thread: an object of a class that overrides {@code Object.finalize()} is
 * finalized once unreachable. Each {@code new T} of such a class in a reachable method gets a call
 * {@code obj.finalize()} on the allocated object, numbered like the constructor call that follows
 * the allocation (so the call graph shows {@code <caller>/k -> <T: void finalize()>} where
 * {@code k} constructs the object). An empty {@code finalize} (like {@code Enum}'s) is not called:
 * HotSpot does not register the objects of such classes for finalization.
 */
public final class Finalizers implements Plugin {
    private Solver solver;
    private JMethod objectFinalize;
    private int objectType;

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        Program program = solver.program();
        this.objectType = program.type(Program.OBJECT);
        this.objectFinalize = program.declared(objectType, "finalize", "()V");
    }

    @Override
    public void onNewMethod(JMethod m) {
        if (objectFinalize == null) {
            return;
        }
        Program program = solver.program();
        MethodIR ir = solver.ir(m);
        List<Stmt> calls = new ArrayList<>();
        for (Stmt s : ir.stmts) {
            if (!(s instanceof New n) || n.what != New.Kind.NEW || n.lhs < 0 || program.isArray(n.type)) {
                continue;
            }
            JMethod target = program.dispatch(n.type, objectFinalize);
            if (target == null || target.declaringType() == objectType || isEmpty(target)) {
                continue;
            }
            calls.add(new Invoke(Opcodes.INVOKEVIRTUAL, program.typeName(n.type), "finalize", "()V", false, n.lhs,
                    new int[0], -1, -1, constructorOrdinal(ir, n), n.line));
        }
        if (!calls.isEmpty()) {
            solver.addStatements(m, calls);
        }
    }

    /** An empty {@code finalize} ({@code Enum}'s, say): HotSpot does not register such objects either. */
    private boolean isEmpty(JMethod m) {
        return !m.isNative() && !m.isAbstract() && solver.ir(m).stmts.length == 0;
    }

    /** The ordinal of the first {@code <init>} call on the allocated variable, else of the next call. */
    private static int constructorOrdinal(MethodIR ir, New n) {
        int next = -1;
        for (int i = n.index + 1; i < ir.stmts.length; i++) {
            if (ir.stmts[i] instanceof Invoke inv) {
                if (next < 0) {
                    next = inv.ordinal;
                }
                if (inv.name.equals("<init>") && inv.recv == n.lhs) {
                    return inv.ordinal;
                }
            }
        }
        return Math.max(next, 0);
    }
}
