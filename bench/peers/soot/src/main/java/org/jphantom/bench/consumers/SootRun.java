package org.jphantom.bench.consumers;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;
import soot.MethodOrMethodContext;
import soot.PackManager;
import soot.Scene;
import soot.SootClass;
import soot.jimple.toolkits.callgraph.CallGraph;
import soot.jimple.toolkits.callgraph.Edge;
import soot.options.Options;

/**
 * Benchmark driver (not part of jphantom): one Soot call graph of a program, written in the common
 * form of bench/consumers.sh.
 *
 * <p>Usage: {@code SootRun --algo cha|spark [--jdk-bodies] --main CLASS --out DIR [--lib JAR]... JAR...}. Every
 * JAR is a process directory (application code); a {@code --lib} jar (jphantom's phantoms jar) is on
 * Soot's class path; the JDK is the running JVM's image, which Soot 4 on JDK 9+ prepends as its
 * virtual {@code jrt:} file system ({@code -pp}). Whole-program mode, Soot's own handling of
 * missing classes on ({@code -allow-phantom-refs}: a missing class becomes a phantom class without
 * bodies), the single entry point {@code main(String[])} of CLASS. {@code cha} and {@code spark}
 * (Spark, on-the-fly call graph, context-insensitive) are Soot's {@code cg.cha} and {@code
 * cg.spark} phases.
 *
 * <p>The JDK's packages ({@code java.*}, {@code javax.*}, {@code jdk.*}, {@code sun.*}, {@code
 * com.sun.*}) are excluded with Soot's {@code -no-bodies-for-excluded}: their classes are loaded
 * with signatures only, so calls into the JDK are edges but the JDK's own bodies are not
 * traversed (with them, {@code cg.cha} on the antlr closure did not finish in 30 minutes here).
 * {@code --jdk-bodies} turns that off. The same for the full, partial and completed program.
 *
 * <p>Writes {@code DIR/methods.txt} (reachable methods) and {@code DIR/edges.txt} (caller TAB
 * callee, one line per distinct pair), both sorted, signatures as {@code <pkg.C: R m(A)>}; prints
 * how many classes Soot made phantom, and how many of them are outside the excluded JDK packages
 * (with {@code -no-bodies-for-excluded} Soot makes the JDK classes it meets phantom too).
 */
public final class SootRun {
  private SootRun() {}

  public static void main(String[] args) throws Exception {
    if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
      System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    }
    String algo = null;
    String main = null;
    Path out = null;
    List<String> libs = new ArrayList<>();
    List<String> jars = new ArrayList<>();
    boolean jdkBodies = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--algo" -> algo = args[++i];
        case "--main" -> main = args[++i];
        case "--out" -> out = Path.of(args[++i]);
        case "--lib" -> libs.add(args[++i]);
        case "--jdk-bodies" -> jdkBodies = true;
        default -> jars.add(args[i]);
      }
    }
    if (algo == null || main == null || out == null || jars.isEmpty()) {
      System.err.println("usage: SootRun --algo cha|spark [--jdk-bodies] --main CLASS --out DIR [--lib JAR]... JAR...");
      System.exit(2);
    }
    if (!algo.equals("cha") && !algo.equals("spark")) {
      throw new IllegalArgumentException("--algo cha or spark: " + algo);
    }
    Options o = Options.v();
    o.set_whole_program(true);
    o.set_allow_phantom_refs(true);
    o.set_prepend_classpath(true);
    List<String> cp = new ArrayList<>(jars);
    cp.addAll(libs);
    o.set_soot_classpath(String.join(File.pathSeparator, cp));
    o.set_process_dir(jars);
    o.set_src_prec(Options.src_prec_only_class);
    o.set_output_format(Options.output_format_none);
    o.set_main_class(main);
    if (!jdkBodies) {
      o.set_exclude(List.of("java.*", "javax.*", "jdk.*", "sun.*", "com.sun.*"));
      o.set_no_bodies_for_excluded(true);
    }
    o.setPhaseOption("cg." + algo, "enabled:true");
    Scene.v().loadNecessaryClasses();
    SootClass mainClass = Scene.v().getSootClass(main);
    Scene.v().setEntryPoints(List.of(mainClass.getMethodByName("main")));
    PackManager.v().getPack("cg").apply();

    CallGraph cg = Scene.v().getCallGraph();
    TreeSet<String> methods = new TreeSet<>();
    for (Iterator<MethodOrMethodContext> it = Scene.v().getReachableMethods().listener(); it.hasNext(); ) {
      methods.add(it.next().method().getSignature());
    }
    TreeSet<String> edges = new TreeSet<>();
    for (Edge e : cg) {
      if (e.src() != null && e.tgt() != null) {
        edges.add(e.src().getSignature() + "\t" + e.tgt().getSignature());
      }
    }
    long phantoms = Scene.v().getClasses().stream().filter(SootClass::isPhantom).count();
    long programPhantoms =
        Scene.v().getClasses().stream()
            .filter(c -> c.isPhantom() && !Scene.v().isExcluded(c))
            .count();
    Files.createDirectories(out);
    Files.write(out.resolve("methods.txt"), methods);
    Files.write(out.resolve("edges.txt"), edges);
    System.out.println(
        "Soot " + algo + ": " + methods.size() + " reachable methods, " + edges.size() + " call edges, "
            + phantoms + " phantom classes (" + programPhantoms + " outside the excluded JDK packages)");
  }
}
