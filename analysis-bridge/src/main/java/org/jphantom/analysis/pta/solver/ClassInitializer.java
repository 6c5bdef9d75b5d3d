package org.jphantom.analysis.pta.solver;

import java.util.BitSet;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;

/**
 * Class initialisation as the JVM does it (JVMS 5.5): a class is initialised on {@code new}, a
 * static field access or a static call naming it, when a subclass is initialised, and when it is
 * an entry point's class; its super class and the superinterfaces that declare default methods
 * are initialised first, then its {@code <clinit>} becomes reachable in the empty context; or,
 * when the code that initialises it runs in the selector's {@linkplain
 * org.jphantom.analysis.pta.context.ContextSelector#isolatedContext() isolated context} (the JVM's
 * start-up), in that context: a class the start-up initialises first is initialised by it, as
 * the JVM does before {@code main}, and analysed with it, once, context-insensitively.
 */
final class ClassInitializer {
    private final Program program;
    private final CSManager cs;
    private final Solver solver;
    private final BitSet initialized = new BitSet();

    ClassInitializer(Program program, CSManager cs, Solver solver) {
        this.program = program;
        this.cs = cs;
        this.solver = solver;
    }

    /** Initialises {@code type} (a type index; -1 is ignored) unless it was already. */
    void initialize(int type) {
        initialize(type, Contexts.EMPTY);
    }

    /**
     * Initialises {@code type} unless it was already, for code that runs in context
     * {@code triggerCtx}.
     */
    void initialize(int type, int triggerCtx) {
        if (type < 0 || initialized.get(type)) {
            return;
        }
        initialized.set(type);
        if (program.isArray(type)) {
            return;
        }
        if (!program.isInterface(type)) {
            initialize(program.superClass(type), triggerCtx);
            for (int itf : program.interfacesInitialisedWith(type)) {
                initialize(itf, triggerCtx);
            }
        }
        JMethod clinit = program.clinit(type);
        if (clinit != null) {
            int isolated = solver.selector().isolatedContext();
            solver.addReachable(cs.csMethod(triggerCtx == isolated ? isolated : Contexts.EMPTY, clinit),
                    solver.callGraph().origins.code(Solver.CLASS_INITIALISATION));
        }
    }
}
