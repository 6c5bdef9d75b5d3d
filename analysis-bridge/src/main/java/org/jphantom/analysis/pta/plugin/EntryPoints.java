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
 * abstract {@code String[]} argument. For any command line its elements are one abstract
 * {@code String}, whose value nothing knows; for a given command line they are exactly its strings,
 * as the objects of string constants, so a reflective call that reads a class or member name from
 * the command line resolves it as it would a constant's. Give this plugin first, so the entry points
 * exist before other plugins start.
 */
public final class EntryPoints implements Plugin {
    /** The {@link HeapModel#abstractKey key} of the unknown string in {@code main}'s array (any command line). */
    public static final String ARG_KEY = "main-arg";
    private final List<JMethod> mains;
    private final List<String> args;
    private Solver solver;

    /**
     * @param mains static {@code main(String[])} methods
     * @param args  the command line's arguments, in order; null for any command line
     */
    public EntryPoints(List<JMethod> mains, List<String> args) {
        this.mains = List.copyOf(mains);
        this.args = args == null ? null : List.copyOf(args);
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
                int array = heap.abstractObject("main-args", program.type("[Ljava/lang/String;"), null, "<main-args>");
                int argsObj = solver.csObject(Contexts.EMPTY, array);
                solver.addPointsTo(solver.varPointer(csm, argsVar), argsObj);
                int elements = solver.fieldPointer(argsObj, program.arrayElement().id());
                if (args == null) {
                    int arg = heap.abstractObject(ARG_KEY, program.type("java/lang/String"), null, "<main-arg>");
                    solver.addPointsTo(elements, solver.csObject(Contexts.EMPTY, arg));
                } else {
                    for (String a : args) {
                        solver.addPointsTo(elements, solver.csObject(Contexts.EMPTY, heap.stringObject(a)));
                    }
                }
            }
        }
    }
}
