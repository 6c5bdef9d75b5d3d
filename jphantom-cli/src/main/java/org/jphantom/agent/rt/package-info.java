/**
 * The part of {@code jphantom record}'s agent that the instrumented JDK reflection methods call:
 * loaded by the bootstrap class loader, it depends on {@code java.base} only. It collects the
 * distinct reflective calls with their callers and writes them, sorted, in TamiFlex's format at exit.
 */
package org.jphantom.agent.rt;
