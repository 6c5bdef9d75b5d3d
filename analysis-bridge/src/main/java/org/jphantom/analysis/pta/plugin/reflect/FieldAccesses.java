package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.plugin.reflect.Meta.Kind;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.analysis.util.LongSet;

/**
 * {@code Field.get(o)} and {@code Field.set(o, v)} as loads and stores: a known {@code Field}
 * object reads or writes its field of each receiver object of its class (or the static field,
 * initialising its class). Partial {@code Field} objects (under {@code solar}): of a known class,
 * its fields of the name, or all of them; of an unknown class, the fields of the receiver objects'
 * classes ([I-INVTP]'s analogue) and, with a known name, the closed world's static fields of that
 * name. Unknown class and name with no known receiver fail the soundness criterion.
 */
final class FieldAccesses implements ReflectionAnalysis.SiteModel {
    private final ReflectionAnalysis a;
    private final Map<Integer, TypeFilter> filters = new HashMap<>();

    FieldAccesses(ReflectionAnalysis a) {
        this.a = a;
    }

    @Override
    public void start(int csm, ReflectiveCall call) {
        Invoke inv = call.invoke;
        if (inv.recv < 0) {
            return;
        }
        boolean get = call.api == Api.FIELD_GET;
        int value = get ? a.var(csm, inv.lhs) : a.var(csm, inv.args[1]);
        if (value < 0) {
            return; // the value is a primitive, or null is stored
        }
        State s = new State(call, get, value);
        if (get && a.invention() != null) {
            a.invention().mark(call, value);
        }
        if (inv.args[0] >= 0) {
            a.watchers().watch(a.var(csm, inv.args[0]), s::onReceivers);
        }
        a.watchers().watch(a.var(csm, inv.recv), s::onFields);
    }

    private final class State {
        final ReflectiveCall call;
        final boolean get;
        final int value;
        final List<Integer> receivers = new ArrayList<>();
        /** The classes of {@link #receivers}: partials of unknown class find fields of each once. */
        final Set<Integer> receiverTypes = new HashSet<>();
        final List<JField> known = new ArrayList<>();
        /**
         * The instance fields of the receivers' classes and their supertypes (inferable ones),
         * each class once, by name, in the order seen: what a partial of unknown class finds.
         */
        final Map<String, List<JField>> receiverFields = new HashMap<>();
        final List<JField> allReceiverFields = new ArrayList<>();
        final Set<Integer> receiverSupertypes = new HashSet<>();
        /** The partials of unknown class searched for, each looking for its name (any if null) and guards. */
        final List<Meta> wanted = new ArrayList<>();
        /** The searches made for the site's partials: one per search. */
        final Set<Meta.Search> searched = new HashSet<>();
        final LongSet done = new LongSet();
        /** Per field id, the pointer of the values of its type ({@link #storable}). */
        final Map<Integer, Integer> storable = new HashMap<>();
        boolean checking;

        State(ReflectiveCall call, boolean get, int value) {
            this.call = call;
            this.get = get;
            this.value = value;
        }

        void onFields(int[] objs) {
            for (int o : objs) {
                a.metas().consumed(call, o);
                Meta meta = a.metas().meta(o);
                if (meta == null) {
                    continue;
                }
                if (meta.kind() == Kind.FIELD) {
                    field(meta.field(), "field object");
                } else if (meta.kind() == Kind.PARTIAL_FIELD && !call.hintCovers) { // a hint's targets are the site's
                    if (!a.solar()) {
                        call.unsound(meta.type() < 0 ? "the field's class is not known from string constants"
                                : "the field's name is not known from string constants");
                        continue;
                    }
                    if (!searched.add(meta.search())) {
                        continue; // the same search was made for another partial
                    }
                    resolve(meta);
                    if (meta.type() < 0 && meta.name() == null && !checking) {
                        checking = true;
                        a.atFinish(() -> {
                            if (receivers.isEmpty()) {
                                call.unsound("a Field object of unknown class and name, and no receiver object of"
                                        + " known class");
                            }
                        });
                    }
                }
            }
        }

        void onReceivers(int[] objs) {
            for (int o : objs) {
                if (a.lazyHeap().isMarker(o)) {
                    continue;
                }
                receivers.add(o);
                for (int i = 0; i < known.size(); i++) {
                    access(o, known.get(i));
                }
                int t = a.solver().typeOfObject(o);
                if (receiverTypes.add(t)) {
                    onReceiverType(t);
                }
            }
        }

        void field(JField f, String how) {
            if (!f.isReference() || done.contains((long) f.id() << 32 | 0xffffffffL)
                    || !a.accessible(a.program().type(f.owner())) || !a.admit(call, a.program().type(f.owner()))) {
                return;
            }
            done.add((long) f.id() << 32 | 0xffffffffL);
            call.target(Signatures.field(f.owner(), f.name(), f.desc()), how);
            Solver solver = a.solver();
            if (f.isStatic()) {
                solver.initClass(a.program().type(f.owner()));
                move(solver.staticPointer(f.id()), f);
                return;
            }
            known.add(f);
            for (int i = 0; i < receivers.size(); i++) {
                access(receivers.get(i), f);
            }
        }

        void access(int obj, JField f) {
            Program program = a.program();
            if (program.isSubtype(a.solver().typeOfObject(obj), program.type(f.owner()))
                    && done.add((long) f.id() << 32 | obj)) {
                move(a.solver().fieldPointer(obj, f.id()), f);
            }
        }

        private void move(int fieldPointer, JField f) {
            if (get) {
                a.solver().addEdge(fieldPointer, value, null);
            } else {
                a.solver().addEdge(storable(f), fieldPointer, null);
            }
        }

        /**
         * The values the site may store into field {@code f}: those of the field's type, filtered
         * once per field into a pointer of their own, not again for each receiver object.
         */
        private int storable(JField f) {
            Integer p = storable.get(f.id());
            if (p == null) {
                p = a.solver().tempPointer();
                storable.put(f.id(), p);
                a.solver().addEdge(value, p, filter(f));
            }
            return p;
        }

        void resolve(Meta p) {
            if (a.probe() && p.name() == null) {
                call.unsound("a Field object of unknown name: PROBE searches no field for it");
                return;
            }
            if (p.type() >= 0) {
                for (JField f : a.members().fields(p.type(), p.name(), p.declared())) {
                    if (a.members().inferable(a.program().type(f.owner())) && a.guards().holds(p, f)) {
                        field(f, "signature");
                    }
                }
                return;
            }
            resolveOnReceivers(p);
            if (p.name() != null && !a.probe()) { // [I-INVS2T]'s analogue, off in PROBE
                for (JField f : a.members().fieldsNamed(p.name())) {
                    if (f.isStatic() && a.guards().holds(p, f)) {
                        field(f, "signature");
                    }
                }
            }
        }

        /**
         * A receiver of a new class {@code type}: the instance fields of it and its supertypes
         * (each class once per site) that a partial of unknown class looks for ([I-INVTP]'s
         * analogue). Indexed by name, so that each partial's name is looked up once, not searched
         * again for each receiver class.
         */
        void onReceiverType(int type) {
            for (int s : a.members().supertypes(type)) {
                if (!receiverSupertypes.add(s) || !a.members().inferable(s)) {
                    continue;
                }
                for (JField f : a.members().fields(s, null, true)) {
                    if (f.isStatic()) {
                        continue;
                    }
                    allReceiverFields.add(f);
                    receiverFields.computeIfAbsent(f.name(), n -> new ArrayList<>()).add(f);
                    for (int i = 0; i < wanted.size(); i++) {
                        Meta p = wanted.get(i);
                        if ((p.name() == null || p.name().equals(f.name())) && a.guards().holds(p, f)) {
                            field(f, "receiver type");
                            break;
                        }
                    }
                }
            }
        }

        /**
         * Partial {@code p} of unknown class: the fields of its name (any if unknown) of the
         * receivers' classes so far that its guards may be true for; later receivers' in
         * {@link #onReceiverType}.
         */
        void resolveOnReceivers(Meta p) {
            if (p.name() == null && a.probe()) {
                return;
            }
            wanted.add(p);
            List<JField> candidates = p.name() == null ? allReceiverFields : receiverFields.getOrDefault(p.name(), List.of());
            for (int i = 0; i < candidates.size(); i++) {
                if (a.guards().holds(p, candidates.get(i))) {
                    field(candidates.get(i), "receiver type");
                }
            }
        }
    }

    private TypeFilter filter(JField f) {
        int t = a.program().type(f.desc().startsWith("[") ? f.desc() : f.desc().substring(1, f.desc().length() - 1));
        return filters.computeIfAbsent(t, x -> TypeFilter.of(x, new int[0]));
    }
}
