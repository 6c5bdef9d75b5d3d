/**
 * Models of the calls the JVM and its libraries make that no bytecode of the program shows: JVM
 * callbacks (finalizers, uncaught-exception handlers, shutdown hooks, the {@code values()} of enums
 * behind {@code getEnumConstants}/{@code Enum.valueOf}, a thread's end), serialization hooks and
 * serializable lambdas, dynamic proxies, service providers (the program's and the JDK modules'), the JDK's default XML (JAXP) factories,
 * {@code Unsafe}, method handles (lookups, {@code unreflect*}, bound handles, {@code ldc}
 * constants, invocation by {@code asType}'s rules, {@code invokeWithArguments},
 * {@code MethodHandleProxies}) and the {@code invokedynamic} bootstraps other than lambdas;
 * classes defined from bytes are only reported. One plugin per
 * feature, each made per analysis by
 * {@link org.jphantom.analysis.pta.plugin.dynamic.DynamicModels}; the handle plugins share one
 * {@code HandleObjects} registry of what each handle object stands for.
 *
 * <p>Contract: every plugin here only adds facts through the solver's operations (points-to
 * facts, edges, call edges with explicit {@link org.jphantom.analysis.pta.solver.CallBinding}s,
 * statements added to reachable methods, bodies of synthetic classes); none changes what the
 * solver computes for code that does not use its feature, so with
 * {@link org.jphantom.analysis.AnalysisRequest#dynamicModels()} off the results are those of the
 * plain analysis. Calls a plugin adds are recorded at the call site that causes them (the
 * {@code addShutdownHook} call reaches the hook's {@code run()}), so they show in the call graph
 * where a user looks for them. What a plugin cannot resolve (a class object that is no constant,
 * a service file that lists a missing class) it reports through
 * {@link org.jphantom.analysis.pta.plugin.Warnings}, once per site of the program or its class
 * path (the JDK's own sites are not reported). The calls that use method handles ({@code invoke*},
 * {@code bindTo}, {@code Lookup.bind}, {@code asInterfaceInstance}) are modelled at the program's
 * sites only, and run only the handles the program made: the plain analysis lets the program's
 * handles into the JDK's method handle code, where, without contexts, they would reach every
 * handle call of the JDK, and lets the JDK's handles out of its lookup methods. Results do not depend on the
 * order of solving: abstract objects and synthetic classes are keyed by names, never by counters.
 */
package org.jphantom.analysis.pta.plugin.dynamic;
