package org.jphantom.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.jphantom.Complementer;
import org.jphantom.Request;
import org.jphantom.verify.JarVerifier;
import org.jphantom.verify.VerifyRequest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seeded mutation campaign of {@link Campaign} in CI: fixture and corpus jars (slices of
 * them, to keep each complement small), thousands of mutants in about a minute. Every outcome
 * must be a documented one; every exit-0 output of a sampled subset is verified in this JVM.
 */
@Tag("corpus") // runs with mvn verify -Pcorpus (CI)
class FuzzTest {
    static final long SEED = 20261123L;
    static final int MUTANTS = Integer.getInteger("jphantom.fuzz.mutants", 2500);
    static final int VERIFY_EVERY = Integer.getInteger("jphantom.fuzz.verifyEvery", 4);

    @TempDir
    Path work;

    @Test
    void mutantsNeverCrashTheComplementer() throws Exception {
        List<Campaign.Seed> seeds = seeds(work);
        // the unmutated seeds complement and verify clean, so verify failures of mutants are theirs
        for (Campaign.Seed s : seeds) {
            Path in = work.resolve("seed.jar");
            Path out = work.resolve("seed-out.jar");
            Campaign.writeJar(in, s.entries());
            Files.deleteIfExists(out);
            Complementer.complement(Request.of(List.of(in), out));
            assertEquals(List.of(), JarVerifier.verifyInThisJvm(VerifyRequest.of(out)).failures(), s.name());
        }
        String only = System.getProperty("jphantom.fuzz.only");
        if (only != null) { // reproduce findings: -Djphantom.fuzz.only=12,345
            Campaign.Report r = new Campaign(seeds, work, 1).runOnly(SEED,
                    Stream.of(only.split(",")).map(Integer::valueOf).toList());
            r.print(System.out);
            r.findings.forEach(f -> System.out.println(f.detail()));
            return;
        }
        Campaign.Report report = new Campaign(seeds, work, VERIFY_EVERY).run(SEED, MUTANTS);
        report.print(System.out);
        assertEquals(MUTANTS, report.mutants);
        assertTrue(report.findings.isEmpty(), () -> report.findings.size() + " findings, e.g.\n"
                + String.join("\n", report.findings.stream().limit(10).map(Object::toString).toList()));
        // the campaign reaches every stage: errors, successes and verified outputs all occur
        assertTrue(report.outcomes.getOrDefault(Campaign.Outcome.INPUT_ERROR, 0) > 0, report.outcomes.toString());
        assertTrue(report.outcomes.getOrDefault(Campaign.Outcome.OK_VERIFIED, 0) > 0, report.outcomes.toString());
    }

    /** Three fixture programs of the testdata module (classes removed) and slices of three corpus jars. */
    static List<Campaign.Seed> seeds(Path work) throws Exception {
        List<Campaign.Seed> seeds = new ArrayList<>();
        seeds.add(fixture("sample/app/", Set.of()));
        seeds.add(fixture("fixtures/inherited_members/", Set.of("Parent")));
        seeds.add(fixture("fixtures/lambdas/", Set.of()));
        Path corpus = Path.of(System.getProperty("jphantom.corpus.dir", "target/corpus"));
        for (String jar : List.of("sablecc-3.2.jar", "commons-lang3-3.17.0.jar", "antlr-3.5.3.jar")) {
            seeds.add(Campaign.Seed.of(jar, Campaign.readJar(corpus.resolve(jar), 25)));
        }
        return seeds;
    }

    /** The classes of one package of the testdata module (on the test class path), minus {@code remove}. */
    private static Campaign.Seed fixture(String pkg, Set<String> remove) throws Exception {
        URL url = FuzzTest.class.getClassLoader().getResource(pkg);
        assertNotNull(url, pkg);
        Map<String, byte[]> entries = new TreeMap<>();
        if (url.getProtocol().equals("file")) {
            try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
                for (Path f : files.sorted().toList()) {
                    entries.put(pkg + f.getFileName(), Files.readAllBytes(f));
                }
            }
        } else {
            String spec = url.getPath(); // file:/...jar!/pkg/
            Path jar = Path.of(new URI(spec.substring(0, spec.indexOf("!/"))));
            Campaign.readJar(jar, 0).forEach((name, bytes) -> {
                if (name.startsWith(pkg) && name.indexOf('/', pkg.length()) < 0) {
                    entries.put(name, bytes);
                }
            });
        }
        entries.keySet().removeIf(n -> !n.endsWith(".class")
                || remove.contains(n.substring(pkg.length(), n.length() - ".class".length())));
        return Campaign.Seed.of(pkg, entries);
    }
}
