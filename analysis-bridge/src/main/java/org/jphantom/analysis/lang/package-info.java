/**
 * The program as the analysis sees it ({@link org.jphantom.analysis.lang.Program}): dense indices
 * for types, methods and fields, built on the core's {@link org.jphantom.world.ClassWorld}, with
 * subtyping and JVMS method resolution; selection ({@code MethodSelection}) and the class files
 * ({@code ClassFiles}: method bytecode and constant pools, read on demand and timed by the {@link
 * org.jphantom.analysis.lang.LoadClock}) are its package-private parts. {@link
 * org.jphantom.analysis.lang.EmbeddedClasses} finds, before the analysis, the class files the
 * program carries as data (constant arrays, resources), which join the program.
 */
package org.jphantom.analysis.lang;
