package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.plugin.StringOrigins;
import org.jphantom.analysis.pta.plugin.Warnings;

/**
 * {@code MethodHandles.Lookup.find{Virtual,Static,Special,Constructor,Getter,Setter,StaticGetter,
 * StaticSetter}(refc, name, type)}: for every class constant {@code refc}, string constant
 * {@code name} and {@code MethodType} ({@link MethodTypes}) or class constant {@code type} the
 * arguments may be, the call returns one abstract handle object per member the lookup finds
 * ({@link HandleTarget}; {@link LookupMembers}: JVMS resolution and the kind's static-ness, since
 * the JVM's lookup throws for any other combination), which {@link MethodHandleInvocations} binds
 * at invocation. Classes, names and types are joined as they arrive ({@link LookupSite}), so a
 * site that sees many of each costs their members and the handles that exist. Arguments that
 * are no constants are reported (under context sensitivity string constants are merged, so names
 * do not resolve); a type that is no constant only at a site where no constant type arrives. {@code findSpecial}'s handle calls, without
 * dispatch, the method {@code refc} resolves, or, when {@code refc} is a class above the
 * {@code specialCaller}'s direct superclass, the one that superclass resolves (the JVM's rule,
 * {@link LookupMembers#special}); a {@code specialCaller} that is no class constant is reported and
 * {@code refc}'s method called. {@code bindTo(x)} on such a handle yields a bound handle object per call site
 * that holds {@code x}'s objects as its first argument.
 */
public final class MethodHandleLookups extends CallSiteModel implements Warnings {
    private static final Map<String, HandleTarget.Kind> FINDERS = Map.of("findVirtual", HandleTarget.Kind.VIRTUAL,
            "findStatic", HandleTarget.Kind.STATIC, "findSpecial", HandleTarget.Kind.SPECIAL,
            "findConstructor", HandleTarget.Kind.CONSTRUCTOR, "findGetter", HandleTarget.Kind.GETTER,
            "findSetter", HandleTarget.Kind.SETTER, "findStaticGetter", HandleTarget.Kind.STATIC_GETTER,
            "findStaticSetter", HandleTarget.Kind.STATIC_SETTER);
    private final MethodTypes types;
    private final HandleObjects handles;
    private final TreeSet<String> unresolved = new TreeSet<>();
    private LookupMembers members;
    private final UnlessConstant untyped = new UnlessConstant();

    private final StringOrigins origins;

    MethodHandleLookups(MethodTypes types, HandleObjects handles, StringOrigins origins) {
        this.types = types;
        this.handles = handles;
        this.origins = origins;
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        HandleTarget.Kind kind = FINDERS.get(callee.name());
        if (kind == null
                || !solver.program().typeName(callee.declaringType()).equals("java/lang/invoke/MethodHandles$Lookup")
                || callee.paramCount() != paramCount(kind) || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        int result = Calls.var(solver, callerCsm, inv.lhs);
        if (result < 0) {
            return;
        }
        String where = Calls.reportable(solver, site)
                ? solver.callGraph().callerOf(site).signature(solver.program()) + "/" + inv.ordinal : null;
        boolean program = where != null;
        java.util.function.Consumer<HandleTarget> make = t -> solver.addPointsTo(result, handles.object(solver, t, program));
        LookupSite lookup = new LookupSite(members(), kind,
                kind == HandleTarget.Kind.SPECIAL ? specialCallers(callerCsm, inv.args[3], where, make) : make);
        // findConstructor(refc, type) has no name: its arguments are those of the others without it
        boolean ctor = kind == HandleTarget.Kind.CONSTRUCTOR;
        int[] argVars = ctor ? new int[] {inv.args[0], -2, inv.args[1]} : inv.args;
        int[] ptrs = new int[3];
        for (int i = 0; i < 3; i++) {
            ptrs[i] = argVars[i] == -2 ? -2 : Calls.var(solver, callerCsm, argVars[i]);
            if (ptrs[i] == -1) {
                return;
            }
        }
        if (ctor) {
            lookup.addName("<init>");
        }
        boolean fieldKind = kind.name().contains("GETTER") || kind.name().contains("SETTER");
        watch.watch(ptrs[0], objs -> {
            for (int o : objs) {
                String c = solver.heap().classConstant(solver.cs().siteOf(o));
                if (c == null) {
                    report(where, "method handles: " + callee.name() + " at " + where + " on a class that is no constant");
                } else {
                    lookup.addOwner(c);
                }
            }
        });
        if (!ctor) {
            watch.watch(ptrs[1], objs -> {
                for (int o : objs) {
                    java.util.List<String> values = solver.heap().stringValues(solver.cs().siteOf(o));
                    if (values == null) {
                        report(where, "method handles: " + callee.name() + " at " + where
                                + " with a name that is no constant");
                        continue;
                    }
                    if (origins != null && origins.isColour(o)) { // a colour's object: the strings of it that reach
                        origins.whenReaches(ptrs[1], o, lookup::selects, lookup::addName);
                        continue;
                    }
                    for (String s : values) {
                        lookup.addName(s);
                    }
                }
            });
        }
        watch.watch(ptrs[2], objs -> {
            for (int o : objs) {
                int site0 = solver.cs().siteOf(o);
                String d;
                if (fieldKind) {
                    String c = solver.heap().classConstant(site0);
                    d = c == null ? null : c.startsWith("[") ? c : "L" + c + ";";
                } else {
                    d = types.descriptorOf(site0);
                }
                if (d == null) {
                    if (where != null) {
                        untyped.note("method handles: " + callee.name() + " at " + where
                                + " with a type that is no constant (" + solver.heap().describe(site0) + ")", lookup.types());
                    }
                } else {
                    lookup.addType(d);
                }
            }
        });
    }

    /** The handles of a {@code findSpecial} site ({@link SpecialCallers}); a caller that is no constant is reported. */
    private java.util.function.Consumer<HandleTarget> specialCallers(int callerCsm, int callerVar, String where,
                                                                     java.util.function.Consumer<HandleTarget> make) {
        return SpecialCallers.joined(solver, watch, members(), Calls.var(solver, callerCsm, callerVar), make,
                () -> report(where, "method handles: findSpecial at " + where + " with a special caller that is"
                        + " no constant: the method refc resolves is called"));
    }

    /** findConstructor(refc, type), findSpecial(refc, name, type, specialCaller), the others (refc, name, type). */
    private static int paramCount(HandleTarget.Kind kind) {
        return kind == HandleTarget.Kind.CONSTRUCTOR ? 2 : kind == HandleTarget.Kind.SPECIAL ? 4 : 3;
    }

    private LookupMembers members() {
        if (members == null) {
            members = new LookupMembers(solver.program());
        }
        return members;
    }

    /** Notes {@code message} unless {@code where} is null (a site of the JDK's own). */
    private void report(String where, String message) {
        if (where != null) {
            unresolved.add(message);
        }
    }

    @Override
    public List<String> warnings() {
        TreeSet<String> out = new TreeSet<>(unresolved);
        untyped.addTo(out);
        return new ArrayList<>(out);
    }
}
