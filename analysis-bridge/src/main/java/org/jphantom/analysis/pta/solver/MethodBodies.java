package org.jphantom.analysis.pta.solver;

import java.util.Arrays;
import java.util.List;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.ProgramIR;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.Plugin;

/**
 * The IR each method has in one analysis, decided on first request: a plugin's body, else the
 * program's shared bytecode IR ({@link ProgramIR}), else a plugin's model of a method without code,
 * else an empty body. The methods of the synthetic classes of lambda objects always have the IR
 * the IR builder made for them; those of synthetic classes a plugin made (dynamic proxies) the
 * plugin's body.
 */
final class MethodBodies {
    private final ProgramIR shared;
    private final Program program;
    private final List<Plugin> plugins;
    private MethodIR[] irs = new MethodIR[1 << 12];

    MethodBodies(ProgramIR shared, List<Plugin> plugins) {
        this.shared = shared;
        this.program = shared.program();
        this.plugins = plugins;
    }

    /** The IR of {@code m} in this analysis. */
    MethodIR of(JMethod m) {
        int id = m.id();
        if (id < irs.length) {
            MethodIR ir = irs[id];
            if (ir != null) {
                return ir;
            }
        } else {
            irs = Arrays.copyOf(irs, Math.max(id + 1, irs.length * 2));
        }
        MethodIR ir = decide(m);
        irs[id] = ir;
        return ir;
    }

    private MethodIR decide(JMethod m) {
        if (program.isSynthetic(m.declaringType())) {
            MethodIR ir = shared.bytecodeIR(m);
            if (ir != null) {
                return ir;
            }
        }
        for (Plugin p : plugins) {
            MethodIR ir = p.body(m);
            if (ir != null) {
                return ir;
            }
        }
        MethodIR ir = shared.bytecodeIR(m);
        if (ir != null) {
            return ir;
        }
        for (Plugin p : plugins) {
            ir = p.bodyWithoutCode(m);
            if (ir != null) {
                return ir;
            }
        }
        return new MethodIR.Builder(m).build();
    }
}
