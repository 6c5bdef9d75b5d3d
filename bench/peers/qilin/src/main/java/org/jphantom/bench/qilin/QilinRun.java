package org.jphantom.bench.qilin;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import qilin.core.PTA;
import qilin.core.PTAScene;
import qilin.driver.PTAFactory;
import qilin.driver.PTAPattern;
import qilin.pta.PTAConfig;
import qilin.pta.tools.BasePTA;
import qilin.stat.IEvaluator;
import sootup.core.inputlocation.AnalysisInputLocation;
import sootup.core.model.SourceType;
import sootup.java.bytecode.frontend.inputlocation.JavaClassPathAnalysisInputLocation;
import sootup.java.bytecode.frontend.inputlocation.JrtFileSystemAnalysisInputLocation;
import sootup.java.core.views.JavaView;

/**
 * Benchmark driver (not part of jphantom): runs one Qilin pointer analysis (SootUp's sootup.qilin)
 * on a program and writes its figures as {@code key=value} lines for bench/selectx-peer.sh.
 *
 * <p>Usage: {@code QilinRun --pta PATTERN --main CLASS --out FILE [--identity-selection] JAR...}.
 * PATTERN is Qilin's: {@code insens}, {@code 2c} (2-call-site, 1 heap context), {@code s-2c}
 * (Selectx-guided 2-call-site), {@code s-3c}. Every JAR is application code; the library is the
 * running JDK's image (jrt:/), as jphantom's analysis uses it. Qilin's own evaluator (which also
 * computes alias statistics) is replaced by one that only marks when the main analysis starts and
 * ends; {@link QilinMetrics} counts the Table 1 metrics afterwards, outside the timed span.
 *
 * <p>{@code --identity-selection} (Selectx patterns only): see {@link SelectxProbe}. For a Selectx
 * pattern the selection is also written node by node to {@code FILE.nodes} ({@link SelectionDump}),
 * and the call graph of its context-insensitive pre-analysis to {@code FILE.callgraph} (caller and
 * callee signatures, tab-separated); {@code --selection-only} stops there, before the main analysis.
 * For any other pattern {@code FILE.callgraph} has the analysis' own call graph in the same format.
 *
 * <p>Qilin's configuration is its default one ({@code CoreConfig}): no heap merging of
 * {@code StringBuilder}s and throwables ({@code mergeHeap}), no forced empty context for them
 * ({@code enforceEmptyCtxForIgnoreTypes}), one object for all string constants
 * ({@code stringConstants} off), exceptions through Spark's global node ({@code preciseExceptions} off).
 */
public final class QilinRun {
  private QilinRun() {}

  public static void main(String[] args) throws Exception {
    String pattern = "insens";
    String main = null;
    Path out = null;
    boolean identity = false;
    boolean selectionOnly = false;
    List<String> jars = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--pta" -> pattern = args[++i];
        case "--main" -> main = args[++i];
        case "--out" -> out = Path.of(args[++i]);
        case "--identity-selection" -> identity = true;
        case "--selection-only" -> selectionOnly = true;
        default -> jars.add(args[i]);
      }
    }
    if (main == null || out == null || jars.isEmpty()) {
      System.err.println("usage: QilinRun --pta PATTERN --main CLASS --out FILE [--identity-selection] [--selection-only] JAR...");
      System.exit(2);
    }
    Map<String, Object> stats = new LinkedHashMap<>();
    stats.put("pattern", pattern + (identity ? " (identity selection)" : ""));
    Clock clock = new Clock();
    long t0 = clock.wall();
    long c0 = clock.cpu();

    List<AnalysisInputLocation> locations = new ArrayList<>();
    for (String jar : jars) {
      locations.add(new JavaClassPathAnalysisInputLocation(jar, SourceType.Application));
    }
    locations.add(new JrtFileSystemAnalysisInputLocation(SourceType.Library));
    JavaView view = new JavaView(locations);

    PTAPattern ptaPattern = new PTAPattern(pattern);
    PTAConfig.v().getPtaConfig().ptaPattern = ptaPattern;
    PTAConfig.v().getPtaConfig().ptaName = ptaPattern.toString();
    // Qilin's entry points besides main are JDK 8's (Thread.exit, ClassLoader.loadClassInternal,
    // sun.misc.Launcher$AppClassLoader, ...): absent from a JDK 17 image, and building its FakeMain
    // with them fails (NoSuchElementException in ArtificialMethod.addInvoke). Single entry: main and
    // the static initialisers Qilin reaches on the fly, like jphantom without --jvm-startup.
    PTAConfig.v().getPtaConfig().singleentry = true;
    PTA pta;
    SelectxProbe probe = null;
    if (ptaPattern.getApproach() == PTAPattern.Approach.SELECTX) {
      Path selectionFile = out.resolveSibling(out.getFileName() + ".selection");
      Path nodesFile = out.resolveSibling(out.getFileName() + ".nodes");
      SelectxProbe[] self = new SelectxProbe[1];
      boolean only = selectionOnly;
      probe =
          new SelectxProbe(
              new PTAScene(view, main),
              ptaPattern.getContextDepth(),
              identity,
              out.resolveSibling(out.getFileName() + ".callgraph"),
              selection -> {
                writeQuietly(selectionFile, selection);
                try {
                  self[0].dump(nodesFile);
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
                if (only) {
                  System.exit(0);
                }
              });
      self[0] = probe;
      pta = probe;
    } else {
      pta = PTAFactory.createPTA(ptaPattern, view, main);
    }
    Marks marks = new Marks(clock);
    Field evaluator = BasePTA.class.getDeclaredField("evaluator");
    evaluator.setAccessible(true);
    evaluator.set(pta, marks);
    long r0 = clock.wall();
    long rc0 = clock.cpu();
    pta.run();
    long r1 = clock.wall();
    long rc1 = clock.cpu();

    stats.put("setupMs", r0 - t0);
    stats.put("runMs", r1 - r0);
    stats.put("runCpuMs", rc1 - rc0);
    stats.put("mainMs", marks.endWall - marks.beginWall);
    stats.put("mainCpuMs", marks.endCpu - marks.beginCpu);
    stats.put("preMs", marks.beginWall - r0);
    stats.put("preCpuMs", marks.beginCpu - rc0);
    if (probe != null) {
      stats.putAll(probe.selection());
    }
    stats.putAll(QilinMetrics.of(pta, out.resolveSibling(out.getFileName() + ".methods.txt")));
    if (probe == null) {
      SelectxProbe.writeCallGraph(pta.getCallGraph(), out.resolveSibling(out.getFileName() + ".callgraph"));
    }
    // 0 unless bench/selectx-peer.sh put its patched MethodNodeFactory first (QILIN_FIELDS=jvms)
    stats.put("inheritedFieldReferences", InheritedFields.inheritedReferences());
    stats.put("totalMs", clock.wall() - t0);
    stats.put("totalCpuMs", clock.cpu() - c0);
    write(out, stats);
  }

  private static void write(Path out, Map<String, Object> stats) throws IOException {
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
      stats.forEach((k, v) -> w.println(k + "=" + v));
    }
  }

  /** The selection is written as soon as it is made, so that a run over its time limit has it. */
  private static void writeQuietly(Path file, Map<String, Object> stats) {
    try {
      write(file, stats);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Wall and process CPU time in milliseconds. */
  static final class Clock {
    private final com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    long wall() {
      return System.nanoTime() / 1_000_000;
    }

    long cpu() {
      return os.getProcessCpuTime() / 1_000_000;
    }
  }

  /** Qilin calls begin() when its main analysis starts (after any pre-analysis) and end() after. */
  static final class Marks implements IEvaluator {
    private final Clock clock;
    long beginWall;
    long beginCpu;
    long endWall;
    long endCpu;

    Marks(Clock clock) {
      this.clock = clock;
    }

    @Override
    public void begin() {
      beginWall = clock.wall();
      beginCpu = clock.cpu();
    }

    @Override
    public void end() {
      endWall = clock.wall();
      endCpu = clock.cpu();
    }

    @Override
    public String toString() {
      return "(evaluator replaced by the benchmark driver)";
    }
  }
}
