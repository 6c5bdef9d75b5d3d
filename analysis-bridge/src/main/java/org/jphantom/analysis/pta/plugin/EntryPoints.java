package org.jphantom.analysis.pta.plugin;

import java.util.List;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.heap.HeapModel;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The entry points of a program run: each {@code main(String[])} becomes reachable in the empty
 * context when solving starts (its class initialised first, as the JVM's launcher does), with an
 * abstract {@code String[]} argument whose elements are one abstract {@code String}. Give this
 * plugin first, so the entry points exist before other plugins start.
 */
public final class EntryPoints implements Plugin {
    private final List<JMethod> mains;
    private Solver solver;

    /** @param mains static {@code main(String[])} methods */
    public EntryPoints(List<JMethod> mains) {
        this.mains = List.copyOf(mains);
    }

    public List<JMethod> mains() {
        return mains;
    }

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
    }

    @Override
    public void onStart() {
        Program program = solver.program();
        HeapModel heap = solver.heap();
        for (JMethod main : mains) {
            int csm = solver.addEntry(main);
            int argsVar = solver.ir(main).paramVars[0];
            if (argsVar >= 0) {
                int args = heap.abstractObject("main-args", program.type("[Ljava/lang/String;"), null, "<main-args>");
                int arg = heap.abstractObject("main-arg", program.type("java/lang/String"), null, "<main-arg>");
                int argsObj = solver.csObject(Contexts.EMPTY, args);
                solver.addPointsTo(solver.varPointer(csm, argsVar), argsObj);
                solver.addPointsTo(solver.fieldPointer(argsObj, program.arrayElement().id()),
                        solver.csObject(Contexts.EMPTY, arg));
            }
        }
    }
}
