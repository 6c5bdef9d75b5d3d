/**
 * "Why is this method reachable?": {@link org.jphantom.analysis.explain.Provenance} finds, for every
 * reachable method, the shortest chain from an entry point (or from what a model made reachable)
 * over the call graph and the class initialisations statements trigger;
 * {@link org.jphantom.analysis.explain.EdgeDescriber} says how each step came to be (virtual dispatch
 * on which receiver types, a reflective site and its inference, a model's name, class
 * initialisation); {@link org.jphantom.analysis.explain.MethodQuery} turns what the user typed into
 * methods; {@link org.jphantom.analysis.explain.Explainer} prints the answer. All of it reads the
 * finished result, whatever the context sensitivity: contexts are dropped.
 */
package org.jphantom.analysis.explain;
