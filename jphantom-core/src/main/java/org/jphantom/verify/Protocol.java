package org.jphantom.verify;

import java.util.ArrayList;
import java.util.List;

/**
 * The line protocol from {@link VerifyMain} (child JVM, standard output) to {@link JarVerifier}.
 * One record per line, fields separated by tabs, backslash, tab and line breaks escaped:
 * <pre>
 * FAIL &lt;class&gt; &lt;kind&gt; &lt;detail&gt;
 * DONE &lt;classesChecked&gt; &lt;referencesChecked&gt;
 * </pre>
 * {@code DONE} comes last and only after a complete run, so a truncated output is detected.
 * Lines that start with neither tag are ignored, which keeps stray output harmless.
 */
final class Protocol {
    static final String FAIL = "FAIL";
    static final String DONE = "DONE";

    private Protocol() {
    }

    static String failLine(VerifyFailure f) {
        return FAIL + '\t' + escape(f.className()) + '\t' + escape(f.kind()) + '\t' + escape(f.detail());
    }

    static String doneLine(int classes, int references) {
        return DONE + '\t' + classes + '\t' + references;
    }

    /**
     * Parses a child's whole output.
     *
     * @throws IllegalArgumentException if a line is malformed or the {@code DONE} line is missing
     */
    static VerifyResult parse(List<String> lines) {
        List<VerifyFailure> failures = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split("\t", -1);
            if (f[0].equals(FAIL) && f.length == 4) {
                failures.add(new VerifyFailure(unescape(f[1]), unescape(f[2]), unescape(f[3])));
            } else if (f[0].equals(DONE) && f.length == 3) {
                return new VerifyResult(Integer.parseInt(f[1]), Integer.parseInt(f[2]), failures);
            } else if (f[0].equals(FAIL) || f[0].equals(DONE)) {
                throw new IllegalArgumentException("malformed line: " + line);
            }
        }
        throw new IllegalArgumentException("no " + DONE + " line: the run did not complete");
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\\\");
                case '\t' -> b.append("\\t");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    static String unescape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                b.append(c);
                continue;
            }
            char n = s.charAt(++i);
            b.append(switch (n) {
                case 't' -> '\t';
                case 'n' -> '\n';
                case 'r' -> '\r';
                default -> n;
            });
        }
        return b.toString();
    }
}
