/**
 * Reading and writing the files jphantom works on: the program's jars and class directories
 * ({@link org.jphantom.io.ProgramInput}), the library class path ({@link org.jphantom.io.LibraryPath}),
 * the JDK read as class files from {@code jrt:} or {@code ct.sym} ({@link org.jphantom.io.JdkImage}),
 * and the completed jar ({@link org.jphantom.io.JarOutput}, whose zip records are written by the
 * package's own {@code RawZipWriter}: entries copied as stored, no name re-encoded per header).
 *
 * <p>Everything the later stages know about a type comes through this package as class file bytes;
 * nothing is looked up through the tool's own class loader. Input problems are reported once, as a
 * {@link org.jphantom.JphantomException} whose one-line message names the file and the jar entry.
 * Output is deterministic: sorted entries, fixed timestamps, written atomically.
 *
 * <p>Each program class is parsed twice in a run: its declarations in the read's format check
 * (which hands them to a {@link org.jphantom.io.DeclarationReader}, the class world's), and
 * everything in the analysis's {@link org.jphantom.io.ClassParser}, which checks the code on the way.
 */
package org.jphantom.io;
