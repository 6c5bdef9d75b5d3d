package org.jphantom.bench.consumers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import qilin.core.PTA;
import qilin.core.builder.callgraph.Edge;
import qilin.core.pag.ContextMethod;
import qilin.driver.PTAFactory;
import qilin.driver.PTAPattern;
import qilin.pta.PTAConfig;
import qilin.util.PTAUtils;
import sootup.callgraph.CallGraph;
import sootup.callgraph.ClassHierarchyAnalysisAlgorithm;
import sootup.core.inputlocation.AnalysisInputLocation;
import sootup.core.model.SourceType;
import sootup.core.signatures.MethodSignature;
import sootup.java.bytecode.frontend.inputlocation.JavaClassPathAnalysisInputLocation;
import sootup.java.bytecode.frontend.inputlocation.JrtFileSystemAnalysisInputLocation;
import sootup.java.core.views.JavaView;

/**
 * Benchmark driver (not part of jphantom): one SootUp call graph of a program, written in the
 * common form of bench/consumers.sh.
 *
 * <p>Usage: {@code SootUpRun --algo cha|qilin --main CLASS --out DIR [--lib JAR]... JAR...}. Every
 * JAR is application code; a {@code --lib} jar (jphantom's phantoms jar) and the running JDK's image
 * ({@code jrt:/}) are library code. {@code cha} is SootUp's class hierarchy analysis from {@code
 * main(String[])}; {@code qilin} is SootUp's pointer analysis framework Qilin, context-insensitive
 * ({@code insens}), single entry (main and the static initialisers it reaches: Qilin's other entry
 * points are JDK 8 methods). SootUp has no option for missing classes: a reference to one is kept
 * as a signature that resolves to nothing.
 *
 * <p>Writes {@code DIR/methods.txt} (reachable methods) and {@code DIR/edges.txt} (caller TAB
 * callee, one line per distinct pair), both sorted, signatures as {@code <pkg.C: R m(A)>}.
 */
public final class SootUpRun {
  private SootUpRun() {}

  public static void main(String[] args) throws IOException {
    if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
      System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    }
    String algo = null;
    String main = null;
    Path out = null;
    List<String> libs = new ArrayList<>();
    List<String> jars = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--algo" -> algo = args[++i];
        case "--main" -> main = args[++i];
        case "--out" -> out = Path.of(args[++i]);
        case "--lib" -> libs.add(args[++i]);
        default -> jars.add(args[i]);
      }
    }
    if (algo == null || main == null || out == null || jars.isEmpty()) {
      System.err.println("usage: SootUpRun --algo cha|qilin --main CLASS --out DIR [--lib JAR]... JAR...");
      System.exit(2);
    }
    List<AnalysisInputLocation> locations = new ArrayList<>();
    jars.forEach(j -> locations.add(new JavaClassPathAnalysisInputLocation(j, SourceType.Application)));
    libs.forEach(j -> locations.add(new JavaClassPathAnalysisInputLocation(j, SourceType.Library)));
    locations.add(new JrtFileSystemAnalysisInputLocation(SourceType.Library));
    JavaView view = new JavaView(locations);

    TreeSet<String> methods = new TreeSet<>();
    TreeSet<String> edges = new TreeSet<>();
    switch (algo) {
      case "cha" -> cha(view, main, methods, edges);
      case "qilin" -> qilin(view, main, methods, edges);
      default -> {
        System.err.println("SootUpRun: unknown --algo " + algo + " (cha or qilin)");
        System.exit(2);
      }
    }
    Files.createDirectories(out);
    Files.write(out.resolve("methods.txt"), methods);
    Files.write(out.resolve("edges.txt"), edges);
    System.out.println("SootUp " + algo + ": " + methods.size() + " reachable methods, " + edges.size() + " call edges");
  }

  private static void cha(JavaView view, String main, TreeSet<String> methods, TreeSet<String> edges) {
    MethodSignature entry =
        view.getIdentifierFactory()
            .getMethodSignature(main, "main", "void", List.of("java.lang.String[]"));
    CallGraph cg = new ClassHierarchyAnalysisAlgorithm(view).initialize(List.of(entry));
    cg.getMethodSignatures().forEach(m -> methods.add(m.toString()));
    for (CallGraph.Call call : cg.getCalls()) {
      edges.add(call.sourceMethodSignature() + "\t" + call.targetMethodSignature());
    }
  }

  private static void qilin(JavaView view, String main, TreeSet<String> methods, TreeSet<String> edges) {
    PTAPattern pattern = new PTAPattern("insens");
    PTAConfig.v().getPtaConfig().ptaPattern = pattern;
    PTAConfig.v().getPtaConfig().ptaName = pattern.toString();
    PTAConfig.v().getPtaConfig().singleentry = true;
    PTA pta = PTAFactory.createPTA(pattern, view, main);
    pta.run();
    for (ContextMethod m : pta.getCgb().getReachableMethods()) {
      if (!PTAUtils.isFakeMainMethod(m.method())) {
        methods.add(m.method().getSignature().toString());
      }
    }
    for (Edge e : pta.getCallGraph()) {
      if (!PTAUtils.isFakeMainMethod(e.src())) {
        edges.add(e.src().getSignature() + "\t" + e.tgt().getSignature());
      }
    }
  }
}
