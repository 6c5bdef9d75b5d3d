package org.jphantom.analysis.pta.entry;

import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * What the JVM runs before the program's first method, and the thread it runs it on (HotSpot's
 * {@code Threads::create_vm}, JDK 17):
 * <ul>
 *   <li>it makes the system thread group ({@code ThreadGroup()}), the main thread group
 *       ({@code ThreadGroup(system, "main")}) and the main thread ({@code Thread(mainGroup, "main")})
 *       by running those constructors on objects of its own;
 *   <li>it calls {@code System.initPhase1()} (the system properties, {@code System.in}, {@code out}
 *       and {@code err} through the natives {@code setIn0}, {@code setOut0}, {@code setErr0} that
 *       {@link org.jphantom.analysis.pta.plugin.NativeModel} summarises, the shared secrets) and
 *       {@code System.initPhase3()} (the system class loader, which becomes the main thread's context
 *       class loader); a JDK 8 image's {@code System.initializeSystemClass()} instead;
 *   <li>{@code Thread.currentThread()} (native) returns the thread running the caller: here the main
 *       thread and every thread object whose {@code start0} is reached, whichever thread that is.
 * </ul>
 * Not modelled: {@code initPhase2} (the module system's boot layer) and the launcher's
 * {@code LauncherHelper} (it loads the main class and looks its {@code main} up). Each method is an entry
 * point in the selector's {@linkplain org.jphantom.analysis.pta.context.ContextSelector#isolatedContext()
 * isolated context}: under any context sensitivity the start-up code is analysed once, context-insensitively
 * ({@link org.jphantom.analysis.pta.context.Isolating}); without these calls {@code System.out}, the system
 * properties and the context class loader hold no object, and calls on them reach no method.
 */
public final class JvmStartup implements Plugin {
    private static final String THREAD = "java/lang/Thread";
    private static final String GROUP = "java/lang/ThreadGroup";
    private static final String SYSTEM = "java/lang/System";

    private Solver solver;
    /** The threads {@code currentThread()} may return; made on first use. */
    private int running = -1;

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
    }

    /** {@code currentThread()}'s summary: a result only, filled from {@link #running}. */
    @Override
    public MethodIR body(JMethod m) {
        if (!isCurrentThread(m)) {
            return null;
        }
        MethodIR.Builder b = new MethodIR.Builder(m);
        b.retVar();
        return b.build();
    }

    @Override
    public void onStart() {
        Program program = solver.program();
        int ctx = solver.selector().isolatedContext();
        int name = solver.csObject(Contexts.EMPTY, solver.heap().stringObject("main"));
        int system = object("jvm-system-group", GROUP, "<system-thread-group>");
        int mainGroup = object("jvm-main-group", GROUP, "<main-thread-group>");
        int mainThread = object("jvm-main-thread", THREAD, "<main-thread>");
        solver.addPointsTo(running(), mainThread);
        construct(ctx, GROUP, "()V", system);
        construct(ctx, GROUP, "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V", mainGroup, system, name);
        construct(ctx, THREAD, "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V", mainThread, mainGroup, name);
        int sys = program.type(SYSTEM);
        JMethod phase1 = program.declared(sys, "initPhase1", "()V");
        if (phase1 != null) {
            solver.addEntry(phase1, ctx);
            JMethod phase3 = program.declared(sys, "initPhase3", "()V");
            if (phase3 != null) {
                solver.addEntry(phase3, ctx);
            }
        } else {
            JMethod legacy = program.declared(sys, "initializeSystemClass", "()V");
            if (legacy != null) {
                solver.addEntry(legacy, ctx);
            }
        }
    }

    @Override
    public void onNewCSMethod(int csm) {
        JMethod m = solver.methodOf(csm);
        if (isCurrentThread(m)) {
            int ret = solver.ir(m).retVar;
            if (ret >= 0) {
                solver.addEdge(running(), solver.varPointer(csm, ret), null);
            }
        } else if (m.name().equals("start0") && m.desc().equals("()V")
                && solver.program().typeName(m.declaringType()).equals(THREAD)) {
            int self = solver.ir(m).thisVar;
            if (self >= 0) {
                solver.addEdge(solver.varPointer(csm, self), running(), null);
            }
        }
    }

    private boolean isCurrentThread(JMethod m) {
        return m.name().equals("currentThread") && m.isStatic() && m.isNative()
                && m.desc().equals("()Ljava/lang/Thread;") && solver.program().typeName(m.declaringType()).equals(THREAD);
    }

    private int running() {
        if (running < 0) {
            running = solver.tempPointer();
        }
        return running;
    }

    /** The JVM's own object of {@code type}, context-insensitive. */
    private int object(String key, String type, String label) {
        return solver.csObject(Contexts.EMPTY, solver.heap().abstractObject(key, solver.program().type(type), null, label));
    }

    /** Runs constructor {@code desc} of {@code owner} on {@code self} with {@code args}, as an entry point in context {@code ctx}. */
    private void construct(int ctx, String owner, String desc, int self, int... args) {
        Program program = solver.program();
        JMethod init = program.declared(program.type(owner), "<init>", desc);
        if (init == null) {
            return;
        }
        int csm = solver.addEntry(init, ctx);
        MethodIR ir = solver.ir(init);
        if (ir.thisVar >= 0) {
            solver.addPointsTo(solver.varPointer(csm, ir.thisVar), self);
        }
        for (int i = 0; i < args.length && i < ir.paramVars.length; i++) {
            if (ir.paramVars[i] >= 0) {
                solver.addPointsTo(solver.varPointer(csm, ir.paramVars[i]), args[i]);
            }
        }
    }
}
