package org.jphantom.solve;

/**
 * How {@link Colouring} colours the phantoms whose kind the constraints leave open (no kind
 * constraint, no interface below them, no class above them but Object). Every open phantom may
 * be made a class as far as colours go (an interface below it would have made it an interface);
 * whether the single-inheritance problem then still solves is up to the super class choices, so
 * {@link HierarchySolver} tries the modes in declaration order and keeps the first that solves.
 * Open phantoms in the problem's {@code interfaceLike} set are interfaces in every mode.
 */
enum OpenKinds {
    /** Every open phantom without interface evidence is a class: most real types are. */
    CLASSES,
    /**
     * Only the open phantoms whose subtypes (transitively) are all open phantoms are classes:
     * they add class-to-class constraints among free phantoms only, which always solve.
     */
    FREE_CLASSES,
    /** Every open phantom is an interface (thesis Section 4.5): adds no class-to-class constraint. */
    INTERFACES
}
