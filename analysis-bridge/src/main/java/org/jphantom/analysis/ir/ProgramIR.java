package org.jphantom.analysis.ir;

import java.util.Arrays;
import java.util.List;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;

/**
 * The bytecode IR of a program's methods, each built once, on first request, and then shared by
 * every solver that analyses the program: the IR of a method depends on its bytecode alone, so
 * analyses one after another (a pre-analysis, then the main one) build it once, and the synthetic
 * classes of lambda objects it makes exist once with one name. Plugins that give a method another
 * body do so per solver, not here. Building counts as loading ({@link Program#loadClock()}).
 *
 * <p>Like {@link Program}, not thread-safe.
 */
public final class ProgramIR {
    private final Program program;
    private final IRBuilder builder;
    private MethodIR[] built = new MethodIR[1 << 12];
    private boolean[] done = new boolean[1 << 12];

    public ProgramIR(Program program) {
        this.program = program;
        this.builder = new IRBuilder(program, this::putSynthetic);
    }

    public Program program() {
        return program;
    }

    /**
     * The IR of {@code m}'s bytecode, or of a synthetic method the IR builder made (a lambda
     * class's functional method); null if {@code m} has neither (abstract, native, a
     * {@code ct.sym} stub).
     */
    public MethodIR bytecodeIR(JMethod m) {
        int id = m.id();
        grow(id);
        if (!done[id]) {
            program.loadClock().enter();
            try {
                var code = program.code(m);
                // Building may add synthetic methods and so grow the tables: store into them afterwards.
                MethodIR ir = code == null ? null : builder.build(m, code);
                built[id] = ir;
                done[id] = true;
            } finally {
                program.loadClock().exit();
            }
        }
        return built[id];
    }

    private void putSynthetic(JMethod m, MethodIR ir) {
        grow(m.id());
        if (!done[m.id()]) {
            built[m.id()] = ir;
            done[m.id()] = true;
        }
    }

    private void grow(int id) {
        if (id >= done.length) {
            int n = Math.max(id + 1, done.length * 2);
            built = Arrays.copyOf(built, n);
            done = Arrays.copyOf(done, n);
        }
    }

    /** Methods whose bytecode could not be analysed (their IR is empty), one line each. */
    public List<String> warnings() {
        return builder.warnings();
    }
}
