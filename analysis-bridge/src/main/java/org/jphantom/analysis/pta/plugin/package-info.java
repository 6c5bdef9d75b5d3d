/**
 * Analysis features built on the solver core through {@link org.jphantom.analysis.pta.plugin.Plugin}:
 * the entry points of a run, summaries of native methods, implicit calls of the JVM (threads,
 * privileged actions), and the model of methods that jphantom generated or that have no bytecode.
 * {@link org.jphantom.analysis.pta.plugin.StringOrigins} tells the models that read string values
 * (reflection, method-handle lookups) which strings of a colour (string colouring) reach a pointer.
 * A plugin is made per analysis (it may keep state); requests hold factories of plugins.
 */
package org.jphantom.analysis.pta.plugin;
