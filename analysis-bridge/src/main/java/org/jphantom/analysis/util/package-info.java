/** Primitive collections for the analysis' hot paths: no boxing, no per-entry objects. */
package org.jphantom.analysis.util;
