package org.jphantom.verify;

import java.util.regex.Pattern;

/** Turns HotSpot's and the lookup API's messages into stable one-line report details. */
final class Messages {
    /** Identity hash codes in module and loader descriptions, e.g. {@code @6d06d69c}. */
    private static final Pattern HASH = Pattern.compile(" ?@[0-9a-f]{4,}\\b");
    /** The lookup API appends its own lookup class and previous lookup class; not the program's. */
    private static final Pattern LOOKUP_SUFFIX = Pattern.compile(", from (class|interface) .*$");

    private Messages() {
    }

    /** {@code SimpleName: message}, on one line, without hash codes. */
    static String describe(Throwable t) {
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + clean(m));
    }

    /** The throwable's message alone, cleaned as by {@link #describe}. */
    static String clean(Throwable t) {
        return t.getMessage() == null ? t.getClass().getSimpleName() : clean(t.getMessage());
    }

    /**
     * Keeps the parts of a (VerifyError) message that say what and where, drops frame and
     * bytecode dumps, joins the rest on one line.
     */
    static String clean(String message) {
        StringBuilder b = new StringBuilder();
        for (String line : message.split("\\R")) {
            String s = line.strip();
            if (s.startsWith("Current Frame:") || s.startsWith("Bytecode:") || s.startsWith("Stackmap Table:")
                    || s.startsWith("Exception Handler Table:")) {
                break;
            }
            if (s.isEmpty() || s.equals("Exception Details:")) {
                continue;
            }
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(s);
        }
        String one = HASH.matcher(b).replaceAll("");
        return LOOKUP_SUFFIX.matcher(one).replaceFirst("");
    }
}
