package org.jphantom.solve;

import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import org.jphantom.model.Constraint;

/**
 * Internal signal that one solving attempt failed. {@code suspects} is a sorted set of
 * constraints believed to be unsatisfiable by themselves (the conflict minimiser verifies this
 * and falls back to all constraints when it is not). Carries no stack trace: it is control flow.
 */
final class Failure extends Exception {
    final List<Constraint> suspects;
    final boolean boundHit;

    Failure(String message, Collection<Constraint> suspects, boolean boundHit) {
        super(message, null, false, false);
        this.suspects = List.copyOf(new TreeSet<>(suspects));
        this.boundHit = boundHit;
    }

    Failure(String message, Collection<Constraint> suspects) {
        this(message, suspects, false);
    }
}
