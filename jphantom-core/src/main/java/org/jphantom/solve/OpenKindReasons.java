package org.jphantom.solve;

import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Names the evidence behind an open kind in the reason of the phantoms whose kind the constraints
 * left open: {@code kind left open: interface, as the program's uses say (values only)}. The kind
 * itself does not change; the reason keeps its first words, so a reader (or
 * {@code bench/fidelity_reasons.py}) can still group by them, and can now also tell which step of
 * the evidence order decided ({@code discover.KindEvidence}). Reasons that a constraint, the
 * thesis' default or the annotation evidence gave are left as they are.
 */
public final class OpenKindReasons {
    private static final String OPEN = "kind left open";

    private OpenKindReasons() {
    }

    /**
     * @param steps per phantom, the evidence step that decides its kind if the constraints leave it open
     * @return the solution with each open kind's reason naming its step
     */
    public static Solution apply(Solution solution, SortedMap<String, String> steps) {
        SortedMap<String, PhantomShape> out = new TreeMap<>(solution.phantoms());
        for (PhantomShape p : solution.phantoms().values()) {
            String step = steps.get(p.name());
            if (step != null && p.reason().startsWith(OPEN)) {
                out.put(p.name(), new PhantomShape(p.name(), p.kind(), p.superName(), p.interfaces(),
                        p.reason() + " (" + step + ")"));
            }
        }
        return new Solution(out);
    }
}
