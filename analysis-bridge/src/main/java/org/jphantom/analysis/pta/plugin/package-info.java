/**
 * Analysis features built on the solver core through {@link org.jphantom.analysis.pta.plugin.Plugin}:
 * the entry points of a run, summaries of native methods, implicit calls of the JVM (threads,
 * privileged actions), and the model of methods that jphantom generated or that have no bytecode.
 * A plugin is made per analysis (it may keep state); requests hold factories of plugins.
 */
package org.jphantom.analysis.pta.plugin;
