package org.jphantom.solve;

import org.jphantom.model.Constraint;

/** A subtype constraint {@code sub <: sup} on node indices, with the constraint it came from. */
record Edge(int sub, int sup, Constraint.Subtype constraint) {
}
