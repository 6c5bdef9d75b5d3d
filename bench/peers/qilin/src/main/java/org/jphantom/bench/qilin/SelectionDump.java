package org.jphantom.bench.qilin;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import qilin.core.PointsToAnalysis;
import qilin.core.pag.AllocNode;
import qilin.core.pag.LocalVarNode;
import qilin.core.pag.Parm;
import qilin.util.PTAUtils;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.expr.JNewArrayExpr;
import sootup.core.jimple.common.expr.JNewExpr;
import sootup.core.jimple.common.expr.JNewMultiArrayExpr;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.SootMethod;

/**
 * Writes Selectx's selection node by node, sorted, one line each, for a node-by-node comparison
 * with jphantom's: {@code M sig} a method with contexts (Qilin's {@code csmethods}: a method with a
 * node that has enflow); {@code V sig role} a selected variable, role {@code this}, {@code pN}
 * (parameter N, counting primitive ones), {@code ret}, {@code throw} or {@code local NAME TYPE};
 * {@code O sig TYPE #N} a selected allocation, the N-th allocation of TYPE in the method's body (in
 * bytecode order, so it names the same site as the N-th {@code new} of TYPE in the class file);
 * {@code EV ...} and {@code EO ...} the same for a node with enflow that is not selected (Qilin's
 * value 0). Methods are SootUp signatures, {@code <pkg.C: R name(P1,P2)>}.
 */
final class SelectionDump {
  private SelectionDump() {}

  static void write(Path file, Map<Object, Integer> lengths, Set<SootMethod> csmethods) throws IOException {
    Set<String> lines = new TreeSet<>();
    for (SootMethod m : csmethods) {
      lines.add("M " + m.getSignature());
    }
    Map<SootMethod, Map<Object, String>> allocIds = new HashMap<>();
    for (Map.Entry<Object, Integer> e : lengths.entrySet()) {
      String tag = e.getValue() > 0 ? "" : "E";
      Object n = e.getKey();
      if (n instanceof LocalVarNode lvn) {
        lines.add(tag + "V " + lvn.getMethod().getSignature() + " " + role(lvn));
      } else if (n instanceof AllocNode a) {
        SootMethod m = a.getMethod();
        String id = m == null ? "?" : allocIds.computeIfAbsent(m, SelectionDump::allocIds).get(a.getNewExpr());
        lines.add(tag + "O " + (m == null ? "-" : m.getSignature()) + " " + a.getType() + " " + id);
      }
    }
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
      lines.forEach(w::println);
    }
  }

  private static String role(LocalVarNode lvn) {
    Object v = lvn.getVariable();
    if (v instanceof Parm p) {
      return switch (p.getIndex()) {
        case PointsToAnalysis.THIS_NODE -> "this";
        case PointsToAnalysis.RETURN_NODE -> "ret";
        case PointsToAnalysis.THROW_NODE -> "throw";
        default -> "p" + p.getIndex();
      };
    }
    if (v instanceof Local l) {
      return "local " + l.getName() + " " + l.getType();
    }
    return "other " + v.getClass().getSimpleName();
  }

  /** Per allocation expression of {@code m}: {@code #N}, its rank among the allocations of its type. */
  private static Map<Object, String> allocIds(SootMethod m) {
    Map<Object, String> ids = new java.util.IdentityHashMap<>();
    if (!PTAUtils.hasBody(m)) {
      return ids;
    }
    Map<String, Integer> seen = new HashMap<>();
    List<Stmt> stmts = new ArrayList<>(PTAUtils.getMethodBody(m).getStmts());
    for (Stmt s : stmts) {
      if (s instanceof JAssignStmt as) {
        Object r = as.getRightOp();
        if (r instanceof JNewExpr || r instanceof JNewArrayExpr || r instanceof JNewMultiArrayExpr) {
          String t = ((sootup.core.jimple.common.expr.Expr) r).getType().toString();
          int k = seen.merge(t, 1, Integer::sum);
          ids.put(r, "#" + k);
        }
      }
    }
    return ids;
  }
}
