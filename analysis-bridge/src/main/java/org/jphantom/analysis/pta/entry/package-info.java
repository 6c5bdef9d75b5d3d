/**
 * Entry points: where the analysed code is entered from, as a policy ({@link EntryPointPolicy})
 * chosen by {@link EntryPointOptions}.
 *
 * <ul>
 *   <li>{@code main}: the program's {@code main(String[])} methods ({@link MainMethods}), the
 *       closed world of an application. Their {@code String[]} holds one unknown string, for any
 *       command line, or exactly the strings of one command line when it is given
 *       ({@link EntryPointOptions#mainArgs()}, {@code --arg}).</li>
 *   <li>{@code library}: the open world of a library (after Reif et al., "Call Graph Construction
 *       for Java Libraries", FSE 2016): every method, constructor and static initialiser a client
 *       can call or reach by overriding ({@link LibraryEntryPoints}), with what a client can see
 *       decided by a {@link ClientView} (open or closed packages).</li>
 *   <li>{@code all}: every method of the program that has a body ({@link AllMethods}).</li>
 * </ul>
 *
 * <p>In every mode, when switched on ({@link EntryPointOptions#jvmStartup()}), what the JVM runs
 * before the first entry point is analysed as further entry points ({@link JvmStartup}): the main
 * thread and its thread groups, {@code System.initPhase1()} and {@code initPhase3()} (the standard
 * streams, the system properties, the system class loader as the main thread's context class
 * loader), with {@code Thread.currentThread()} returning the main thread and every started thread.
 *
 * <p>The open-world modes model the unknown client by one abstract "client" object per type
 * ({@link ClientObjects}): parameters of entry points, fields a client can write and the results
 * of calls that client code may answer ({@link ClientCallbacks}) hold the client objects of every
 * type a client could pass there: every library class that is a subtype (a client may hand back
 * any library object that escaped to it), the declared type itself (a client's own subclass, or a
 * JDK implementation) and, for interfaces, a client class that extends a library class and
 * implements the interface with an inherited method (call-by-signature). A client object's fields
 * hold the client objects of their declared types, since anything the library stored in an object
 * that escaped may be there. The policies are stateless; the plugins they make hold the state of
 * one run.
 */
package org.jphantom.analysis.pta.entry;
