/**
 * The part of {@code jphantom record}'s agent that the instrumented JDK reflection methods call:
 * one class, which the agent renames and defines inside {@code java.base}, so it depends on
 * {@code java.base} only. It collects the distinct reflective calls with their callers and writes
 * them, sorted, in TamiFlex's format at exit.
 */
package org.jphantom.agent.rt;
