package org.jphantom.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jphantom.analysis.Analysis;
import org.jphantom.analysis.AnalysisRequest;
import org.jphantom.analysis.AnalysisResult;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Soundness of the points-to analysis against a real run: SableCC 3.2 (from the build's corpus)
 * generates a parser for a small grammar with class-load logging on, and every SableCC class the
 * JVM loaded must have a reachable method in the static result. Exempt are classes without any
 * method body (interfaces and abstract classes whose methods are all abstract), which the JVM
 * loads as supertypes of reachable classes without running their code.
 */
@Tag("corpus") // runs with mvn verify -Pcorpus (CI)
class PtaSoundnessTest {
    private static final Pattern LOADED = Pattern.compile("\\] (org\\.sablecc\\.\\S+) source: ");

    @TempDir
    Path tmp;

    @Test
    void everyClassSableccLoadsHasAReachableMethod() throws IOException, InterruptedException {
        String dir = System.getProperty(RealJarCorpusTest.CORPUS_PROPERTY);
        if (dir == null) {
            fail("system property " + RealJarCorpusTest.CORPUS_PROPERTY + " is not set: run through Maven");
        }
        Path sablecc = Path.of(dir, "sablecc-3.2.jar");
        assertTrue(Files.isRegularFile(sablecc), sablecc + " missing: the build's corpus execution fetches it");
        Path grammar = Files.writeString(tmp.resolve("calc.grammar"), """
                Package calc;
                Helpers
                  digit = ['0' .. '9'];
                Tokens
                  number = digit+;
                  plus = '+';
                  l_par = '(';
                  r_par = ')';
                  blank = (' ' | 10 | 13 | 9)+;
                Ignored Tokens
                  blank;
                Productions
                  expr = {plus} expr plus term | {term} term;
                  term = {number} number | {paren} l_par expr r_par;
                """);
        Path out = Files.createDirectory(tmp.resolve("out"));
        Path log = tmp.resolve("load.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + log, "-jar", sablecc.toString(), "-d", out.toString(), grammar.toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("run.txt").toFile()).start();
        assertEquals(0, p.waitFor(), () -> "sablecc failed: " + read(tmp.resolve("run.txt")));
        assertTrue(Files.exists(out.resolve("calc/parser/Parser.java")), "sablecc generated no parser");

        Set<String> loaded = new TreeSet<>();
        for (String line : Files.readAllLines(log)) {
            Matcher m = LOADED.matcher(line);
            if (m.find()) {
                loaded.add(m.group(1).replace('.', '/'));
            }
        }
        assertTrue(loaded.size() > 100, "class-load log: " + loaded.size() + " SableCC classes");

        AnalysisResult r = Analysis.run(AnalysisRequest.of(List.of(sablecc)).withMains(List.of("org.sablecc.sablecc.SableCC"))
                .withMissing(org.jphantom.analysis.missing.MissingMode.IGNORE));
        Set<String> reachableClasses = new TreeSet<>();
        for (String sig : r.reachableMethods()) {
            reachableClasses.add(sig.substring(1, sig.indexOf(':')).replace('.', '/'));
        }
        List<String> missed = new ArrayList<>();
        for (String c : loaded) {
            if (!reachableClasses.contains(c) && hasCode(r.program().info(r.program().type(c)))) {
                missed.add(c);
            }
        }
        assertEquals(List.of(), missed, "loaded at run time but no reachable method");
        System.out.printf("pta soundness: sablecc loaded %d classes, all covered; %d reachable methods%n",
                loaded.size(), r.reachableMethods().size());
    }

    private static boolean hasCode(ClassInfo info) {
        for (MemberInfo m : info.methods()) {
            if (!m.isAbstract() && (m.access() & org.objectweb.asm.Opcodes.ACC_NATIVE) == 0) {
                return true;
            }
        }
        return false;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
