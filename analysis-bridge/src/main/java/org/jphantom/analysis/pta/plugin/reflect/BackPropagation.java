package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Signatures;

/**
 * Inter-procedural back-propagation (thesis Section 3.4.2.1, Figure 3.6, with the thresholds of
 * Section 3.4.3): an unresolved {@code Class.forName} (or {@code loadClass}) returns its unknown
 * class object c^u; where what it made is used, the use tells the classes it must have returned,
 * and those class objects are added at the {@code forName} site itself, to flow from there to every
 * use (its {@code getMethod}s, its {@code newInstance}s, ...).
 * <ul>
 *   <li>A cast: the object a {@code newInstance} of c^u makes (directly, or through a
 *       {@code getConstructor} of c^u) reaches a cast to {@code T}, anywhere: the concrete classes of
 *       the closed world that are {@code T} or its subtypes, when they are at most
 *       {@link ReflectionLimits#castTypes()} (the thesis' c).
 *   <li>A member name: a {@code get[Declared]Method} or {@code get[Declared]Field} on c^u with a name
 *       (or a piece of one, with substring flow): the classes of the closed world that declare a
 *       method (field) of that name, when they are at most {@link ReflectionLimits#nameTypes()} (the thesis' d).
 * </ul>
 * SOLAR's own rules (lazy objects typed at casts, collective inference at {@code invoke}) still
 * apply; this adds the classes at the source. Markers flow through the heap as well (the thesis'
 * optional restriction to local flow is not applied).
 */
final class BackPropagation {
    private final ReflectionAnalysis a;
    /** Per unresolved class-lookup site: the pointers (one per context) its c^u was added to. */
    private final Map<ReflectiveCall, List<Integer>> sites = new HashMap<>();
    /** Per such site: the classes inferred for it so far, with how. */
    private final Map<ReflectiveCall, Set<Integer>> inferred = new HashMap<>();
    /** Per member-lookup site on c^u: the class-lookup sites whose c^u it received. */
    private final Map<ReflectiveCall, Set<ReflectiveCall>> lookupOrigins = new HashMap<>();
    /** Per lazy object: the class-lookup sites it comes from, and the cast types it met. */
    private final Map<Integer, Set<ReflectiveCall>> markerOrigins = new HashMap<>();
    private final Map<Integer, Map<Integer, String>> markerCasts = new HashMap<>();
    private final Map<String, Set<Integer>> typesNamed = new HashMap<>();

    BackPropagation(ReflectionAnalysis a) {
        this.a = a;
    }

    /** Site {@code lookup}'s c^u was added to pointer {@code lhs}. */
    void unknownClassAt(ReflectiveCall lookup, int lhs) {
        List<Integer> ps = sites.computeIfAbsent(lookup, k -> new ArrayList<>(1));
        if (ps.contains(lhs)) {
            return;
        }
        ps.add(lhs);
        for (int t : inferred.getOrDefault(lookup, Set.of())) {
            a.solver().addPointsTo(lhs, a.metas().classObject(a.program().typeName(t)));
        }
    }

    /** The member lookup {@code memberLookup} was made on the c^u of {@code classLookup}. */
    void lookupOn(ReflectiveCall memberLookup, ReflectiveCall classLookup) {
        lookupOrigins.computeIfAbsent(memberLookup, k -> new LinkedHashSet<>()).add(classLookup);
    }

    /**
     * The lazy object {@code marker} was made from an unknown class object or constructor object made
     * at {@code source} (a class lookup, or a constructor lookup on c^u).
     */
    void markerFrom(int marker, ReflectiveCall source) {
        Set<ReflectiveCall> origins = source.api == Api.FOR_NAME || source.api == Api.LOAD_CLASS ? Set.of(source)
                : lookupOrigins.getOrDefault(source, Set.of());
        Set<ReflectiveCall> mine = markerOrigins.computeIfAbsent(marker, k -> new LinkedHashSet<>());
        for (ReflectiveCall o : origins) {
            if (mine.add(o)) {
                for (Map.Entry<Integer, String> cast : markerCasts.getOrDefault(marker, Map.of()).entrySet()) {
                    castTo(o, cast.getKey(), cast.getValue());
                }
            }
        }
    }

    /** The lazy object {@code marker} reached a cast to {@code type}. */
    void cast(int marker, int type, String where) {
        Map<Integer, String> casts = markerCasts.computeIfAbsent(marker, k -> new HashMap<>());
        if (casts.putIfAbsent(type, where) != null) {
            return;
        }
        for (ReflectiveCall o : List.copyOf(markerOrigins.getOrDefault(marker, Set.of()))) {
            castTo(o, type, where);
        }
    }

    private void castTo(ReflectiveCall origin, int type, String where) {
        List<Integer> subs = a.members().concreteSubtypes(type);
        if (subs.size() > a.options().limits().castTypes()) {
            return;
        }
        for (int t : subs) {
            infer(origin, t, "back-propagated from " + where);
        }
    }

    /**
     * A lookup {@code lookup} of a method (or field) named {@code name} (a piece of one, if
     * {@code piece}) on the c^u of {@code origin}.
     */
    void memberName(ReflectiveCall origin, boolean field, String name, boolean piece, ReflectiveCall lookup) {
        if (origin == null || (origin.api != Api.FOR_NAME && origin.api != Api.LOAD_CLASS)) {
            return;
        }
        Set<Integer> types = typesNamed.computeIfAbsent((field ? "f:" : "m:") + (piece ? "~" : "") + name,
                k -> declaringTypes(field, name, piece));
        if (types.size() > a.options().limits().nameTypes()) {
            return;
        }
        for (int t : types) {
            infer(origin, t, "back-propagated from " + lookup.api.label() + " \"" + name + "\" at " + lookup.where());
        }
    }

    private Set<Integer> declaringTypes(boolean field, String name, boolean piece) {
        Set<Integer> out = new TreeSet<>();
        Members members = a.members();
        List<String> names = piece ? members.memberNamesMatching(name, field) : List.of(name);
        for (String n : names) {
            if (field) {
                for (JField f : members.fieldsNamed(n)) {
                    out.add(a.program().type(f.owner()));
                }
            } else {
                for (JMethod m : members.methodsNamed(n)) {
                    out.add(m.declaringType());
                }
            }
            if (out.size() > a.options().limits().nameTypes()) {
                break;
            }
        }
        return out;
    }

    private void infer(ReflectiveCall origin, int type, String how) {
        if (!inferred.computeIfAbsent(origin, k -> new LinkedHashSet<>()).add(type)) {
            return;
        }
        String name = a.program().typeName(type);
        origin.target(Signatures.javaName(name), how);
        int cls = a.metas().classObject(name);
        for (int lhs : sites.getOrDefault(origin, List.of())) {
            a.solver().addPointsTo(lhs, cls);
        }
        if (origin.api == Api.FOR_NAME) {
            a.solver().initClass(type);
        }
    }
}
