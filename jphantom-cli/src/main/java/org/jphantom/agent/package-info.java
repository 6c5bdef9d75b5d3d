/**
 * The Java agent of {@code jphantom record} (JDK 17 and newer): {@link org.jphantom.agent.Premain}
 * installs {@link org.jphantom.agent.Hooks}, which retransforms the JDK's reflection entry points
 * to call {@link org.jphantom.agent.rt.Recorder}; with {@code --calls}, {@link
 * org.jphantom.agent.Entries} makes every method of the program call {@link
 * org.jphantom.agent.rt.CallRecorder} on entry. Contract: the program's behaviour, output and exit
 * code are unchanged (the hooks only read values the program already has, and every throwable is
 * caught inside the recorders), identity hash codes aside: starting any Java agent shifts those of
 * the main thread, so output that follows the order of identity-hashed sets may change (README;
 * {@code --calls} draws more of them). The log lists each distinct reflective call once, sorted, in
 * TamiFlex's format, written when the JVM shuts down; the call edges likewise, in their own file.
 */
package org.jphantom.agent;
