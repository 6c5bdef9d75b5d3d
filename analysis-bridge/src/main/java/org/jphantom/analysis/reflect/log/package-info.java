/**
 * Reflection logs in TamiFlex's format (Bodden et al., ICSE 2011): the reflective calls a run made,
 * each with its API ({@link org.jphantom.analysis.reflect.log.ApiKind}), target (class, method,
 * constructor or field) and call site (caller method and line). {@code jphantom record} writes such
 * logs; {@link org.jphantom.analysis.reflect.log.TamiFlexLogReader} reads them, and those of
 * TamiFlex's Play-Out Agent, into an immutable, sorted
 * {@link org.jphantom.analysis.reflect.log.ReflectionLog}. A malformed line is an input error
 * (exit code 2) that names the file and the line. Nothing here depends on the points-to solver.
 */
package org.jphantom.analysis.reflect.log;
