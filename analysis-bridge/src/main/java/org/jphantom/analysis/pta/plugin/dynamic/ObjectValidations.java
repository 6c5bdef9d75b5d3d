package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;

/**
 * {@code ObjectInputStream.registerValidation(v, priority)}: the stream calls
 * {@code v.validateObject()} once the graph is read. The model calls it on every object {@code v}
 * may be, from the {@code registerValidation} call site.
 */
public final class ObjectValidations extends CallSiteModel {
    private static final String REGISTER = "java/io/ObjectInputStream.registerValidation(Ljava/io/ObjectInputValidation;I)V";
    private JMethod validate;

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().equals("registerValidation") || !Calls.key(solver.program(), callee).equals(REGISTER)
                || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        int v = Calls.var(solver, callerCsm, inv.args[0]);
        if (validate == null) {
            validate = solver.program().resolveMethod("java/io/ObjectInputValidation", "validateObject", "()V", true);
        }
        if (v >= 0 && validate != null) {
            watch.watch(v, objs -> Calls.dispatch(solver, callerCsm, site, validate, true, objs, new int[0], -1, -1));
        }
    }
}
