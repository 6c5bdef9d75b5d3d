/**
 * {@code jphantom verify}: the proof that a jar is whole.
 *
 * <p>{@link org.jphantom.verify.JarVerifier#verify} starts a child JVM of the selected JDK
 * (verification of all classes on) that loads every class entry of the jar in a fresh class
 * loader over the jar and its library class path, forces HotSpot to link each one (which runs
 * its bytecode verifier), and then resolves every symbolic reference of each class's code the
 * way the JVM does at run time (JVMS 5.4.3): owner classes, fields, methods, constructors,
 * method types and handles, bootstrap methods, catch types, with HotSpot's access checks for the
 * referring class. References in code that never runs count too: the point of a complemented jar
 * is that everything links.
 *
 * <p>The result is a {@link org.jphantom.verify.VerifyResult}: counts and a sorted,
 * duplicate-free list of {@link org.jphantom.verify.VerifyFailure}s, each naming the class and
 * what failed. Same jar, same JDK, same result.
 *
 * <p>Where the check is stricter than HotSpot, on purpose: linking is forced by reflection on
 * declared fields, which also loads the fields' types; method descriptors of resolved
 * references become {@link java.lang.invoke.MethodType}s, which loads every class they name;
 * a constructor's owner must have all its constructor signatures loadable. HotSpot would defer
 * those loads; a whole program has the classes anyway. Classes in packages of JDK modules are
 * refused, as the application class loader never loads them from the class path.
 *
 * <p>Flow: {@code JarVerifier} (parent) &rarr; {@code VerifyMain} (child entry) &rarr;
 * {@code ProgramChecker} (load, link) &rarr; {@code ReferenceCollector} (ASM: references of the
 * code) &rarr; {@code ReferenceResolver} (HotSpot resolution through method handle lookups)
 * &rarr; {@code Protocol} (lines back to the parent).
 */
package org.jphantom.verify;
