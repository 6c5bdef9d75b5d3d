package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.plugin.reflect.hints.Hint;
import org.jphantom.analysis.pta.plugin.reflect.hints.ReflectionHints;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * The targets of {@code --reflection-hints} (SOLAR's lightweight annotations), added at the sites
 * they match: by caller class and method name, and by line and API where the hint gives them (a
 * hint without them matches every call in the method whose API its kind fits). Like a TamiFlex log's
 * targets they are facts, not inference: a hinted site is covered (it makes no unknown meta-object
 * or lazy object, an {@code invoke} or {@code get}/{@code set} there infers no target from partial
 * meta-objects) and its budget does not apply; constants and known meta-objects still resolve there.
 * Per API: {@code forName}/{@code loadClass}/{@code getSuperclass} + classes: their class objects
 * ({@code forName} initialises); {@code Class.newInstance} + classes: objects of them, constructed;
 * {@code Constructor.newInstance} + classes: objects constructed by every constructor, + methods:
 * by those constructors; a member lookup + methods or fields: those member objects (in one array
 * for the plural lookups), + classes: the lookup runs on those class objects in place of its
 * receiver, by its own rules (its name argument still read, so it is not covered);
 * {@code Method.invoke} + methods: calls of them on the site's receivers (a static method
 * statically, an abstract one by dispatch on the receiver objects); {@code Field.get/set} +
 * fields: loads and stores of them; {@code Array.newInstance} + classes: arrays of them;
 * {@code ignore}: the site's model does not run at all, so it resolves nothing and nothing
 * downstream of it grows (a log's entries for it are still added).
 */
final class HintedTargets {
    private final ReflectionAnalysis a;
    private final ReflectionHints hints;
    private final MemberLookups lookups;
    /** In the file's order; empty without hints. */
    private final List<ResolvedHint> resolved;
    /** The hints that matched a site of a reachable method. */
    private final BitSet reached = new BitSet();
    /** Per hinted site, the hints that apply to it, in the file's order. */
    private final Map<ReflectiveCall, List<ResolvedHint>> atSite = new HashMap<>();
    private final Map<Integer, TypeFilter> filters = new HashMap<>();

    /**
     * @throws org.jphantom.JphantomException (exit code 2) if a hint names what the closed world
     *     lacks, or a kind that makes no sense for its API
     */
    HintedTargets(ReflectionAnalysis a, ReflectionHints hints, MemberLookups lookups) {
        this.a = a;
        this.hints = hints;
        this.lookups = lookups;
        this.resolved = hints == null ? List.of() : HintResolution.resolve(hints, a.program(), a.members());
    }

    /** Whether any hint applies to {@code call}; remembers which, and that they were reached. */
    boolean covers(ReflectiveCall call) {
        if (hints == null) {
            return false;
        }
        List<ResolvedHint> found = new ArrayList<>(1);
        int line = call.invoke.line;
        for (Hint h : hints.at(call.callerClass(), call.method.name())) {
            ResolvedHint r = resolved.get(h.index());
            if ((h.line() < 0 || h.line() == line) && r.fits(call.api)) {
                found.add(r);
                reached.set(h.index());
            }
        }
        if (found.isEmpty()) {
            return false;
        }
        atSite.put(call, found);
        call.hintCovers = found.stream().anyMatch(r -> r.kind() != Hint.Kind.CLASSES || !HintResolution.lookup(call.api));
        return true;
    }

    /**
     * Adds the hints' targets at {@code call} in {@code csm}.
     *
     * @return whether the site's own model should still run on its own arguments (not after
     *     {@code ignore}, nor for a lookup given its classes)
     */
    boolean start(int csm, ReflectiveCall call) {
        List<ResolvedHint> rs = atSite.get(call);
        if (rs == null) {
            return true;
        }
        for (ResolvedHint r : rs) {
            if (r.kind() == Hint.Kind.IGNORE) {
                return false;
            }
        }
        Set<String> lookupClasses = new LinkedHashSet<>();
        for (ResolvedHint r : rs) {
            if (r.kind() == Hint.Kind.CLASSES && HintResolution.lookup(call.api)) {
                lookupClasses.addAll(r.classes());
            } else {
                apply(csm, call, r);
            }
        }
        if (lookupClasses.isEmpty()) {
            return true;
        }
        int receivers = a.solver().tempPointer();
        for (String c : lookupClasses) {
            a.solver().addPointsTo(receivers, a.metas().classObject(c));
        }
        lookups.start(csm, call, receivers);
        return false;
    }

    private void apply(int csm, ReflectiveCall call, ResolvedHint r) {
        Invoke inv = call.invoke;
        int lhs = a.var(csm, inv.lhs);
        Program program = a.program();
        switch (call.api) {
            case FOR_NAME, LOAD_CLASS, GET_SUPERCLASS, DEFINE_CLASS, LOOKUP_DEFINE_CLASS -> {
                for (String c : r.classes()) {
                    int cls = a.metas().classObject(c);
                    a.metas().produced(call, cls);
                    if (lhs >= 0) {
                        a.solver().addPointsTo(lhs, cls);
                    }
                    if (call.api == Api.FOR_NAME) {
                        a.solver().initClass(program.type(c));
                    }
                    call.target(Signatures.javaName(c), "hint");
                }
            }
            case CLASS_NEW_INSTANCE -> {
                for (String c : r.classes()) {
                    create(csm, call, lhs, -1, program.type(c));
                }
            }
            case CONSTRUCTOR_NEW_INSTANCE -> {
                int args = Arguments.elements(a, csm, inv.args[0]);
                for (String c : r.classes()) {
                    create(csm, call, lhs, args, program.type(c));
                }
                for (JMethod init : r.methodsFor(call.api)) {
                    int t = init.declaringType();
                    if (program.isAbstractOrInterface(t)) {
                        continue;
                    }
                    int obj = a.metas().created(call, t);
                    if (lhs >= 0) {
                        a.solver().addPointsTo(lhs, obj);
                    }
                    a.solver().initClass(t);
                    a.binder().call(csm, call, init, obj, args, -1);
                    call.target(sig(init), "hint");
                }
            }
            case METHOD_INVOKE -> {
                int args = Arguments.elements(a, csm, inv.args[1]);
                for (JMethod m : r.methodsFor(call.api)) {
                    invoke(csm, call, m, args, lhs);
                }
            }
            case FIELD_GET, FIELD_SET -> {
                for (JField f : r.fields()) {
                    access(csm, call, f);
                }
            }
            case ARRAY_NEW_INSTANCE -> {
                for (String c : r.classes()) {
                    String array = c.startsWith("[") ? "[" + c : "[L" + c + ";";
                    if (lhs >= 0) {
                        a.solver().addPointsTo(lhs, a.metas().created(call, program.type(array)));
                    }
                    call.target(Signatures.javaName(array), "hint");
                }
            }
            default -> members(call, lhs, r); // a member lookup given its methods or fields
        }
    }

    /** An object of {@code t} made at {@code call} and constructed ({@code args} -1: no-argument constructor). */
    private void create(int csm, ReflectiveCall call, int lhs, int args, int t) {
        if (a.program().isAbstractOrInterface(t)) {
            return;
        }
        int obj = a.metas().created(call, t);
        if (lhs >= 0) {
            a.solver().addPointsTo(lhs, obj);
        }
        a.lazyHeap().construct(csm, call, args, t, obj);
        call.target(Signatures.javaName(a.program().typeName(t)), "hint");
    }

    private void invoke(int csm, ReflectiveCall call, JMethod m, int args, int result) {
        if (m.isStatic()) {
            a.binder().call(csm, call, m, -1, args, result);
        } else if (!m.isAbstract()) {
            a.binder().callWithPointer(csm, call, m, a.var(csm, call.invoke.args[0]), args, result);
        } else if (call.invoke.args[0] >= 0) {
            int receiver = a.var(csm, call.invoke.args[0]);
            Set<Long> bound = new java.util.HashSet<>();
            a.watchers().watch(receiver, objs -> {
                Program program = a.program();
                for (int o : objs) {
                    int t = a.solver().typeOfObject(o);
                    JMethod callee = program.isSubtype(t, m.declaringType()) ? program.dispatch(t, m) : null;
                    if (callee != null && !callee.isAbstract() && bound.add((long) callee.id() << 32 | o)) {
                        a.binder().call(csm, call, callee, o, receiver, args, result);
                    }
                }
            });
        }
        call.target(sig(m), "hint");
    }

    /** {@code Field.get/set} of {@code f}: a load or store of the static field, or of it on each receiver object. */
    private void access(int csm, ReflectiveCall call, JField f) {
        call.target(Signatures.field(f.owner(), f.name(), f.desc()), "hint");
        Invoke inv = call.invoke;
        boolean get = call.api == Api.FIELD_GET;
        int value = get ? a.var(csm, inv.lhs) : a.var(csm, inv.args[1]);
        if (!f.isReference() || value < 0) {
            return;
        }
        Solver solver = a.solver();
        if (f.isStatic()) {
            solver.initClass(a.program().type(f.owner()));
            move(get, solver.staticPointer(f.id()), value, f);
            return;
        }
        if (inv.args[0] < 0) {
            return;
        }
        int owner = a.program().type(f.owner());
        a.watchers().watch(a.var(csm, inv.args[0]), objs -> {
            for (int o : objs) {
                if (!a.lazyHeap().isMarker(o) && a.program().isSubtype(solver.typeOfObject(o), owner)) {
                    move(get, solver.fieldPointer(o, f.id()), value, f);
                }
            }
        });
    }

    private void move(boolean get, int fieldPointer, int value, JField f) {
        if (get) {
            a.solver().addEdge(fieldPointer, value, null);
        } else {
            int t = a.program().type(f.desc().startsWith("[") ? f.desc() : f.desc().substring(1, f.desc().length() - 1));
            a.solver().addEdge(value, fieldPointer, filters.computeIfAbsent(t, x -> TypeFilter.of(x, new int[0])));
        }
    }

    /** A member lookup given its members: their objects, in one array per site for the plural lookups. */
    private void members(ReflectiveCall call, int lhs, ResolvedHint r) {
        if (lhs < 0) {
            return;
        }
        MetaObjects metas = a.metas();
        List<Integer> objs = new ArrayList<>();
        for (JMethod m : r.methodsFor(call.api)) {
            objs.add(metas.member(m));
            call.target(sig(m), "hint");
        }
        for (JField f : r.fields()) {
            objs.add(metas.field(f));
            call.target(Signatures.field(f.owner(), f.name(), f.desc()), "hint");
        }
        Solver solver = a.solver();
        int into = lhs;
        if (call.api.label().endsWith("s")) {
            String elem = HintResolution.takesConstructors(call.api) ? "java/lang/reflect/Constructor"
                    : r.kind() == Hint.Kind.FIELDS ? "java/lang/reflect/Field" : "java/lang/reflect/Method";
            int arr = metas.array("hint@" + call.key, a.program().type("[L" + elem + ";"), call,
                    call.api.label() + " hinted at " + call.where());
            solver.addPointsTo(lhs, arr);
            into = solver.fieldPointer(arr, a.program().arrayElement().id());
        }
        for (int o : objs) {
            metas.produced(call, o);
            solver.addPointsTo(into, o);
        }
    }

    private String sig(JMethod m) {
        return Signatures.method(a.program().typeName(m.declaringType()), m.name(), m.desc());
    }

    /** One warning per hint that matched no reflective call of a reachable method, in the file's order. */
    List<String> warnings() {
        List<String> out = new ArrayList<>();
        for (ResolvedHint r : resolved) {
            if (!reached.get(r.hint().index())) {
                out.add("reflection hint " + hints.file() + ": " + r.hint().describe() + " matched no reflective call"
                        + " of a reachable method: unused");
            }
        }
        return out;
    }
}
