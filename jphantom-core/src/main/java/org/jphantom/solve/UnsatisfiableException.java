package org.jphantom.solve;

import java.util.List;
import org.jphantom.JphantomException;
import org.jphantom.model.Constraint;

/**
 * The constraints admit no complement. {@link #conflict()} is a small set of constraints that
 * is unsatisfiable by itself (each carries its origin), sorted.
 */
public class UnsatisfiableException extends JphantomException {
    private final List<Constraint> conflict;

    public UnsatisfiableException(String message, List<Constraint> conflict) {
        super(message, UNSATISFIABLE_OR_UNVERIFIABLE);
        this.conflict = List.copyOf(conflict);
    }

    public List<Constraint> conflict() {
        return conflict;
    }
}
