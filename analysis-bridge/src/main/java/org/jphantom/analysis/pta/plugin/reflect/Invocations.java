package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.plugin.reflect.Meta.Kind;
import org.jphantom.analysis.util.IntList;
import org.jphantom.analysis.util.LongSet;

/**
 * {@code Method.invoke(y, args)}: SOLAR's Target Search, Inference and Transformation. A known
 * {@code Method} object calls its method: statically, or on each receiver object of its class by
 * virtual dispatch. Partial {@code Method} objects (under {@code solar}) are resolved by inference:
 * of a known class, its members that fit the arguments and the result's cast ([I-INVSIG]); of an
 * unknown class, the members of the receiver objects' classes ([I-INVTP]) and, with a known name,
 * the closed world's methods of that name and a fitting signature ([I-INVS2T]). Marker objects
 * reaching the receiver are typed as the target's class and its subtypes ([L-INV]), within the
 * lazy-typing limit ({@link LazyHeap#typesAt}). A site fails
 * SOLAR's soundness criterion when an unknown-class {@code Method} of unknown name meets a receiver
 * that is unknown or absent.
 */
final class Invocations implements ReflectionAnalysis.SiteModel {
    private final ReflectionAnalysis a;

    Invocations(ReflectionAnalysis a) {
        this.a = a;
    }

    @Override
    public void start(int csm, ReflectiveCall call) {
        Invoke inv = call.invoke;
        if (inv.recv < 0) {
            return;
        }
        State s = new State(csm, call);
        if (a.invention() != null) {
            a.invention().mark(call, s.result);
        }
        s.args = Arguments.elements(a, csm, inv.args[1]);
        if (s.args >= 0) {
            a.watchers().watch(s.args, s::onArguments);
        }
        if (s.receiver >= 0) {
            a.watchers().watch(s.receiver, s::onReceivers);
        }
        a.watchers().watch(a.var(csm, inv.recv), s::onMethods);
    }

    private final class State {
        final int csm;
        final ReflectiveCall call;
        final int receiver;
        final int result;
        final int resultCast;
        /** The number of arguments the call passes, -1 when not known. */
        final int arity;
        int args = -1;
        final Set<Integer> argTypes = new LinkedHashSet<>();
        /** Receiver objects of known class, by type, in the order seen. */
        final Map<Integer, IntList> receivers = new LinkedHashMap<>();
        /** Per receiver type, the methods already called on its objects (a type without any has no entry). */
        final Map<Integer, Set<JMethod>> callees = new HashMap<>();
        final List<Integer> markers = new ArrayList<>();
        final List<JMethod> known = new ArrayList<>();
        final List<Meta> partials = new ArrayList<>();
        /** The searches {@link #partials} stand for: one partial per search. */
        final Set<Meta.Search> searched = new HashSet<>();
        final Set<JMethod> statics = new HashSet<>();
        final LongSet typedMarkers = new LongSet();
        /**
         * Targets inference found whose parameters the argument objects do not fit yet, by the type of
         * the first parameter that nothing fits ({@link Signature#unfitParameter}). Fitting is
         * monotone, so when an argument type arrives only the targets waiting on one of its
         * supertypes are tested again, not every partial against every receiver type.
         */
        final Map<Integer, List<Candidate>> waiting = new LinkedHashMap<>();
        /** The candidates seen, by {@link Candidate#key()}: each is tested once on arrival. */
        final LongSet considered = new LongSet();
        boolean checking;

        State(int csm, ReflectiveCall call) {
            this.csm = csm;
            this.call = call;
            Invoke inv = call.invoke;
            this.receiver = a.var(csm, inv.args[0]);
            this.result = a.var(csm, inv.lhs);
            List<Integer> casts = a.lazyHeap().castsOfResult(call);
            this.resultCast = casts.size() == 1 ? casts.get(0) : -1;
            this.arity = a.arities().of(call);
        }

        void onArguments(int[] objs) {
            boolean first = argTypes.isEmpty();
            List<Integer> added = new ArrayList<>();
            for (int o : objs) {
                int t = a.solver().typeOfObject(o);
                if (argTypes.add(t)) {
                    added.add(t);
                }
            }
            if (added.isEmpty()) {
                return;
            }
            if (first && a.probe()) { // PROBE searches for a nameless partial only once argument types are known
                for (int i = 0; i < partials.size(); i++) {
                    resolve(partials.get(i));
                }
            }
            List<Candidate> woken = new ArrayList<>();
            for (Iterator<Map.Entry<Integer, List<Candidate>>> it = waiting.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<Integer, List<Candidate>> e = it.next();
                for (int t : added) {
                    if (a.program().isSubtype(t, e.getKey())) {
                        woken.addAll(e.getValue());
                        it.remove();
                        break;
                    }
                }
            }
            for (Candidate c : woken) {
                place(c);
            }
        }

        /** Calls {@code c} if the arguments fit it, else waits for the type of its first unfit parameter. */
        private void place(Candidate c) {
            int unfit = Signature.unfitParameter(c.method(), argTypes, a.program());
            if (unfit == -1) {
                act(c);
            } else if (unfit >= 0) {
                waiting.computeIfAbsent(unfit, k -> new ArrayList<>()).add(c);
            }
        }

        /**
         * A target inference found for a partial {@code Method} object: tested against the result's
         * cast and the arguments, then called, or kept until the arguments fit.
         */
        void consider(int kind, int subject, JMethod m, String how) {
            Candidate c = new Candidate(kind, subject, m, how);
            if (!considered.add(c.key()) || !a.members().inferable(m.declaringType())
                    || !Signature.fitsResult(m, resultCast, a.program())) {
                return;
            }
            place(c);
        }

        private void act(Candidate c) {
            switch (c.kind()) {
                case Candidate.STATIC -> target(c.method(), c.how());
                case Candidate.DISPATCH -> dispatch(c.subject(), c.method(), c.how());
                default -> type(c.subject(), c.method());
            }
        }

        void onMethods(int[] objs) {
            for (int o : objs) {
                a.metas().consumed(call, o);
                Meta meta = a.metas().meta(o);
                if (meta == null) {
                    continue;
                }
                if (meta.kind() == Kind.METHOD) {
                    known.add(meta.method());
                    target(meta.method(), "method object");
                } else if (meta.kind() == Kind.PARTIAL_METHOD && !call.hintCovers) { // a hint's targets are the site's
                    if (!a.solar()) {
                        call.unsound(meta.type() < 0 ? "the method's class is not known from string constants"
                                : "the method's name is not known from string constants");
                        continue;
                    }
                    if (!searched.add(meta.search())) {
                        continue; // the same search was made for another partial
                    }
                    partials.add(meta);
                    resolve(meta);
                    if (meta.type() < 0 && meta.name() == null && !checking) {
                        checking = true;
                        a.atFinish(this::checkSound);
                    }
                }
            }
        }

        void onReceivers(int[] objs) {
            for (int o : objs) {
                if (a.lazyHeap().isMarker(o)) {
                    markers.add(o);
                    for (int i = 0; i < known.size(); i++) {
                        type(o, known.get(i));
                    }
                    for (int i = 0; i < partials.size(); i++) {
                        resolveOnMarker(partials.get(i), o);
                    }
                    continue;
                }
                int t = a.solver().typeOfObject(o);
                IntList objsOfType = receivers.get(t);
                if (objsOfType != null) {
                    objsOfType.add(o);
                    for (JMethod callee : callees.getOrDefault(t, Set.of())) {
                        bind(callee, o);
                    }
                    continue;
                }
                objsOfType = new IntList(2);
                objsOfType.add(o);
                receivers.put(t, objsOfType);
                for (int i = 0; i < known.size(); i++) {
                    dispatch(t, known.get(i), "method object");
                }
                for (int i = 0; i < partials.size(); i++) {
                    onType(partials.get(i), t);
                }
            }
        }

        /** A target known at the call (a Method object or one inferred for it): called on every receiver. */
        void target(JMethod m, String how) {
            if (!ParameterCount.fits(m.desc(), arity)) {
                return; // invoke throws IllegalArgumentException before calling it
            }
            if (m.isStatic()) {
                if (!statics.contains(m) && a.accessible(m.declaringType()) && a.admit(call, m.declaringType())) {
                    statics.add(m);
                    a.binder().call(csm, call, m, -1, args, result);
                    call.target(sig(m), how);
                }
                return;
            }
            for (int t : new ArrayList<>(receivers.keySet())) {
                dispatch(t, m, how);
            }
            for (int i = 0; i < markers.size(); i++) {
                type(markers.get(i), m);
            }
        }

        /** Virtual dispatch of {@code m} on the receivers of class {@code t}. */
        void dispatch(int t, JMethod m, String how) {
            if (m.isStatic()) {
                target(m, how);
                return;
            }
            Program program = a.program();
            if (!program.isSubtype(t, m.declaringType()) || !ParameterCount.fits(m.desc(), arity)) {
                return;
            }
            JMethod callee = m.isPrivate() ? m : program.dispatch(t, m);
            if (callee == null || callees.getOrDefault(t, Set.of()).contains(callee)
                    || !a.accessible(callee.declaringType()) || !a.admit(call, callee.declaringType())) {
                return;
            }
            callees.computeIfAbsent(t, k -> new LinkedHashSet<>()).add(callee);
            IntList objs = receivers.get(t);
            for (int i = 0; i < objs.size(); i++) {
                bind(callee, objs.get(i));
            }
            call.target(sig(callee), how);
        }

        private void bind(JMethod callee, int obj) {
            a.binder().call(csm, call, callee, obj, receiver, args, result);
        }

        /** [L-INV]: a marker at the receiver becomes objects of {@code m}'s class and its subtypes (within the limit). */
        void type(int marker, JMethod m) {
            if (m.isStatic() || m.declaringType() == a.program().type(Program.OBJECT)
                    || !typedMarkers.add((long) m.declaringType() << 32 | marker)) {
                return;
            }
            String use = "invoke at " + call.where();
            for (int t : a.lazyHeap().typesAt(marker, m.declaringType(), use)) {
                a.solver().addPointsTo(receiver, a.lazyHeap().materialize(marker, t, use));
            }
        }

        void resolve(Meta p) {
            if (p.type() >= 0) {
                for (JMethod m : a.members().methods(p.type(), p.name(), p.declared())) {
                    if (m.isStatic() && a.guards().holds(p, m)) {
                        consider(Candidate.STATIC, 0, m, "signature");
                    }
                }
            } else if (p.name() != null && !a.probe()) { // [I-INVS2T], static targets (no receiver needed)
                for (JMethod m : a.members().methodsNamed(p.name())) {
                    if (m.isStatic() && a.guards().holds(p, m)) {
                        consider(Candidate.STATIC, 0, m, "signature");
                    }
                }
            }
            for (int t : new ArrayList<>(receivers.keySet())) {
                onType(p, t);
            }
            for (int i = 0; i < markers.size(); i++) {
                resolveOnMarker(p, markers.get(i));
            }
        }

        /**
         * Partial {@code p} meets receivers of class {@code t}: [I-INVSIG] for a known class (its
         * fitting members, when {@code t} is that class or a subtype), [I-INVTP] for an unknown one
         * (the fitting members {@code t} declares or inherits).
         */
        void onType(Meta p, int t) {
            if (!searchable(p)) {
                return;
            }
            if (p.type() >= 0) {
                if (!a.program().isSubtype(t, p.type())) {
                    return;
                }
                for (JMethod m : a.members().methods(p.type(), p.name(), p.declared())) {
                    if (!m.isStatic() && a.guards().holds(p, m)) {
                        consider(Candidate.DISPATCH, t, m, "signature");
                    }
                }
                return;
            }
            for (int s : a.members().supertypes(t)) {
                for (JMethod m : a.members().methods(s, p.name(), true)) {
                    if (!m.isStatic() && a.guards().holds(p, m)) {
                        consider(Candidate.DISPATCH, t, m, "receiver type");
                    }
                }
            }
        }

        /** [I-INVS2T] with [L-INV]: a known name types an unknown receiver as the classes declaring it. */
        void resolveOnMarker(Meta p, int marker) {
            if (!searchable(p)) {
                return;
            }
            if (p.type() >= 0) {
                for (JMethod m : a.members().methods(p.type(), p.name(), p.declared())) {
                    if (!m.isStatic() && a.guards().holds(p, m)) {
                        consider(Candidate.TYPE, marker, m, "signature");
                    }
                }
                return;
            }
            if (p.name() == null || a.probe()) {
                return; // [I-INVS2T] (off in PROBE) needs a name
            }
            for (JMethod m : a.members().methodsNamed(p.name())) {
                if (!m.isStatic() && a.guards().holds(p, m)) {
                    consider(Candidate.TYPE, marker, m, "signature");
                }
            }
        }

        /**
         * Whether target search may look for {@code p}'s methods: always under SOLAR; under PROBE
         * only when its signature is at least partly known (a name, or the arguments' types).
         */
        boolean searchable(Meta p) {
            return !a.probe() || p.name() != null || !argTypes.isEmpty();
        }

        /** SOLAR's criterion (3), after the fixpoint. */
        void checkSound() {
            if (a.probe() && argTypes.isEmpty()) {
                call.unsound("a Method object of unknown class and name, and no known argument types: PROBE"
                        + " searches no target for it");
                return;
            }
            boolean allKnown = markers.isEmpty() && !receivers.isEmpty();
            if (!allKnown) {
                call.unsound(markers.isEmpty()
                        ? "a Method object of unknown class and name, and no receiver object"
                        : "a Method object of unknown class and name, and a receiver of unknown class");
            }
        }

        private String sig(JMethod m) {
            return Signatures.method(a.program().typeName(m.declaringType()), m.name(), m.desc());
        }
    }

    /**
     * A target search result of one site: {@code method} called statically ({@link #STATIC}),
     * dispatched on the receivers of class {@code subject} ({@link #DISPATCH}), or typing the marker
     * object {@code subject} ({@link #TYPE}); {@code how} is what the report says found it.
     */
    private record Candidate(int kind, int subject, JMethod method, String how) {
        static final int STATIC = 0;
        static final int DISPATCH = 1;
        static final int TYPE = 2;

        /** The identity of the search result (its {@code how} aside). */
        long key() {
            return ((long) kind << 62) ^ ((long) subject << 31) ^ method.id();
        }
    }
}
