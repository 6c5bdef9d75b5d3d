/**
 * The seeded mutation campaign: {@link org.jphantom.fuzz.Mutator} damages one class file of a seed
 * jar, {@link org.jphantom.fuzz.Campaign} complements each mutant in-process and classifies the
 * outcome (exit 0 verified, exit 0 with a warning naming the damaged class, input error,
 * unsatisfiable; never an internal error), {@link org.jphantom.fuzz.FuzzTest} runs a short campaign
 * in CI and {@code bench/fuzz.sh} a long one. Mutant {@code i} of seed {@code s} reproduces alone.
 */
package org.jphantom.fuzz;
