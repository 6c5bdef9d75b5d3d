package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.List;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.solver.CallBinding;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Opcodes;

/**
 * The calls the dynamic models add on the JVM's behalf, with explicit pointers: instance calls
 * dispatched on each receiver object's type (the object itself becomes the callee's {@code this},
 * as for an ordinary call), static calls, and call sites of a plugin's own.
 */
final class Calls {
    private Calls() {
    }

    /** {@code owner.name desc} of a method, the key the models match on. */
    static String key(Program program, JMethod m) {
        return program.typeName(m.declaringType()) + "." + m.name() + m.desc();
    }

    /**
     * Calls {@code resolved} on each of {@code receivers} from call site {@code site} of
     * {@code callerCsm}: selected per receiver type if {@code virtual}, else {@code resolved}
     * itself (only for receivers of its class). Arguments, result and exception are pointers.
     */
    static void dispatch(Solver solver, int callerCsm, int site, JMethod resolved, boolean virtual, int[] receivers,
                         int[] args, int result, int exception) {
        dispatch(solver, callerCsm, site, resolved, virtual, receivers, -1, args, result, exception);
    }

    /** As above, the receivers being objects of pointer {@code from} (-1: of none). */
    static void dispatch(Solver solver, int callerCsm, int site, JMethod resolved, boolean virtual, int[] receivers,
                         int from, int[] args, int result, int exception) {
        Program program = solver.program();
        int ctx = solver.cs().contextOfMethod(callerCsm);
        CallBinding binding = new CallBinding(-1, args, result, exception);
        int lastType = -1;
        JMethod target = null;
        for (int o : receivers) {
            int type = solver.typeOfObject(o);
            if (type != lastType) {
                lastType = type;
                if (virtual) {
                    target = program.dispatch(type, resolved);
                } else {
                    target = program.isSubtype(type, resolved.declaringType()) ? resolved : null;
                }
            }
            if (target == null || target.isStatic() || target.isAbstract()) {
                continue;
            }
            int callee = solver.csMethod(solver.selector().instanceCall(ctx, site, o, target), target);
            solver.addCallEdge(callerCsm, site, callee, binding);
            MethodIR ir = solver.ir(target);
            if (ir.thisVar >= 0) {
                solver.addPointsTo(solver.varPointer(callee, ir.thisVar), o, from);
            }
        }
    }

    /** Calls static method {@code target} from call site {@code site} of {@code callerCsm}, after initialising its class. */
    static void callStatic(Solver solver, int callerCsm, int site, JMethod target, int[] args, int result, int exception) {
        solver.initClass(target.declaringType());
        int ctx = solver.cs().contextOfMethod(callerCsm);
        int callee = solver.csMethod(solver.selector().staticCall(ctx, site, target), target);
        solver.addCallEdge(callerCsm, site, callee, new CallBinding(-1, args, result, exception));
    }

    /**
     * A call site of a plugin's own in {@code caller}, numbered {@code ordinal} in the call graph's
     * output: an instance call without a receiver, so it never dispatches by itself; the plugin
     * binds its edges.
     */
    static int ownSite(Solver solver, JMethod caller, String owner, String name, String desc, int ordinal) {
        Invoke inv = new Invoke(Opcodes.INVOKEVIRTUAL, owner, name, desc, false, -1, new int[0], -1, -1, ordinal, 0);
        return solver.addStatements(caller, List.<Stmt>of(inv))[0];
    }

    /**
     * Whether what is unresolved at call site {@code site} is worth a warning: sites in the program
     * and its class path are; the JDK's own (its method-handle and service machinery) are not.
     */
    static boolean reportable(Solver solver, int site) {
        Program program = solver.program();
        return !program.world().isPlatformName(program.typeName(solver.callGraph().callerOf(site).declaringType()));
    }

    /** The pointer of variable {@code var} in {@code csm}, -1 if the variable is -1. */
    static int var(Solver solver, int csm, int var) {
        return var < 0 ? -1 : solver.varPointer(csm, var);
    }
}
