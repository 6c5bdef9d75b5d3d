package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.MemberKey;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.world.MemberInfo;

/**
 * {@code MethodHandles.Lookup.unreflect(Method)}, {@code unreflectSpecial(Method, Class)},
 * {@code unreflectConstructor(Constructor)}, {@code unreflectGetter(Field)} and
 * {@code unreflectSetter(Field)}: for every {@code Method}, {@code Constructor} or {@code Field}
 * object of a known member the argument may be (the reflection model's meta-objects, read through
 * {@link MemberKey}), the call returns the handle object of that member (static or virtual,
 * special, constructor, static or instance field access), the same object a {@code find*} of the
 * member yields; {@code unreflectSpecial}'s handle, as {@code findSpecial}'s, has its
 * {@code specialCaller} as receiver type and runs the method the caller's direct superclass
 * resolves when the method's class is above it ({@link SpecialCallers}). A reflective object that stands for a member only partly known (the reflection
 * model's unknown names or classes) is reported, as is anything else.
 */
final class Unreflections extends CallSiteModel implements Warnings {
    private static final Map<String, MemberKey.Kind> APIS = Map.of(
            "unreflect(Ljava/lang/reflect/Method;)", MemberKey.Kind.METHOD,
            "unreflectSpecial(Ljava/lang/reflect/Method;Ljava/lang/Class;)", MemberKey.Kind.METHOD,
            "unreflectConstructor(Ljava/lang/reflect/Constructor;)", MemberKey.Kind.CONSTRUCTOR,
            "unreflectGetter(Ljava/lang/reflect/Field;)", MemberKey.Kind.FIELD,
            "unreflectSetter(Ljava/lang/reflect/Field;)", MemberKey.Kind.FIELD);
    private final HandleObjects handles;
    private final TreeSet<String> unresolved = new TreeSet<>();
    private LookupMembers members;

    Unreflections(HandleObjects handles) {
        this.handles = handles;
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        String sig = callee.name() + callee.desc().substring(0, callee.desc().indexOf(')') + 1);
        MemberKey.Kind expected = APIS.get(sig);
        if (expected == null
                || !solver.program().typeName(callee.declaringType()).equals("java/lang/invoke/MethodHandles$Lookup")
                || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        int member = Calls.var(solver, callerCsm, inv.args[0]);
        int result = Calls.var(solver, callerCsm, inv.lhs);
        if (member < 0 || result < 0) {
            return;
        }
        boolean report = Calls.reportable(solver, site);
        String where = solver.callGraph().callerOf(site).signature(solver.program()) + "/" + inv.ordinal;
        java.util.function.Consumer<HandleTarget> make = t -> solver.addPointsTo(result, handles.object(solver, t, report));
        if (callee.name().equals("unreflectSpecial")) { // the JDK's getDirectMethodCommon, as for findSpecial
            if (members == null) {
                members = new LookupMembers(solver.program());
            }
            make = SpecialCallers.joined(solver, watch, members, Calls.var(solver, callerCsm, inv.args[1]), make,
                    () -> {
                        if (report) {
                            unresolved.add("method handles: unreflectSpecial at " + where + " with a special caller"
                                    + " that is no constant: the method's own declaring class resolves it");
                        }
                    });
        }
        java.util.function.Consumer<HandleTarget> handle = make;
        watch.watch(member, objs -> {
            for (int o : objs) {
                MemberKey k = ReflectObjects.memberOf(solver, o);
                HandleTarget t = k == null || k.kind() != expected ? null : target(callee.name(), k);
                if (t != null) {
                    handle.accept(t);
                } else if (report) {
                    unresolved.add("method handles: " + callee.name() + " at " + where + " of "
                            + solver.heap().describe(solver.cs().siteOf(o)) + ": no known member");
                }
            }
        });
    }

    /** The handle {@code api} makes of member {@code k}, or null if the member is not in the closed world. */
    private HandleTarget target(String api, MemberKey k) {
        Program program = solver.program();
        if (k.kind() == MemberKey.Kind.FIELD) {
            MemberInfo f = program.world().resolveField(k.owner(), k.name(), k.desc());
            if (f == null) {
                return null;
            }
            boolean isStatic = (f.access() & org.objectweb.asm.Opcodes.ACC_STATIC) != 0;
            boolean getter = api.equals("unreflectGetter");
            HandleTarget.Kind kind = isStatic ? getter ? HandleTarget.Kind.STATIC_GETTER : HandleTarget.Kind.STATIC_SETTER
                    : getter ? HandleTarget.Kind.GETTER : HandleTarget.Kind.SETTER;
            return new HandleTarget(kind, k.owner(), k.name(), k.desc());
        }
        if (k.kind() == MemberKey.Kind.CONSTRUCTOR) {
            return new HandleTarget(HandleTarget.Kind.CONSTRUCTOR, k.owner(), k.name(), k.desc());
        }
        JMethod m = program.world().lookup(k.owner()) == null ? null
                : program.declared(program.type(k.owner()), k.name(), k.desc());
        if (m == null) {
            return null;
        }
        HandleTarget.Kind kind = m.isStatic() ? HandleTarget.Kind.STATIC
                : api.equals("unreflectSpecial") ? HandleTarget.Kind.SPECIAL : HandleTarget.Kind.VIRTUAL;
        return new HandleTarget(kind, k.owner(), k.name(), k.desc());
    }

    @Override
    public List<String> warnings() {
        return new ArrayList<>(unresolved);
    }
}
