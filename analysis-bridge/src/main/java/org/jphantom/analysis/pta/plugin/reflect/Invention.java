package org.jphantom.analysis.pta.plugin.reflect;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.lang.Signatures;

/**
 * Object invention (thesis Section 3.4.2.2, Figure 3.7): the result of a reflective
 * {@code Method.invoke} or {@code Field.get} also points to a marker of its site, and where a
 * marker reaches a cast to {@code T} (anywhere in the application), the cast's result gets a new
 * object of {@code T}, invented at the cast: no constructor runs, it only lets the code after the
 * cast call methods on what the unresolved reflective call returned. {@code T} abstract or an
 * interface: one object per concrete class of the closed world that is a subtype, when they are at
 * most {@link ReflectionLimits#castTypes()} (the thesis' c), else none. ({@code newInstance} needs no marker of
 * its own here: SOLAR's lazy objects already make objects of the cast's types at casts.)
 */
final class Invention {
    private final ReflectionAnalysis a;
    private final Map<Integer, ReflectiveCall> markers = new HashMap<>();
    private final int objectType;

    Invention(ReflectionAnalysis a) {
        this.a = a;
        this.objectType = a.program().type("java/lang/Object");
    }

    /** Adds the site's marker to its result pointer. */
    void mark(ReflectiveCall call, int result) {
        if (result < 0) {
            return;
        }
        int heapObj = a.solver().heap().abstractObject("reflect:invent?:" + call.key, objectType, call.method,
                "unresolved result of " + call.api.label() + " at " + call.where());
        int obj = a.solver().csObject(0, heapObj);
        markers.putIfAbsent(obj, call);
        a.lazyHeap().activate();
        a.solver().addPointsTo(result, obj);
    }

    boolean isMarker(int obj) {
        return markers.containsKey(obj);
    }

    /** A marker reached the cast {@code castKey} to {@code type}, whose result is {@code target}. */
    void cast(int type, String castKey, String where, int target) {
        List<Integer> types = a.program().isAbstractOrInterface(type) || a.program().info(type) == null
                ? a.members().concreteSubtypes(type) : List.of(type);
        if (types.size() > a.options().limits().castTypes()) {
            return;
        }
        for (int t : types) {
            String name = a.program().typeName(t);
            int heapObj = a.solver().heap().abstractObject("reflect:invented:" + castKey + ":" + name, t, null,
                    "invented " + Signatures.javaName(name) + " at cast at " + where);
            a.solver().addPointsTo(target, a.solver().csObject(0, heapObj));
        }
    }
}
