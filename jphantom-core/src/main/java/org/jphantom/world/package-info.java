/**
 * The closed world: every class the program, its class path and the selected JDK define, read
 * from class bytes alone (never from the tool's own class loader), with the JVM's class loader
 * delegation and the JVMS 5.4.3 field and method resolution rules. It also answers the solver's
 * questions about known types ({@link org.jphantom.solve.KnownTypes}). Every class read keeps its
 * shape ({@link org.jphantom.world.ClassInfo}) for the whole run, so the shapes are compact: members
 * in a table without an entry object per member, names optionally shared through an interner.
 * The program classes' shapes are read in the input's own format check
 * ({@link org.jphantom.world.ReadDeclarations}), not by a parse of their own.
 */
package org.jphantom.world;
