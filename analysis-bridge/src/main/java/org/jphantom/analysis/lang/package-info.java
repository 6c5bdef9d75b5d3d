/**
 * The program as the analysis sees it ({@link org.jphantom.analysis.lang.Program}): dense indices
 * for types, methods and fields, built on the core's {@link org.jphantom.world.ClassWorld}, with
 * subtyping, JVMS method resolution and selection, and method bytecode read on demand.
 */
package org.jphantom.analysis.lang;
