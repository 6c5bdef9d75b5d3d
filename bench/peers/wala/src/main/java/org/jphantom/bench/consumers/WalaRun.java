package org.jphantom.bench.consumers;

import com.ibm.wala.classLoader.IMethod;
import com.ibm.wala.classLoader.Language;
import com.ibm.wala.core.util.config.AnalysisScopeReader;
import com.ibm.wala.core.util.warnings.Warnings;
import com.ibm.wala.ipa.callgraph.AnalysisCacheImpl;
import com.ibm.wala.ipa.callgraph.AnalysisOptions;
import com.ibm.wala.ipa.callgraph.AnalysisScope;
import com.ibm.wala.ipa.callgraph.CGNode;
import com.ibm.wala.ipa.callgraph.CallGraph;
import com.ibm.wala.ipa.callgraph.Entrypoint;
import com.ibm.wala.ipa.callgraph.cha.CHACallGraph;
import com.ibm.wala.ipa.callgraph.impl.Util;
import com.ibm.wala.ipa.cha.ClassHierarchy;
import com.ibm.wala.ipa.cha.ClassHierarchyFactory;
import com.ibm.wala.types.ClassLoaderReference;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarFile;

/**
 * Benchmark driver (not part of jphantom): one WALA call graph of a program, written in the common
 * form of bench/consumers.sh.
 *
 * <p>Usage: {@code WalaRun --algo cha|0cfa --main CLASS --out DIR [--hierarchy default|phantom]
 * [--jdk base|all] [--exclusions FILE] [--lib JAR]... JAR...}. Every JAR is in the application
 * loader; a {@code --lib} jar (jphantom's phantoms jar) in the extension loader; the primordial
 * loader holds the running JDK's standard library, which WALA 1.6 on JDK 9+ reads from {@code
 * $JAVA_HOME/jmods}: {@code java.base.jmod} alone ({@code --jdk base}, the default; WALA's
 * {@code makeBasePrimordialScope}) or every module ({@code all}: on the antlr closure its class
 * hierarchy alone fills a 6 GB heap).
 * The entry point is {@code main(String[])} of CLASS (WALA's fake root calls it). {@code 0cfa} is
 * WALA's context-insensitive pointer analysis with reflection off (the same for every program).
 * {@code --hierarchy}: WALA's own handling of missing types, {@code default} (a class whose super
 * type is missing is left out of the hierarchy, with a warning) or {@code phantom} (WALA makes a
 * phantom class for each missing type).
 *
 * <p>Writes {@code DIR/methods.txt} (reachable methods, without WALA's fake root and world
 * clinit) and {@code DIR/edges.txt} (caller TAB callee, one line per distinct pair), both sorted,
 * signatures as {@code <pkg.C: R m(A)>}; prints the number of WALA's warnings.
 */
public final class WalaRun {
  private WalaRun() {}

  public static void main(String[] args) throws Exception {
    String algo = null;
    String main = null;
    Path out = null;
    String hierarchy = "default";
    String jdk = "base";
    File exclusions = null;
    List<String> libs = new ArrayList<>();
    List<String> jars = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--algo" -> algo = args[++i];
        case "--main" -> main = args[++i];
        case "--out" -> out = Path.of(args[++i]);
        case "--hierarchy" -> hierarchy = args[++i];
        case "--jdk" -> jdk = args[++i];
        case "--exclusions" -> exclusions = new File(args[++i]);
        case "--lib" -> libs.add(args[++i]);
        default -> jars.add(args[i]);
      }
    }
    if (algo == null || main == null || out == null || jars.isEmpty()) {
      System.err.println(
          "usage: WalaRun --algo cha|0cfa --main CLASS --out DIR [--hierarchy default|phantom]"
              + " [--jdk base|all] [--exclusions FILE] [--lib JAR]... JAR...");
      System.exit(2);
    }
    AnalysisScope scope =
        switch (jdk) {
          case "base" -> AnalysisScopeReader.instance.makeBasePrimordialScope(exclusions);
          case "all" -> AnalysisScopeReader.instance.makePrimordialScope(exclusions);
          default -> throw new IllegalArgumentException("--jdk base or all: " + jdk);
        };
    AnalysisScopeReader.instance.addClassPathToScope(
        String.join(File.pathSeparator, jars), scope, ClassLoaderReference.Application);
    for (String lib : libs) {
      scope.addToScope(ClassLoaderReference.Extension, new JarFile(lib));
    }
    ClassHierarchy cha =
        switch (hierarchy) {
          case "default" -> ClassHierarchyFactory.make(scope);
          case "phantom" -> ClassHierarchyFactory.makeWithPhantom(scope);
          default -> throw new IllegalArgumentException("--hierarchy default or phantom: " + hierarchy);
        };
    Iterable<Entrypoint> entries = Util.makeMainEntrypoints(cha, "L" + main.replace('.', '/'));
    if (!entries.iterator().hasNext()) {
      System.err.println("WalaRun: no main(String[]) in " + main + " (is the class in WALA's hierarchy?)");
      System.exit(1);
    }
    CallGraph cg;
    switch (algo) {
      case "cha" -> {
        CHACallGraph chaCg = new CHACallGraph(cha);
        chaCg.init(entries);
        cg = chaCg;
      }
      case "0cfa" -> {
        AnalysisOptions options = new AnalysisOptions(scope, entries);
        options.setReflectionOptions(AnalysisOptions.ReflectionOptions.NONE);
        cg = Util.makeZeroCFABuilder(Language.JAVA, options, new AnalysisCacheImpl(), cha).makeCallGraph(options, null);
      }
      default -> throw new IllegalArgumentException("--algo cha or 0cfa: " + algo);
    }
    TreeSet<String> methods = new TreeSet<>();
    TreeSet<String> edges = new TreeSet<>();
    for (CGNode n : cg) {
      if (isFake(cg, n)) {
        continue;
      }
      String caller = signature(n.getMethod());
      methods.add(caller);
      for (Iterator<CGNode> it = cg.getSuccNodes(n); it.hasNext(); ) {
        CGNode callee = it.next();
        if (!isFake(cg, callee)) {
          edges.add(caller + "\t" + signature(callee.getMethod()));
        }
      }
    }
    Files.createDirectories(out);
    Files.write(out.resolve("methods.txt"), methods);
    Files.write(out.resolve("edges.txt"), edges);
    int warnings = 0;
    for (Iterator<?> it = Warnings.iterator(); it.hasNext(); it.next()) {
      warnings++;
    }
    System.out.println(
        "WALA " + algo + " (" + hierarchy + " hierarchy): " + cha.getNumberOfClasses() + " classes, "
            + methods.size() + " reachable methods, " + edges.size() + " call edges, " + warnings + " warnings");
  }

  private static boolean isFake(CallGraph cg, CGNode n) {
    return n.equals(cg.getFakeRootNode()) || n.equals(cg.getFakeWorldClinitNode());
  }

  /** {@code <pkg.C: R m(A,B)>}, Soot's form, from WALA's method reference. */
  static String signature(IMethod m) {
    String owner = javaName(m.getReference().getDeclaringClass().getName().toString());
    String desc = m.getReference().getDescriptor().toString();
    List<String> params = new ArrayList<>();
    int i = 1;
    while (desc.charAt(i) != ')') {
      int end = typeEnd(desc, i);
      params.add(javaName(desc.substring(i, end)));
      i = end;
    }
    String ret = javaName(desc.substring(i + 1));
    return "<" + owner + ": " + ret + " " + m.getReference().getName() + "(" + String.join(",", params) + ")>";
  }

  private static int typeEnd(String desc, int i) {
    while (desc.charAt(i) == '[') {
      i++;
    }
    return desc.charAt(i) == 'L' ? desc.indexOf(';', i) + 1 : i + 1;
  }

  /** A JVM type name ({@code I}, {@code Lp/C}, {@code Lp/C;}, {@code [[I}) as Java source names it. */
  static String javaName(String t) {
    int dims = 0;
    while (t.charAt(dims) == '[') {
      dims++;
    }
    String base = t.substring(dims);
    String name =
        switch (base.charAt(0)) {
          case 'Z' -> "boolean";
          case 'B' -> "byte";
          case 'C' -> "char";
          case 'S' -> "short";
          case 'I' -> "int";
          case 'J' -> "long";
          case 'F' -> "float";
          case 'D' -> "double";
          case 'V' -> "void";
          case 'L' -> base.substring(1, base.endsWith(";") ? base.length() - 1 : base.length()).replace('/', '.');
          default -> throw new IllegalArgumentException("not a JVM type name: " + t);
        };
    return name + "[]".repeat(dims);
  }
}
