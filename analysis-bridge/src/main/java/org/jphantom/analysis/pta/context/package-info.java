/**
 * Context policy, apart from the solver: interned contexts ({@link
 * org.jphantom.analysis.pta.context.Contexts}) and the selectors that choose them per call and per
 * allocation ({@link org.jphantom.analysis.pta.context.ContextSelector}).
 */
package org.jphantom.analysis.pta.context;
