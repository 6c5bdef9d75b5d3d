/**
 * The analysis bridge: a whole-program points-to analysis with an on-the-fly call graph over a
 * (completed) program, its class path and the JDK, all read as class files. {@link
 * org.jphantom.analysis.Analysis#run} takes an {@link org.jphantom.analysis.AnalysisRequest} and
 * returns an {@link org.jphantom.analysis.AnalysisResult}; the packages below follow the data:
 * {@code lang} (the program model) -> {@code ir} (bytecode to statements) -> {@code pta.solver}
 * with {@code pta.context}, {@code pta.heap} and {@code pta.plugin} -> {@code output}.
 */
package org.jphantom.analysis;
