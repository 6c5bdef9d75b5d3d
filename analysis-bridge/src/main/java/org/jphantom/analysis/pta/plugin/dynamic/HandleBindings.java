package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.plugin.StringOrigins;
import org.jphantom.analysis.pta.plugin.Warnings;

/**
 * Handles with their receiver bound, one bound handle object per handle and call site whose
 * {@link HandleTarget#BOUND} field holds the receiver's objects; invoking it shifts the call's
 * arguments by one ({@link MethodHandleInvocations}). {@code MethodHandle.bindTo(x)}: per handle
 * object of the receiver. {@code Lookup.bind(x, name, type)} ({@code findVirtual} in
 * {@code x.getClass()}, then {@code bindTo(x)}): per instance method that class has (or inherits)
 * under a string constant {@code name} and {@code MethodType} object {@code type}, joined as they
 * arrive like the {@code find*} lookups' ({@link LookupSite}), the field holding the objects of
 * that class only. A name or type that is no constant is reported. Only the program's own calls are
 * modelled: the JDK's method handle machinery binds handles too, and since the plain analysis runs
 * it without contexts, modelling its sites would let every handle the program makes reach every
 * other handle call of the program.
 */
final class HandleBindings extends CallSiteModel implements Warnings {
    private static final String BIND_TO =
            "java/lang/invoke/MethodHandle.bindTo(Ljava/lang/Object;)Ljava/lang/invoke/MethodHandle;";
    private static final String BIND = "java/lang/invoke/MethodHandles$Lookup.bind(Ljava/lang/Object;Ljava/lang/String;"
            + "Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/MethodHandle;";
    private final HandleObjects handles;
    private final MethodTypes types;
    private final TreeSet<String> unresolved = new TreeSet<>();
    private final UnlessConstant untyped = new UnlessConstant();
    private LookupMembers members;

    private final StringOrigins origins;

    HandleBindings(HandleObjects handles, MethodTypes types, StringOrigins origins) {
        this.handles = handles;
        this.types = types;
        this.origins = origins;
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        String key = Calls.key(solver.program(), callee);
        boolean bindTo = key.equals(BIND_TO);
        if (!bindTo && !key.equals(BIND) || !Calls.reportable(solver, site) || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        int result = Calls.var(solver, callerCsm, inv.lhs);
        String where = solver.callGraph().callerOf(site).signature(solver.program()) + "/" + inv.ordinal;
        if (result < 0) {
            return;
        }
        if (bindTo) {
            int handle = Calls.var(solver, callerCsm, inv.recv);
            int value = Calls.var(solver, callerCsm, inv.args[0]);
            if (handle >= 0 && value >= 0) {
                watch.watch(handle, objs -> {
                    for (int o : objs) {
                        HandleTarget t = handles.targetOf(solver, o);
                        bound(t == null ? null : t.bind(where), value, null, result);
                    }
                });
            }
            return;
        }
        int value = Calls.var(solver, callerCsm, inv.args[0]);
        int name = Calls.var(solver, callerCsm, inv.args[1]);
        int type = Calls.var(solver, callerCsm, inv.args[2]);
        if (value < 0 || name < 0 || type < 0) {
            return;
        }
        LookupSite lookup = new LookupSite(members(), HandleTarget.Kind.VIRTUAL, t -> bound(t.bind(where), value,
                TypeFilter.of(solver.program().type(t.owner()), new int[0]), result));
        watch.watch(value, objs -> {
            for (int o : objs) {
                int c = solver.typeOfObject(o);
                if (!solver.program().isArray(c)) {
                    lookup.addOwner(solver.program().typeName(c));
                }
            }
        });
        watch.watch(name, objs -> {
            for (int o : objs) {
                java.util.List<String> values = solver.heap().stringValues(solver.cs().siteOf(o));
                if (values == null) {
                    report("method handles: Lookup.bind at " + where + " with a name that is no constant");
                    continue;
                }
                if (origins != null && origins.isColour(o)) { // a colour's object: the strings of it that reach
                    origins.whenReaches(name, o, lookup::selects, lookup::addName);
                    continue;
                }
                for (String s : values) {
                    lookup.addName(s);
                }
            }
        });
        watch.watch(type, objs -> {
            for (int o : objs) {
                String d = types.descriptorOf(solver.cs().siteOf(o));
                if (d == null) {
                    untyped.note("method handles: Lookup.bind at " + where + " with a type that is no constant ("
                            + solver.heap().describe(solver.cs().siteOf(o)) + ")", lookup.types());
                } else {
                    lookup.addType(d);
                }
            }
        });
    }

    /** Makes bound handle {@code b} (if not null) a result of the call, its bound field fed by {@code value}. */
    private void bound(HandleTarget b, int value, TypeFilter filter, int result) {
        if (b == null) {
            return;
        }
        int obj = handles.object(solver, b, true);
        solver.addPointsTo(result, obj);
        solver.addEdge(value, solver.fieldPointer(obj, HandleObjects.boundField(solver)), filter);
    }

    private LookupMembers members() {
        if (members == null) {
            members = new LookupMembers(solver.program());
        }
        return members;
    }

    private void report(String message) {
        unresolved.add(message);
    }

    @Override
    public List<String> warnings() {
        TreeSet<String> out = new TreeSet<>(unresolved);
        untyped.addTo(out);
        return new ArrayList<>(out);
    }
}
