package org.jphantom.analysis.pta.plugin;

import org.jphantom.analysis.ir.Copy;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * Methods whose bytecode the analysis does not trust or does not have.
 *
 * <p>A method of a class that jphantom generated (class attribute {@code org.jphantom.Generated})
 * is not analysed: its stub body only returns a default value ({@code null} for references), so
 * analysing it would make every value that comes back from the missing library empty and cut the
 * flow after the call (no call on the result would ever be dispatched). Instead the call returns
 * one abstract object of the method's declared return type per generated method. Arguments passed
 * in are dropped: the missing code's effects on them (and its calls back into the program) are
 * unknown.
 *
 * <p>A method with no bytecode that no other plugin summarises (an unmodelled native method, or an
 * API stub of {@code ct.sym} under {@code --release N}) gets the same model.
 */
public final class PhantomModel implements Plugin {
    private Program program;

    @Override
    public void setSolver(Solver solver) {
        this.program = solver.program();
    }

    @Override
    public MethodIR body(JMethod m) {
        return program.isGenerated(m.declaringType()) ? abstractReturn(m) : null;
    }

    @Override
    public MethodIR bodyWithoutCode(JMethod m) {
        return abstractReturn(m);
    }

    private MethodIR abstractReturn(JMethod m) {
        MethodIR.Builder b = new MethodIR.Builder(m);
        if (m.returnsRef()) {
            int t = b.newVar();
            b.add(new New(t, program.type(m.returnType()), New.Kind.ABSTRACT, null, 0));
            b.add(new Copy(b.retVar(), t, null, Copy.Role.RETURN, 0));
        }
        return b.build();
    }
}
