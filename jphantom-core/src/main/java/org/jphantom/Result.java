package org.jphantom;

/**
 * The outcome of a run. {@link #hierarchyListing()} is the stable text form of the inferred
 * phantom hierarchy used by golden files:
 *
 * <pre>
 * class p.A extends java.lang.Object implements p.I, p.J
 *   &lt;init&gt;(int, java.lang.String)
 *   field static p.B f
 *   field int g
 *   method int m(java.lang.String)
 *   method static void s()
 * interface p.I extends p.K
 *   method void run()
 * annotation p.Ann
 * </pre>
 *
 * Phantoms sorted by name; "extends X" always shown for classes, "extends I, J" for interfaces
 * only when they have super interfaces (sorted), "implements" only when non-empty (sorted); an
 * annotation interface lists no super interfaces (java.lang.annotation.Annotation is implied).
 * Members listed are the inferred ones (referenced by the program, including those placed in a
 * phantom because a known class inherits them from it), each line two-space indented,
 * constructors first (sorted by descriptor), then fields, then methods (sorted by name, then
 * descriptor). Types in Java source form, arrays as {@code int[][]}, nested classes with '$'.
 */
public final class Result {
}
