package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.Warnings;

/**
 * The enum constants behind {@code Class.getEnumConstants()} and {@code Enum.valueOf(Class, String)}:
 * both go through the JDK's private {@code Class.getEnumConstantsShared()}, which calls the enum's
 * static {@code values()} reflectively. At each call of it the model calls {@code E.values()} for
 * every class object of an enum {@code E} the receiver may be, its result flowing to the call's
 * result (the JDK's own code then clones the array or builds the name map). A receiver that is no
 * class constant (a {@code Class} the analysis does not know) is reported, once per call site.
 */
public final class EnumConstants extends CallSiteModel implements Warnings {
    private static final String SHARED = "java/lang/Class.getEnumConstantsShared()[Ljava/lang/Object;";
    private final TreeSet<String> unresolved = new TreeSet<>();

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().equals("getEnumConstantsShared") || !Calls.key(solver.program(), callee).equals(SHARED)
                || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        if (inv.recv < 0) {
            return;
        }
        int result = Calls.var(solver, callerCsm, inv.lhs);
        watch.watch(solver.varPointer(callerCsm, inv.recv), objs -> values(callerCsm, site, objs, result));
    }

    private void values(int callerCsm, int site, int[] classObjects, int result) {
        Program program = solver.program();
        int enumType = program.type("java/lang/Enum");
        for (int o : classObjects) {
            String name = solver.heap().classConstant(solver.cs().siteOf(o));
            if (name == null) {
                if (!Calls.reportable(solver, site)) {
                    continue;
                }
                unresolved.add("enum constants: Class." + "getEnumConstantsShared() in "
                        + solver.callGraph().callerOf(site).signature(program)
                        + " on a class object that is no constant: no enum's values() called for it");
                continue;
            }
            if (name.startsWith("[")) {
                continue;
            }
            int type = program.type(name);
            if (!program.isSubtype(type, enumType) || type == enumType) {
                continue;
            }
            JMethod values = program.declared(type, "values", "()[L" + name + ";");
            if (values != null && values.isStatic()) {
                Calls.callStatic(solver, callerCsm, site, values, new int[0], result, -1);
            }
        }
    }

    @Override
    public List<String> warnings() {
        return new ArrayList<>(unresolved);
    }
}
