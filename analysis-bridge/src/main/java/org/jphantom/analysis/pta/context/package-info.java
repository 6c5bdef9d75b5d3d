/**
 * Context policy, apart from the solver: interned contexts ({@link
 * org.jphantom.analysis.pta.context.Contexts}) and the selectors that choose them per call, per
 * allocation and per variable ({@link org.jphantom.analysis.pta.context.ContextSelector}), made per
 * analysis by a {@link org.jphantom.analysis.pta.context.SelectorFactory}; {@link
 * org.jphantom.analysis.pta.context.Selectors#named} maps command-line names to factories. {@link
 * org.jphantom.analysis.pta.context.Isolating} wraps any selector so that code started in its
 * isolated context (the JVM's start-up) is analysed once, context-insensitively.
 */
package org.jphantom.analysis.pta.context;
