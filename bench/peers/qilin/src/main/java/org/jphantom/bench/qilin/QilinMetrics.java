package org.jphantom.bench.qilin;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import qilin.core.PTA;
import qilin.core.builder.FakeMainFactory;
import qilin.core.builder.callgraph.Edge;
import qilin.core.builder.callgraph.OnFlyCallGraph;
import qilin.core.pag.AllocNode;
import qilin.core.pag.ContextMethod;
import qilin.util.PTAUtils;
import sootup.core.jimple.common.Value;
import sootup.core.jimple.common.Local;
import sootup.core.jimple.common.expr.AbstractInvokeExpr;
import sootup.core.jimple.common.expr.JCastExpr;
import sootup.core.jimple.common.expr.JStaticInvokeExpr;
import sootup.core.jimple.common.stmt.JAssignStmt;
import sootup.core.jimple.common.stmt.Stmt;
import sootup.core.model.SootMethod;
import sootup.core.types.ReferenceType;

/**
 * The Table 1 metrics of seed 004 over a finished Qilin analysis, counted the way jphantom counts
 * them where Qilin allows: call edges are context-insensitive (caller method, call statement,
 * callee) triples over all reachable methods, the JDK's included, without the edges out of Qilin's
 * synthetic FakeMain (its entry points); reachable methods without FakeMain. Polymorphic calls and
 * may-fail casts are counted as Qilin's own SimplifiedEvaluator counts them (non-static call sites
 * with more than one target; reference casts of a local whose points-to set has an object the cast
 * may reject), without its alias statistics, which cost time and are not reported here. Also
 * Qilin's own call-edge figure (its CI call graph's size minus the implicit FakeMain edges), which
 * counts Qilin's edge kinds (e.g. a {@code Thread.start} to {@code run} edge beside the call) as
 * distinct edges.
 */
final class QilinMetrics {
  private QilinMetrics() {}

  static Map<String, Object> of(PTA pta, Path methodsFile) throws IOException {
    Set<SootMethod> reachable = new HashSet<>();
    for (ContextMethod m : pta.getCgb().getReachableMethods()) {
      if (!PTAUtils.isFakeMainMethod(m.method())) {
        reachable.add(m.method());
      }
    }
    long app = reachable.stream().filter(m -> pta.getScene().isApplicationMethod(m)).count();
    OnFlyCallGraph cg = pta.getCallGraph();
    Set<List<Object>> triples = new HashSet<>();
    long fromFakeMain = 0;
    for (Edge e : cg) {
      if (PTAUtils.isFakeMainMethod(e.src())) {
        fromFakeMain++;
        continue;
      }
      triples.add(List.of(e.src(), e.srcStmt() == null ? "implicit" : e.srcStmt(), e.tgt()));
    }
    long poly = 0;
    long mayFail = 0;
    long virtualSites = 0;
    long casts = 0;
    for (SootMethod sm : reachable) {
      for (Stmt st : PTAUtils.getMethodBody(sm).getStmts()) {
        if (st.isInvokableStmt() && st.asInvokableStmt().getInvokeExpr().isPresent()) {
          AbstractInvokeExpr ie = st.asInvokableStmt().getInvokeExpr().get();
          if (!(ie instanceof JStaticInvokeExpr)) {
            virtualSites++;
            Set<SootMethod> targets = new HashSet<>();
            for (Iterator<Edge> it = cg.edgesOutOf(st); it.hasNext(); ) {
              targets.add(it.next().tgt());
            }
            if (targets.size() > 1) {
              poly++;
            }
          }
        } else if (st instanceof JAssignStmt assign
            && assign.getRightOp() instanceof JCastExpr cast
            && assign.getLeftOp().getType() instanceof ReferenceType) {
          Value v = cast.getOp();
          if (!(v instanceof Local local)) {
            continue;
          }
          casts++;
          for (AllocNode n : pta.reachingObjects(sm, local).toCollection()) {
            if (!PTAUtils.castNeverFails(pta.getView(), n.getType(), cast.getType())) {
              mayFail++;
              break;
            }
          }
        }
      }
    }
    List<String> names = new ArrayList<>();
    reachable.forEach(m -> names.add(m.getSignature().toString()));
    names.sort(null);
    Files.write(methodsFile, names);

    Map<String, Object> s = new LinkedHashMap<>();
    s.put("reachableMethods", reachable.size());
    s.put("reachableApplicationMethods", app);
    s.put("callEdges", triples.size());
    s.put("qilinCallEdges", cg.size() - FakeMainFactory.implicitCallEdges);
    s.put("fakeMainEdges", fromFakeMain);
    s.put("polymorphicCallSites", poly);
    s.put("virtualCallSites", virtualSites);
    s.put("mayFailCasts", mayFail);
    s.put("casts", casts);
    s.put("methodContexts", pta.getCgb().getReachableMethods().size() - 1);
    return s;
  }
}
