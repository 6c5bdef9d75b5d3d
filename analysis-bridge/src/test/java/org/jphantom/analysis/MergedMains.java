package org.jphantom.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Several mains of one fixture analysed in one run that stands for their runs alone (each such run
 * analyses the JDK's closure again: seconds). What a test may read of one main in the merged run
 * are its <em>facts</em>: the call edges from, the reachable methods of, the reflective sites in
 * and the {@code Check.pts} expectations in its own classes ({@link #ownClasses}), and the problem
 * lines of those sites. {@code MergedMainsTest} (tagged {@code corpus}:
 * CI runs it) checks that each main's facts in the merged run are those of its run alone, so the
 * tests that read them from the merged run assert what they asserted of the runs alone.
 */
final class MergedMains {
    private MergedMains() {
    }

    /**
     * The binary names of the own classes of {@code main} (a binary name without its package): of a
     * top-level class, the classes its source file declares, read from the {@code SourceFile}
     * attributes of the fixture's classes under {@code classes}; of a nested class (mains that
     * share a source file, e.g. {@code Probe$LazyCast}), itself and the classes nested in it.
     */
    static Set<String> ownClasses(Path classes, String fixture, String main) {
        String file = main + ".java";
        String nested = main.contains("$") ? fixture + "." + main : null;
        Set<String> out = new TreeSet<>();
        try (Stream<Path> s = Files.walk(classes.resolve(fixture))) {
            for (Path p : s.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                ClassReader cr = new ClassReader(Files.readAllBytes(p));
                String[] source = new String[1];
                cr.accept(new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitSource(String src, String debug) {
                        source[0] = src;
                    }
                }, ClassReader.SKIP_CODE);
                String pkg = cr.getClassName().substring(0, cr.getClassName().lastIndexOf('/') + 1);
                String name = cr.getClassName().replace('/', '.');
                if (nested != null ? name.equals(nested) || name.startsWith(nested + "$")
                        : pkg.equals(fixture + "/") && file.equals(source[0])) {
                    out.add(name);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Whether a call edge from one of {@code own} classes leads to {@code method}. */
    static boolean calls(AnalysisResult r, Set<String> own, String method) {
        return r.callEdges().stream().anyMatch(e -> e.endsWith(" -> " + method) && own.contains(className(e)));
    }

    /** The reflective sites ({@code reflection.json}'s) in {@code own} classes. */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> sites(AnalysisResult r, Set<String> own) {
        return ((List<Map<String, Object>>) r.reflection().toJson().get("sites")).stream()
                .filter(s -> own.contains((String) s.get("class"))).toList();
    }

    /** How many of the reflective sites in {@code own} classes are unsound. */
    static long unsound(AnalysisResult r, Set<String> own) {
        return sites(r, own).stream().filter(s -> s.get("status").equals("unsound")).count();
    }

    /** The facts of the main whose own classes are {@code own}, one line each, sorted. */
    static List<String> facts(AnalysisResult r, String fixture, Set<String> own) {
        List<String> out = new ArrayList<>();
        for (String e : r.callEdges()) {
            if (own.contains(className(e))) {
                out.add("edge " + e);
            }
        }
        for (String m : r.reachableMethods()) {
            if (own.contains(className(m))) {
                out.add("reachable " + m);
            }
        }
        for (Map<String, Object> s : sites(r, own)) {
            out.add("site " + s);
        }
        out.addAll(problems(r, own));
        for (PtaFixtures.Expectation x : PtaFixtures.expectations(r, fixture)) {
            if (own.contains(className(x.where()))) {
                out.add("pts " + x);
            }
        }
        out.sort(null);
        return out;
    }

    /** The problem lines of the sites in {@code own} classes, each with its annotation points. */
    private static List<String> problems(AnalysisResult r, Set<String> own) {
        List<String> out = new ArrayList<>();
        StringBuilder entry = null;
        for (String line : r.reflection().problems()) {
            if (line.startsWith("    <- ")) {
                if (entry != null) {
                    entry.append('\n').append(line);
                }
                continue;
            }
            if (entry != null) {
                out.add("problem " + entry);
            }
            String where = line.substring(line.indexOf(" at ") + 4);
            entry = own.stream().anyMatch(c -> where.startsWith(c + ".")) ? new StringBuilder(line) : null;
        }
        if (entry != null) {
            out.add("problem " + entry);
        }
        return out;
    }

    /** {@code a.B} of a method signature or call edge {@code <a.B: ...}. */
    private static String className(String signature) {
        return signature.substring(1, signature.indexOf(':'));
    }
}
