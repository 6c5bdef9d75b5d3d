/**
 * Constraint extraction: a verifier-style dataflow whose values are sets of types
 * ({@link org.jphantom.extract.TypeSetInterpreter} over ASM's {@code Frame} and {@code Analyzer}),
 * then a separate pass that reads the subtype and kind constraints of thesis Figure 4.10, completed
 * for today's verifier and linker, off the finished frames. Every constraint keeps its origin.
 */
package org.jphantom.extract;
