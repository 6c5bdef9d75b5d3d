/**
 * Heap abstraction: how run-time objects become abstract objects ({@link
 * org.jphantom.analysis.pta.heap.HeapModel}); the allocation-site model with its {@link
 * org.jphantom.analysis.pta.heap.HeapOptions} (what is merged per type, whether string constants
 * are kept apart) is the default, made per analysis by a {@link
 * org.jphantom.analysis.pta.heap.HeapFactory}. A heap model keeps its own tables (never writes to
 * the IR) and says which string or class constant an object stands for ({@code stringValues}: all
 * the strings of a colour, with {@link org.jphantom.analysis.pta.heap.StringColouring}). {@link
 * org.jphantom.analysis.pta.heap.NameIndex} says which strings are names or parts of names of the
 * closed world. Heap contexts are the context selector's business, not the heap model's.
 */
package org.jphantom.analysis.pta.heap;
