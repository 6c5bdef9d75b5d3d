package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;

/**
 * The methods of a set of interfaces and their superinterfaces, as a class implementing them
 * would have to answer them: the synthetic classes of dynamic proxies and of
 * {@code MethodHandleProxies} implement them.
 */
final class InterfaceMethods {
    private InterfaceMethods() {
    }

    /**
     * name+desc -> {declaring interface, name, desc} of the methods {@code keep} accepts, the first
     * declaration found (breadth-first from {@code interfaces}, in order) for each name and
     * descriptor, added to {@code out}.
     */
    static Map<String, String[]> collect(Program program, List<String> interfaces, Predicate<MemberInfo> keep,
                                         Map<String, String[]> out) {
        List<String> work = new ArrayList<>(interfaces);
        for (int i = 0; i < work.size(); i++) {
            ClassInfo info = program.info(program.type(work.get(i)));
            if (info == null) {
                continue;
            }
            for (MemberInfo m : info.methods()) {
                if (keep.test(m)) {
                    out.putIfAbsent(m.name() + m.desc(), new String[] {info.name(), m.name(), m.desc()});
                }
            }
            for (String sup : info.interfaces()) {
                if (!work.contains(sup)) {
                    work.add(sup);
                }
            }
        }
        return out;
    }

    static Map<String, String[]> collect(Program program, List<String> interfaces, Predicate<MemberInfo> keep) {
        return collect(program, interfaces, keep, new LinkedHashMap<>());
    }
}
