package org.jphantom.analysis.pta.solver;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.Guard;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.util.LongIntMap;

/**
 * Whether an object may pass a {@link Guard}: it may unless a plugin knows the guard's predicates
 * are all false for it ({@link Plugin#admits}). A plugin answers by what the abstract object stands
 * for, which never changes, so answers are kept per guard and abstract object.
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

    boolean admits(Guard guard, int csObject) {
        Integer id = ids.get(guard);
        if (id == null) {
            id = ids.size();
            ids.put(guard, id);
        }
        long key = LongIntMap.key(id, cs.siteOf(csObject));
        int known = answers.get(key);
        if (known >= 0) {
            return known == 1;
        }
        boolean ok = true;
        for (int i = 0; ok && i < plugins.size(); i++) {
            ok = plugins.get(i).admits(guard, csObject);
        }
        answers.put(key, ok ? 1 : 0);
        return ok;
    }
}
