/**
 * Incomplete programs: which classes the program references but the closed world lacks
 * ({@link org.jphantom.analysis.missing.MissingClasses}), and what the analysis does about them
 * ({@link org.jphantom.analysis.missing.MissingMode}): complement the program in memory first (the
 * default), analyse it as it is, or leave out what references missing types.
 * {@link org.jphantom.analysis.missing.Completion} is the outcome, read by the result and the report.
 */
package org.jphantom.analysis.missing;
