package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.util.LongIntMap;
import org.jphantom.analysis.util.LongSet;

/** The (context-sensitive caller, call site) pairs a model has handled: each is modelled once. */
final class CallSiteSet {
    private final LongSet seen = new LongSet();

    /** True the first time for {@code (callerCsm, callSite)}. */
    boolean add(int callerCsm, int callSite) {
        return seen.add(LongIntMap.key(callerCsm, callSite));
    }
}
