package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jphantom.analysis.ir.Cast;
import org.jphantom.analysis.ir.Copy;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;

/**
 * SOLAR's lazy heap modelling ([L-UKWTP], [L-CAST], [L-INV]) and Livshits' cast-based inference.
 * A {@code newInstance} of an unknown class yields one marker object o^u per call site; where a
 * marker meets a cast to {@code A} (anywhere in the program: casts are watched once the first
 * marker exists), the cast's result gets the objects of the closed world's concrete subtypes of
 * {@code A} made at that call site, constructed there (the no-argument constructor for
 * {@code Class.newInstance}, every constructor for {@code Constructor.newInstance}); the marker
 * itself never passes a cast. {@link Invocations} types markers at {@code invoke} the same way. A
 * marker becomes objects of at most {@link ReflectionLimits#lazyTypes()} classes, given by at most
 * {@link ReflectionLimits#lazyUses()} distinct uses: a use that would take it past either does not
 * type it ({@link #typesAt}).
 * Markers that are never typed make their site unsound (SOLAR's assumption 4 fails there).
 */
final class LazyHeap {
    private final ReflectionAnalysis a;
    /** Per lazy marker (solver object): what made it. */
    private final Map<Integer, Lazy> lazies = new LinkedHashMap<>();
    private final Map<Integer, List<Cast>> castsOf = new HashMap<>();
    private final List<Integer> pendingCsms = new ArrayList<>();
    private boolean active;

    /** A marker: its call, the contexts its call is reached in, the argument pointer, the types made. */
    private static final class Lazy {
        final ReflectiveCall call;
        final List<Integer> csms = new ArrayList<>(1);
        final int args;
        final Set<Integer> types = new LinkedHashSet<>();
        /** The uses that typed it (at most {@link ReflectionLimits#lazyUses()}). */
        final Set<String> uses = new java.util.HashSet<>();

        Lazy(ReflectiveCall call, int args) {
            this.call = call;
            this.args = args;
        }
    }

    LazyHeap(ReflectionAnalysis a) {
        this.a = a;
    }

    /**
     * The marker of {@code call} in {@code csm}; {@code args} is the pointer of the constructor
     * arguments ({@code Constructor.newInstance}) or -1 ({@code Class.newInstance}).
     */
    int marker(int csm, ReflectiveCall call, int args) {
        int obj = a.metas().lazyObject(call);
        Lazy l = lazies.computeIfAbsent(obj, o -> new Lazy(call, args));
        if (!l.csms.contains(csm)) {
            l.csms.add(csm);
            for (int t : l.types) {
                construct(csm, l, t, a.metas().created(call, t));
            }
        }
        activate();
        return obj;
    }

    /** Starts watching the application's casts (done once the first marker exists). */
    void activate() {
        if (!active) {
            active = true;
            for (int c : pendingCsms) {
                watchCasts(c, castsOf.get(a.solver().methodOf(c).id()));
            }
            pendingCsms.clear();
        }
    }

    boolean isMarker(int obj) {
        return lazies.containsKey(obj);
    }

    /** Registers the casts of an application method (the JDK's are not watched). */
    void addCasts(JMethod m, List<Cast> casts) {
        if (!casts.isEmpty()) {
            castsOf.put(m.id(), casts);
        }
    }

    void onNewCSMethod(int csm, JMethod m) {
        List<Cast> casts = castsOf.get(m.id());
        if (casts == null) {
            return;
        }
        if (active) {
            watchCasts(csm, casts);
        } else {
            pendingCsms.add(csm);
        }
    }

    private void watchCasts(int csm, List<Cast> casts) {
        int object = a.program().type(Program.OBJECT);
        for (Cast c : casts) {
            if (c.filter == null || c.filter.include < 0 || c.filter.include == object || c.lhs < 0) {
                continue;
            }
            int target = a.var(csm, c.lhs);
            int type = c.filter.include;
            String where = Signatures.javaName(a.program().typeName(a.solver().methodOf(csm).declaringType())) + "."
                    + a.solver().methodOf(csm).name() + (c.line > 0 ? ":" + c.line : "");
            String castKey = a.solver().methodOf(csm).signature(a.program()) + "#" + c.index;
            a.watchers().watch(a.var(csm, c.rhs), objs -> {
                for (int o : objs) {
                    Lazy l = lazies.get(o);
                    if (l != null) {
                        for (int t : typesAt(o, type, "cast at " + where)) {
                            a.solver().addPointsTo(target, make(l, t, "cast at " + where));
                        }
                        if (a.backPropagation() != null) {
                            a.backPropagation().cast(o, type, "cast at " + where);
                        }
                    } else if (a.invention() != null && a.invention().isMarker(o)) {
                        a.invention().cast(type, castKey, where, target);
                    }
                }
            });
        }
    }

    /**
     * The types a use of the lazy object {@code marker} ([L-CAST]: a cast to {@code type}; [L-INV]: an
     * {@code invoke} of a method of {@code type}) gives it: the closed world's concrete subtypes of
     * {@code type}, unless they would make the object's types (those earlier uses gave it, and
     * these) more than {@link ReflectionLimits#lazyTypes()}, or the use is a new one after
     * {@link ReflectionLimits#lazyUses()} others typed it: then none, and the site is reported
     * unsound, naming the use. The limit bounds each creating site, not each use: under context
     * insensitivity a lazy object reaches every {@code equals(Object)} of the program, each cast
     * there to one class. Which uses type it, when they would exceed the limit together, follows
     * the solver's order (deterministic).
     */
    List<Integer> typesAt(int marker, int type, String use) {
        return typesAt(lazies.get(marker), type, use);
    }

    private List<Integer> typesAt(Lazy l, int type, String use) {
        List<Integer> subs = a.members().concreteSubtypes(type);
        l.call.lazyUse(use, subs.size());
        if (a.probe()) {
            return List.of(); // PROBE: [L-CAST] and [L-INV] off; the use is only counted, for the report
        }
        int uses = a.options().limits().lazyUses();
        if (!l.uses.contains(use) && l.uses.size() >= uses) {
            l.call.unsound("the object of an unknown class it creates meets " + use + " of "
                    + Signatures.javaName(a.program().typeName(type)) + " after " + uses
                    + " other uses typed it, the most the lazy-use limit lets type one object: not typed there");
            return List.of();
        }
        int limit = a.options().limits().lazyTypes();
        if (l.types.size() + subs.size() <= limit || l.types.size() + newTypes(l, subs) <= limit) {
            l.uses.add(use);
            return subs; // the lazy-typing limit is this site's bound for them, not its budget (SiteBudget)
        }
        l.call.unsound("the object of an unknown class it creates meets " + use + " of "
                + Signatures.javaName(a.program().typeName(type)) + ", which " + subs.size()
                + " classes satisfy, beyond the lazy-typing limit " + limit + " (typed as " + l.types.size()
                + " classes so far): not typed there");
        return List.of();
    }

    private static int newTypes(Lazy l, List<Integer> subs) {
        int n = 0;
        for (int t : subs) {
            if (!l.types.contains(t)) {
                n++;
            }
        }
        return n;
    }

    /** Types marker {@code marker} as {@code type} ([L-CAST], [L-INV]): the object made, constructed. */
    int materialize(int marker, int type, String how) {
        return make(lazies.get(marker), type, how);
    }

    private int make(Lazy l, int type, String how) {
        int obj = a.metas().created(l.call, type);
        l.call.target(Signatures.javaName(a.program().typeName(type)), how);
        if (l.types.add(type)) {
            for (int csm : l.csms) {
                construct(csm, l, type, obj);
            }
        }
        return obj;
    }

    /** Initialises {@code type} and calls the constructors the creating call runs on {@code obj}. */
    void construct(int csm, ReflectiveCall call, int args, int type, int obj) {
        a.solver().initClass(type); // making an instance initialises the class (JLS 12.4.1)
        if (args < 0) {
            JMethod init = a.program().declared(type, "<init>", "()V");
            if (init != null) {
                a.binder().call(csm, call, init, obj, -1, -1);
            }
            return;
        }
        int arity = a.arities().of(call);
        for (JMethod init : a.members().constructors(type, true)) {
            if (ParameterCount.fits(init.desc(), arity)) {
                a.binder().call(csm, call, init, obj, args, -1);
            }
        }
    }

    private void construct(int csm, Lazy l, int type, int obj) {
        construct(csm, l.call, l.args, type, obj);
    }

    /**
     * Livshits' cast-based inference: the types the result of {@code call} is cast to in its own
     * method (directly, or through copies), {@code Object} excluded.
     */
    List<Integer> castsOfResult(ReflectiveCall call) {
        List<Integer> out = new ArrayList<>();
        int res = call.invoke.lhs;
        if (res < 0) {
            return out;
        }
        Set<Integer> vars = new LinkedHashSet<>();
        vars.add(res);
        Stmt[] stmts = a.solver().ir(call.method).stmts;
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Stmt s : stmts) {
                if (s instanceof Copy c && vars.contains(c.rhs) && c.lhs >= 0 && vars.add(c.lhs)) {
                    grew = true;
                }
            }
        }
        int object = a.program().type(Program.OBJECT);
        for (Stmt s : stmts) {
            if (s instanceof Cast c && vars.contains(c.rhs) && c.filter != null && c.filter.include >= 0
                    && c.filter.include != object && !out.contains(c.filter.include)) {
                out.add(c.filter.include);
            }
        }
        return out;
    }

    /** After the fixpoint: sites whose markers were never typed. */
    void checkUnused() {
        for (Lazy l : lazies.values()) {
            if (l.types.isEmpty() && a.probe()) {
                l.call.unsound("the object of an unknown class it creates is not typed (PROBE: no lazy heap"
                        + " modelling at casts and invoke calls)");
            } else if (l.types.isEmpty()) {
                l.call.unsound("the object of an unknown class it creates is never cast (to a type other than Object)"
                        + " or invoked on, so its class cannot be inferred");
            }
        }
    }
}
