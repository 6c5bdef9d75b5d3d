/**
 * The HTML report of an analysis ({@code jphantom analyze --html DIR}):
 * {@link org.jphantom.analysis.report.AnalysisHtml} writes the pages (summary, entry points,
 * packages and a searchable method index, the reflective and dynamic sites, one page per
 * application method with its callers, callees and "why reachable" chain), and
 * {@link org.jphantom.analysis.report.CallGraphSvg} draws the application's call graph as SVG with
 * the project's own layered layout (no external layout tool), collapsed as the DOT output is. Every
 * name is escaped; every page but {@code timings.html} is the same bytes for the same result.
 */
package org.jphantom.analysis.report;
