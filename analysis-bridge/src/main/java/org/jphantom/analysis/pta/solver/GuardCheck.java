package org.jphantom.analysis.pta.solver;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.Guard;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.util.LongIntMap;

/**
 * What passes a {@link Guard} in place of an object ({@link Plugin#guarded}): the object, unless a
 * plugin knows the guard's predicates are all false for it (then nothing) or has an object of its
 * own for it restricted by the guard. The first plugin that answers other than the object itself
 * decides. Plugins answer by what the abstract object stands for, which never changes, so answers
 * are kept per guard and abstract object.
 */
final class GuardCheck {
    private final List<Plugin> plugins;
    private final CSManager cs;
    private final Map<Guard, Integer> ids = new IdentityHashMap<>();
    private final LongIntMap answers = new LongIntMap(256);

    GuardCheck(List<Plugin> plugins, CSManager cs) {
        this.plugins = plugins;
        this.cs = cs;
    }

    /** The object that passes {@code guard} for {@code csObject}, or -1. */
    int guarded(Guard guard, int csObject) {
        Integer id = ids.get(guard);
        if (id == null) {
            id = ids.size();
            ids.put(guard, id);
        }
        long key = LongIntMap.key(id, cs.siteOf(csObject));
        int known = answers.get(key);
        if (known >= 0) {
            return known - 1;
        }
        int passed = csObject;
        for (int i = 0; passed == csObject && i < plugins.size(); i++) {
            passed = plugins.get(i).guarded(guard, csObject);
        }
        answers.put(key, passed + 1);
        return passed;
    }
}
