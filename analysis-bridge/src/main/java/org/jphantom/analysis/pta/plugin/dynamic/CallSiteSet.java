package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.HashSet;
import java.util.Set;
import org.jphantom.analysis.util.LongIntMap;

/** The (context-sensitive caller, call site) pairs a model has handled: each is modelled once. */
final class CallSiteSet {
    private final Set<Long> seen = new HashSet<>();

    /** True the first time for {@code (callerCsm, callSite)}. */
    boolean add(int callerCsm, int callSite) {
        return seen.add(LongIntMap.key(callerCsm, callSite));
    }
}
