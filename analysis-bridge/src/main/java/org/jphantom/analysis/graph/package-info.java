/**
 * The finished call graph as the outputs read it: {@link org.jphantom.analysis.graph.MethodGraph}
 * indexes the solver's context-insensitive edges by caller, call site and callee once, in
 * deterministic orders, for the JCG and DOT writers, explanations and the HTML report.
 */
package org.jphantom.analysis.graph;
