/**
 * Heap abstraction: how run-time objects become abstract objects ({@link
 * org.jphantom.analysis.pta.heap.HeapModel}); the allocation-site model is the default. Heap
 * contexts are the context selector's business, not the heap model's.
 */
package org.jphantom.analysis.pta.heap;
