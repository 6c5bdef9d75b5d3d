/**
 * Selectx (seed 004, Sections 3 and 4): the pre-analysis that picks, from a context-insensitive
 * analysis of a program, the variables and allocation sites whose call-site context can avoid a
 * spurious points-to fact, for selective k-call-site sensitivity
 * ({@link org.jphantom.analysis.pta.context.SelectiveFactory}).
 *
 * <p>Contract: {@link org.jphantom.analysis.pta.selectx.PreGraph} builds the stateful pointer
 * assignment graph G_R of the paper from the context-insensitive solver's reachable methods and
 * call edges (field-insensitive; loads as assignments; static fields are globals that carry no
 * flow; each variable twice, forward V_f and backward V_p; parameter passing and returns as
 * entry and exit edges labelled with their call site). {@link
 * org.jphantom.analysis.pta.selectx.Selectx} applies Fig. 5's rules INTER-CONTEXT, INTRA-CONTEXT
 * and CALLSITE-SUMMARY to a fixpoint, in time linear in the graph (enflow and exflow are bit sets
 * over a method's parameters), and selects a node when both its sets are non-empty, seeding
 * enflow only at entry edges that objects reach (Eq. 18, which the paper's implementation
 * follows; Eq. 19 alone would also select nodes that only null reaches). Two rule sets
 * ({@link org.jphantom.analysis.pta.context.SelectxRules}): the lean one has one edge per store;
 * the full one has the paper's inverse store edge too, and selects the receivers (and arguments)
 * of dispatching calls that enflow reaches (Fig. 7). The selection only ever costs precision, never soundness: the main analysis is sound
 * under any one.
 */
package org.jphantom.analysis.pta.selectx;
