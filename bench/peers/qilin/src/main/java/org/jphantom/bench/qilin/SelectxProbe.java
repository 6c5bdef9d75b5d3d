package org.jphantom.bench.qilin;

import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import qilin.core.PTAScene;
import qilin.core.pag.AllocNode;
import qilin.core.pag.ContextMethod;
import qilin.core.pag.LocalVarNode;
import qilin.core.pag.PAG;
import qilin.core.pag.ValNode;
import qilin.parm.select.PartialVarSelector;
import qilin.pta.tools.SelectxPTA;
import qilin.util.PTAUtils;
import sootup.core.model.SootMethod;

/**
 * Qilin's {@link SelectxPTA}, unchanged in what it computes, that keeps what Selectx selected so the
 * benchmark can report it against the context-insensitive pre-analysis: variables (local variable
 * nodes of reachable methods, {@code this} and parameters included), objects (allocation nodes),
 * methods (Qilin's {@code csmethods}: methods with a selected variable or object).
 *
 * <p>Qilin selects by IR object: {@code csnodes} holds the selected nodes' {@code Local}s and
 * {@code new} expressions, and its selector asks {@code csnodes.contains(local)} for every variable
 * of a method that has contexts. SootUp's {@code Local.equals} compares names only, so every local
 * named like a selected one ({@code r1}, {@code $stack3}, ...) of a context-sensitive method is
 * analysed under contexts, not only the selected ones; {@code effectiveVariables} counts those.
 * With {@code identity} the selector gets an identity set instead (what Qilin on Soot, where locals
 * are equal only to themselves, selects); the rest of the analysis is Qilin's.
 */
final class SelectxProbe extends SelectxPTA {
  private final int k;
  private final Consumer<Map<String, Object>> report;
  private final java.nio.file.Path callGraphFile;
  private Map<Object, Integer> lengths = Map.of();

  /**
   * {@code report} gets {@link #selection()} as soon as the selection is made; the pre-analysis'
   * call graph is written to {@code callGraphFile} before the selection ({@link #writeCallGraph}).
   */
  SelectxProbe(PTAScene scene, int k, boolean identity, java.nio.file.Path callGraphFile,
      Consumer<Map<String, Object>> report) {
    super(scene, k);
    this.k = k;
    this.report = report;
    this.callGraphFile = callGraphFile;
    if (identity) {
      csnodes = Collections.newSetFromMap(new IdentityHashMap<>());
      ctxSel = new PartialVarSelector(k, k - 1, csnodes, csmethods);
    }
  }

  @Override
  protected Map<Object, Integer> calculatingNode2Length() {
    try {
      writeCallGraph(callGraphFile);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    lengths = super.calculatingNode2Length();
    return lengths;
  }

  /**
   * Writes the context-insensitive pre-analysis' call graph (the one Selectx builds its graph on)
   * as sorted, distinct {@code caller TAB callee} lines of SootUp method signatures, without the
   * edges out of Qilin's FakeMain: comparable line for line with jphantom's.
   */
  private void writeCallGraph(java.nio.file.Path file) throws java.io.IOException {
    writeCallGraph(prePTA.getCallGraph(), file);
  }

  /** Writes {@code cg} as {@link #writeCallGraph(java.nio.file.Path)} describes. */
  static void writeCallGraph(Iterable<qilin.core.builder.callgraph.Edge> cg, java.nio.file.Path file)
      throws java.io.IOException {
    java.util.TreeSet<String> lines = new java.util.TreeSet<>();
    for (qilin.core.builder.callgraph.Edge e : cg) {
      if (e.src() != null && !PTAUtils.isFakeMainMethod(e.src())) {
        lines.add(e.src().getSignature() + "\t" + e.tgt().getSignature());
      }
    }
    java.nio.file.Files.write(file, lines);
  }

  @Override
  protected void preAnalysis() {
    super.preAnalysis();
    report.accept(selection());
  }

  /** Writes the selection node by node ({@link SelectionDump}). */
  void dump(java.nio.file.Path file) throws java.io.IOException {
    SelectionDump.write(file, lengths, csmethods);
  }

  /** The selection's figures, keys as in jphantom's stats.json where they mean the same. */
  Map<String, Object> selection() {
    PAG pre = prePTA.getPag();
    Set<SootMethod> reachable = new HashSet<>();
    for (ContextMethod m : prePTA.getReachableMethods()) {
      if (!PTAUtils.isFakeMainMethod(m.method())) {
        reachable.add(m.method());
      }
    }
    long variables = 0;
    long selectedVariables = 0;
    long effective = 0;
    for (ValNode n : pre.getValNodes()) {
      if (n instanceof LocalVarNode lvn && reachable.contains(lvn.getMethod())) {
        variables++;
        if (lengths.getOrDefault(lvn, 0) > 0) {
          selectedVariables++;
        }
        if (csmethods.contains(lvn.getMethod()) && csnodes.contains(lvn.getVariable())) {
          effective++;
        }
      }
    }
    long objects = 0;
    long selectedObjects = 0;
    for (AllocNode a : pre.getAllocNodes()) {
      if (a.getMethod() != null && !reachable.contains(a.getMethod())) {
        continue;
      }
      objects++;
      if (lengths.getOrDefault(a, 0) > 0) {
        selectedObjects++;
      }
    }
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("k", k);
    s.put("variables", variables);
    s.put("selectedVariables", selectedVariables);
    s.put("selectedVariablesPercent", percent(selectedVariables, variables));
    s.put("effectiveVariables", effective);
    s.put("effectiveVariablesPercent", percent(effective, variables));
    s.put("objects", objects);
    s.put("selectedObjects", selectedObjects);
    s.put("selectedObjectsPercent", percent(selectedObjects, objects));
    s.put("methods", reachable.size());
    s.put("selectedMethods", csmethods.size());
    s.put("selectedMethodsPercent", percent(csmethods.size(), reachable.size()));
    s.put("csnodes", csnodes.size());
    return s;
  }

  private static String percent(long part, long whole) {
    return whole == 0 ? "0" : String.format("%.1f", 100.0 * part / whole);
  }
}
