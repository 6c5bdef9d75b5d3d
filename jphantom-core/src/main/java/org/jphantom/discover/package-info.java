/**
 * Phantom discovery: every type and member a program class references, from every place the JVM
 * can load a class from, and which of those types the closed world lacks. Also decides which
 * methods need the dataflow of {@link org.jphantom.extract}.
 */
package org.jphantom.discover;
