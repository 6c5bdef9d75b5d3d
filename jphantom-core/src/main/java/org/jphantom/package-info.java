/**
 * jphantom's library entry point: {@link org.jphantom.Complementer#complement} takes a
 * {@link org.jphantom.Request} and returns a {@link org.jphantom.Result}. The stages live in
 * sub-packages in the order data flows through them: io, world, discover, extract, solve,
 * generate, report; verify proves the output with HotSpot. Between stages, InputChecks (package
 * private) applies the checks of the program as a whole: input errors that stop the run and
 * warnings that name a class the JVM cannot load or link as it is. AheadBatch (package private)
 * runs the analysis's parses ahead of its scan on the common pool, the scan parsing itself what no
 * worker has reached; the scan takes the trees in program order, so who parsed them never shows.
 */
package org.jphantom;
