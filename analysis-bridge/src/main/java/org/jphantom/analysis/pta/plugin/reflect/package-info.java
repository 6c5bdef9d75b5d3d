/**
 * The reflection analysis: a plugin of the solver ({@link
 * org.jphantom.analysis.pta.plugin.reflect.ReflectionAnalysis}) that resolves {@code Class.forName},
 * {@code ClassLoader.loadClass}, the {@code Class.get*} lookups, {@code newInstance},
 * {@code Method.invoke}, {@code Field.get/set} and {@code Array.newInstance} by the rules of
 * Livshits et al. ("Reflection Analysis for Java", APLAS 2005: string constants, cast-based
 * inference) and of SOLAR (Li, Tan, Xue, SAS 2015: unknown meta-objects, lazy heap modelling,
 * collective inference, the soundness criterion), plus the targets of a TamiFlex log and of hints
 * ({@code LoggedTargets}, {@code HintedTargets}, file model in {@code reflect.hints}); on top of
 * SOLAR, the techniques of thesis chapter 3 ({@link
 * org.jphantom.analysis.pta.plugin.reflect.ReflectionOptions}): substring flow ({@code SubstringFlow},
 * {@code BuilderSites}), back-propagation ({@code BackPropagation}) and object invention
 * ({@code Invention}); string colouring (seed 000) is the heap's ({@link
 * org.jphantom.analysis.pta.heap.StringColouring}), read here through {@code HeapModel.stringValues}:
 * where a colour's object reaches a lookup, only the strings of the colour that reach it select
 * ({@link org.jphantom.analysis.pta.plugin.StringOrigins}), so every site finds what it finds
 * without colouring.
 *
 * <p>Contract: with {@link org.jphantom.analysis.pta.plugin.reflect.ReflectionMode#NONE} the plugin
 * changes nothing. Meta-objects are abstract objects of the heap, shared (no heap context); the
 * {@code Method}, {@code Constructor} and {@code Field} objects of known members have the keys of
 * {@link org.jphantom.analysis.pta.plugin.MemberKey}, so other models (proxies, method handles)
 * meet the same objects. Only the reflective calls of the program
 * and its class path are modelled, not the JDK's own (its class loading, serialization and
 * {@code java.lang.invoke} machinery would pull in most of the JDK; SOLAR's and Tai-e's
 * evaluations likewise resolve application reflection), and casts of the JDK do not type lazy
 * objects either. SOLAR's lazy typing and the thesis' use-based inference stop at the thresholds of
 * {@link org.jphantom.analysis.pta.plugin.reflect.ReflectionLimits} (a lazy object typed as at most
 * N classes per creating site; the uses past it are reported as making the site unsound). Of a
 * lookup's {@code Class[]} only a constant length is read ({@code ParameterCount}). Inference searches the closed world (the
 * program and its class path) and never enumerates the JDK's classes. After the fixpoint,
 * {@link org.jphantom.analysis.pta.plugin.reflect.ReflectionReport} lists every reflective call
 * site reached, sorted, with its targets, how each was found and whether it is unsound or imprecise.
 */
package org.jphantom.analysis.pta.plugin.reflect;
