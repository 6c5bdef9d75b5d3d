/** Sorted, stable dumps of an analysis result and its metrics. */
package org.jphantom.analysis.output;
