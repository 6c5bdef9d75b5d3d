package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * Classes defined from bytes ({@code ClassLoader.defineClass}, {@code SecureClassLoader.defineClass},
 * {@code Lookup.defineClass}/{@code defineHiddenClass}): what such a class does cannot be followed
 * in general, so each call site in the program or its class path is reported, nothing modelled.
 */
public final class DefineClassSites implements Plugin, Warnings {
    private Solver solver;
    private final TreeSet<String> sites = new TreeSet<>();

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().startsWith("define") || !callee.name().contains("Class")) {
            return;
        }
        String owner = solver.program().typeName(callee.declaringType());
        if (!owner.equals("java/lang/ClassLoader") && !owner.equals("java/security/SecureClassLoader")
                && !owner.equals("java/lang/invoke/MethodHandles$Lookup") || !Calls.reportable(solver, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        sites.add("class loading: " + solver.callGraph().callerOf(site).signature(solver.program()) + "/"
                + inv.ordinal + " defines classes from bytes (" + callee.name() + "): their code is not analysed");
    }

    @Override
    public List<String> warnings() {
        return new ArrayList<>(sites);
    }
}
