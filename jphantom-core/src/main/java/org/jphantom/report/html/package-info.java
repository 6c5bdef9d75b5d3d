/**
 * The HTML report of a run, in the spirit of JaCoCo's: an index (summary, counts, timings,
 * warnings, phantom packages), a page per phantom package and per phantom (kind and reason,
 * supertypes, members inferred or stubbed, the uses behind it), the constraint table, the
 * conflict page of an unsatisfiable run, and the hierarchy picture: the phantoms among their
 * known direct supertypes, drawn by jphantom itself as SVG (layered, integer coordinates, no
 * Graphviz) and written as DOT.
 *
 * <p>Contract: every page is a pure function of the {@link org.jphantom.Result} (or of the
 * {@link org.jphantom.solve.UnsatisfiableException}); the only run-dependent content is the
 * timings table of the index. Links are relative, so the directory can be moved or served as is.
 * The CLI ({@code --html DIR}) and the Maven plugin write it through {@link
 * org.jphantom.report.html.HtmlReport}.
 */
package org.jphantom.report.html;
