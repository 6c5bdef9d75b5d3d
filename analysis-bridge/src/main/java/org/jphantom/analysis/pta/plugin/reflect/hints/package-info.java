/**
 * Lightweight annotations for the reflection analysis ({@code --reflection-hints FILE}): SOLAR's
 * answer to the reflective calls its report flags (seed 001, Sections 2.3 and 4.4). A hint names a
 * reflective call site (caller class, method, optionally line and API) and what it may reach:
 * {@code classes}, {@code methods}, {@code fields}, or {@code ignore}. This package is the file
 * model ({@link org.jphantom.analysis.pta.plugin.reflect.hints.Hint},
 * {@link org.jphantom.analysis.pta.plugin.reflect.hints.ReflectionHints}) and its reader
 * ({@link org.jphantom.analysis.pta.plugin.reflect.hints.HintFileReader}), which checks the file's
 * shape; the reflection package checks the hints against the closed world and applies them
 * ({@code HintedTargets}).
 *
 * <p>Contract: every error is a {@link org.jphantom.JphantomException#input} naming the file, the
 * hint's index ({@code hints[2]}) and its site; a file is read once and never modified.
 */
package org.jphantom.analysis.pta.plugin.reflect.hints;
