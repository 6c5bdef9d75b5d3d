package org.jphantom.analysis.reflect.log;

import java.util.Comparator;

/**
 * One line of a log: at {@code site}, the API {@code kind} reached {@code target}.
 *
 * @param kind the reflective API called
 * @param target the class, method, constructor or field it reached
 * @param site the caller and line
 * @param metadata TamiFlex's fifth column, as written (e.g. {@code isAccessible=true}); empty when none
 * @param count how many times (TamiFlex's optional count), or 0 when not counted
 * @param origin the file and line the entry was read from, for messages
 */
public record LogEntry(ApiKind kind, LogTarget target, CallSite site, String metadata, int count, String origin)
        implements Comparable<LogEntry> {
    private static final Comparator<LogEntry> ORDER = Comparator.comparing(LogEntry::site)
            .thenComparing(LogEntry::kind).thenComparing(e -> e.target().text()).thenComparing(LogEntry::metadata);

    @Override
    public int compareTo(LogEntry o) {
        return ORDER.compare(this, o);
    }

    /** The entry as a TamiFlex log line (the count column empty when 0). */
    public String toLine() {
        return kind.label() + ";" + target.text() + ";" + site.callerClass() + "." + site.callerMethod() + ";"
                + (site.line() >= 0 ? site.line() : "") + ";" + metadata + ";" + (count > 0 ? count : "");
    }
}
