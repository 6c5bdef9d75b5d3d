package org.jphantom.analysis.missing;

import java.util.List;
import java.util.SortedSet;
import org.jphantom.Result;

/**
 * What the analysis found missing and did about it.
 *
 * @param mode       the request's {@link MissingMode}
 * @param missing    the internal names the program references and the closed world lacks, sorted
 * @param complement the complementer's result when the program was complemented before the
 *                   analysis ({@link MissingMode#COMPLEMENT} and something missing), else null
 * @param failure    why complementing was given up (the complementer's message), else null; the
 *                   program is then analysed as it is
 */
public record Completion(MissingMode mode, SortedSet<String> missing, Result complement, String failure) {
    public Completion {
        missing = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(missing));
    }

    /** The number of phantom types generated for the analysis (0 if none were). */
    public int phantomTypes() {
        return complement == null ? 0 : complement.phantoms().size();
    }

    /**
     * One line for the user, or null when there is nothing to say: how many phantom types were
     * generated, or how many referenced classes are missing and what the analysis did about them.
     */
    public String message() {
        if (complement != null) {
            int n = phantomTypes();
            return n + " phantom type" + (n == 1 ? "" : "s") + " generated for the analysis; see --report";
        }
        if (missing.isEmpty()) {
            return null;
        }
        String count = missing.size() + " referenced class" + (missing.size() == 1 ? " is" : "es are") + " missing ("
                + examples() + ")";
        return switch (mode) {
            case COMPLEMENT -> count + "; complementing failed (" + failure + "), so the program is analysed as it is";
            case IGNORE -> count + "; analysed as they are (--missing ignore): calls into them have no target;"
                    + " --missing complement generates them first";
            case SKIP -> count + "; methods referencing them are left out (--missing skip);"
                    + " --missing complement generates them first";
        };
    }

    private String examples() {
        List<String> first = missing.stream().limit(3).map(n -> n.replace('/', '.')).toList();
        return String.join(", ", first) + (missing.size() > first.size() ? ", ..." : "");
    }
}
