package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.ir.HandleConstant;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Opcodes;

/**
 * {@code ldc} of method handle and method type constants: the object of such a statement (the
 * heap's, one per allocation site) becomes a handle of {@link HandleObjects} with the constant's
 * target, or a {@code MethodType} of {@link MethodTypes} with its descriptor, as the method
 * becomes reachable, before its statements run; the handle then runs at {@code invokeExact} and
 * friends like one a lookup made, and the type serves lookups. javac never emits these constants;
 * other compilers and bytecode generators do.
 */
final class HandleConstants implements Plugin {
    private final HandleObjects handles;
    private final MethodTypes types;
    private Solver solver;

    HandleConstants(HandleObjects handles, MethodTypes types) {
        this.handles = handles;
        this.types = types;
    }

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
    }

    @Override
    public void onNewMethod(JMethod m) {
        boolean program = !solver.program().world().isPlatformName(solver.program().typeName(m.declaringType()));
        for (Stmt s : solver.ir(m).stmts) {
            if (!(s instanceof New n) || n.lhs < 0) {
                continue;
            }
            if (n.what == New.Kind.METHOD_TYPE && n.constant != null) {
                types.register(solver.heap().objectOf(m, n), n.constant);
            } else if (n.what == New.Kind.METHOD_HANDLE && n.handle != null) {
                HandleTarget t = target(n.handle);
                if (t != null) {
                    handles.adopt(solver.heap().objectOf(m, n), t, program);
                }
            }
        }
    }

    /** What a handle constant stands for (JVMS 5.4.3.5), or null for a reference kind not listed there. */
    static HandleTarget target(HandleConstant h) {
        HandleTarget.Kind kind = switch (h.tag()) {
            case Opcodes.H_GETFIELD -> HandleTarget.Kind.GETTER;
            case Opcodes.H_GETSTATIC -> HandleTarget.Kind.STATIC_GETTER;
            case Opcodes.H_PUTFIELD -> HandleTarget.Kind.SETTER;
            case Opcodes.H_PUTSTATIC -> HandleTarget.Kind.STATIC_SETTER;
            case Opcodes.H_INVOKEVIRTUAL, Opcodes.H_INVOKEINTERFACE -> HandleTarget.Kind.VIRTUAL;
            case Opcodes.H_INVOKESTATIC -> HandleTarget.Kind.STATIC;
            case Opcodes.H_INVOKESPECIAL -> HandleTarget.Kind.SPECIAL;
            case Opcodes.H_NEWINVOKESPECIAL -> HandleTarget.Kind.CONSTRUCTOR;
            default -> null;
        };
        return kind == null ? null : new HandleTarget(kind, h.owner(), h.name(), h.desc());
    }
}
