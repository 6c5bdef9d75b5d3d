package org.jphantom.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.jphantom.Complementer;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.cli.Main;
import org.jphantom.verify.JarVerifier;
import org.jphantom.verify.VerifyFailure;
import org.jphantom.verify.VerifyRequest;
import org.jphantom.verify.VerifyResult;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Complements real jars from Maven Central, each alone (its dependencies become phantoms), and
 * lets HotSpot referee the result.
 *
 * <p>The build copies the jars into the directory named by the system property
 * {@value #CORPUS_PROPERTY} (see the {@code corpus} execution of the dependency plugin in this
 * module's pom). For each jar: the command line complements it and must exit 0; the library
 * complements it again and must write the same bytes; every class of the output must load, link
 * and resolve every reference in a child JVM. One summary line per jar goes to stdout so that CI
 * logs keep the figures.
 */
@Tag("corpus") // runs with mvn verify -Pcorpus (CI)
class RealJarCorpusTest {
    static final String CORPUS_PROPERTY = "jphantom.corpus.dir";

    @TempDir
    Path tmp;

    @TestFactory
    Stream<DynamicTest> everyJarCompletesAndVerifies() throws IOException {
        List<Path> jars = corpusJars();
        return jars.stream().map(jar -> DynamicTest.dynamicTest(jar.getFileName().toString(), () -> check(jar)));
    }

    /** The corpus jars, sorted; fails (never skips) when the build did not provide them. */
    private static List<Path> corpusJars() throws IOException {
        String dir = System.getProperty(CORPUS_PROPERTY);
        if (dir == null) {
            fail("system property " + CORPUS_PROPERTY + " is not set: run this test through Maven"
                    + " (mvn -pl jphantom-cli -am test), which fetches the corpus jars and sets it");
        }
        Path corpus = Path.of(dir);
        if (!Files.isDirectory(corpus)) {
            fail("corpus directory " + corpus + " does not exist: the generate-test-resources phase of"
                    + " jphantom-cli copies the jars from Maven Central into it; run through Maven");
        }
        List<Path> jars;
        try (Stream<Path> s = Files.list(corpus)) {
            jars = s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        }
        assertFalse(jars.isEmpty(), "no jars in the corpus directory " + corpus);
        return jars;
    }

    private void check(Path jar) throws IOException {
        String name = jar.getFileName().toString();
        Path dir = Files.createDirectory(tmp.resolve(name.replace(".jar", "")));
        Path viaCli = dir.resolve("cli.jar");
        Path viaLibrary = dir.resolve("library.jar");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.execute(new String[] {jar.toString(), "-o", viaCli.toString(), "-q"}, o, e);
        }
        long cliMillis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(Main.OK, code, () -> name + ": jphantom exited " + code + ":\n" + err.toString(StandardCharsets.UTF_8));

        // The second run goes through the library: same request, so the same bytes are due.
        Result result = Complementer.complement(Request.of(List.of(jar), viaLibrary));
        assertTrue(Arrays.equals(Files.readAllBytes(viaCli), Files.readAllBytes(viaLibrary)),
                () -> name + ": two runs on the same input wrote different jars");

        long verifyStart = System.nanoTime();
        VerifyResult verdict = JarVerifier.verify(new VerifyRequest(viaCli, List.of(), null));
        long verifyMillis = (System.nanoTime() - verifyStart) / 1_000_000;

        System.out.printf("corpus %-32s phantoms %5d  constraints %6d  complement %6d ms  verified %5d classes"
                        + "  %7d references  %3d failures  verify %6d ms%n",
                name, result.counts().get("phantoms"), result.counts().get("constraints"), cliMillis,
                verdict.classesChecked(), verdict.referencesChecked(), verdict.failures().size(), verifyMillis);
        if (!verdict.ok()) {
            StringBuilder sb = new StringBuilder();
            sb.append(name).append(": ").append(verdict.failures().size()).append(" verification failures:\n");
            for (VerifyFailure f : verdict.failures()) {
                sb.append("  ").append(f).append('\n');
            }
            System.out.print(sb);
            fail(sb.toString());
        }
    }
}
