/**
 * Analysis features built on the solver core through {@link org.jphantom.analysis.pta.plugin.Plugin}:
 * summaries of native methods, implicit calls of the JVM (threads, privileged actions), and the
 * model of methods that jphantom generated or that have no bytecode.
 */
package org.jphantom.analysis.pta.plugin;
