package org.jphantom.analysis.reflect.log;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The entries of one log, sorted by site, kind and target, without duplicates (the count and
 * origin aside). Immutable.
 */
public final class ReflectionLog {
    private final List<LogEntry> entries;
    private final Map<CallSite, List<LogEntry>> bySite;

    public ReflectionLog(List<LogEntry> entries) {
        List<LogEntry> sorted = new ArrayList<>(entries);
        Collections.sort(sorted);
        List<LogEntry> distinct = new ArrayList<>();
        for (LogEntry e : sorted) {
            if (distinct.isEmpty() || distinct.get(distinct.size() - 1).compareTo(e) != 0) {
                distinct.add(e);
            }
        }
        this.entries = List.copyOf(distinct);
        Map<CallSite, List<LogEntry>> sites = new TreeMap<>();
        for (LogEntry e : this.entries) {
            sites.computeIfAbsent(e.site(), s -> new ArrayList<>()).add(e);
        }
        sites.replaceAll((s, list) -> List.copyOf(list));
        this.bySite = Collections.unmodifiableMap(sites);
    }

    public List<LogEntry> entries() {
        return entries;
    }

    /** The entries of each call site, sites sorted. */
    public Map<CallSite, List<LogEntry>> bySite() {
        return bySite;
    }

    /** The entries of one site (empty when the log has none). */
    public List<LogEntry> at(CallSite site) {
        return bySite.getOrDefault(site, List.of());
    }

    /** The entries of the given kind, sorted. */
    public List<LogEntry> of(ApiKind kind) {
        return entries.stream().filter(e -> e.kind() == kind).toList();
    }
}
