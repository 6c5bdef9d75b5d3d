package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;

/**
 * The CLI on a small javac-compiled program whose library package {@code lib} was removed:
 * complement, verify, and the output options.
 */
class EndToEndTest {
    /** The partial program: {@code app} compiled against {@code lib}, which is then deleted. */
    static final Map<String, String> SOURCES = Map.of(
            "app/Main.java", """
                    package app;
                    public class Main {
                        public static void main(String[] args) {
                            lib.Service s = new lib.Service("x");
                            s.run(3);
                            s.add(new Handler());
                            System.out.println(s.name.length());
                        }
                    }
                    """,
            "app/Handler.java", """
                    package app;
                    public class Handler implements lib.Listener {
                        public void onEvent(String e) {
                        }
                    }
                    """,
            "lib/Service.java", """
                    package lib;
                    public class Service {
                        public String name;
                        public Service(String n) { name = n; }
                        public void run(int times) { }
                        public void add(Listener l) { l.onEvent(name); }
                    }
                    """,
            "lib/Listener.java", """
                    package lib;
                    public interface Listener {
                        void onEvent(String e);
                    }
                    """);

    @TempDir
    static Path shared;
    static Path input;
    static Map<String, byte[]> inputEntries;
    static Path output;
    static CliFixture.Run complement;

    @BeforeAll
    static void complementOnce() throws IOException {
        Map<String, byte[]> classes = CliFixture.compile(shared, SOURCES);
        inputEntries = new LinkedHashMap<>();
        inputEntries.put("META-INF/MANIFEST.MF", CliFixture.manifest("Main-Class: app.Main"));
        inputEntries.put("app/", new byte[0]);
        classes.forEach((name, bytes) -> {
            if (name.startsWith("app/")) {
                inputEntries.put(name, bytes);
            }
        });
        inputEntries.put("app/messages.properties", "greeting=hi\n".getBytes());
        input = CliFixture.jar(shared.resolve("in.jar"), inputEntries);
        output = shared.resolve("out.jar");
        complement = run(input.toString(), "-o", output.toString(), "--verify");
    }

    @Test
    void complementsAndVerifies() {
        complement.expect(Main.OK).assertNoStackTrace();
        assertTrue(complement.err().lines().anyMatch(l -> l.matches(
                        "jphantom: 2 phantom types \\(1 classes, 1 interfaces\\), \\d+ members, \\d+ constraints from .*")),
                complement.err());
        assertTrue(complement.err().contains("0 failures"), complement.err());
        assertEquals("", complement.out());
    }

    @Test
    void outputHoldsEveryInputEntryUnchangedPlusThePhantoms() throws IOException {
        Map<String, byte[]> out = CliFixture.entries(output);
        for (Map.Entry<String, byte[]> e : inputEntries.entrySet()) {
            assertTrue(out.containsKey(e.getKey()), "missing " + e.getKey());
            assertArrayEquals(e.getValue(), out.get(e.getKey()), e.getKey());
        }
        Set<String> added = new TreeSet<>(out.keySet());
        added.removeAll(inputEntries.keySet());
        assertEquals(Set.of("lib/Listener.class", "lib/Service.class"), added);
    }

    @Test
    void phantomsHaveTheInferredKinds() throws IOException {
        Map<String, byte[]> out = CliFixture.entries(output);
        int listener = new org.objectweb.asm.ClassReader(out.get("lib/Listener.class")).getAccess();
        int service = new org.objectweb.asm.ClassReader(out.get("lib/Service.class")).getAccess();
        assertTrue((listener & Opcodes.ACC_INTERFACE) != 0);
        assertEquals(0, service & Opcodes.ACC_INTERFACE);
    }

    @Test
    void phantomsOnlyWritesTheGeneratedClassesAlone(@TempDir Path dir) throws IOException {
        Path phantoms = dir.resolve("phantoms.jar");
        Path out = dir.resolve("o.jar");
        run("-q", input.toString(), "-o", out.toString(), "--phantoms-only", phantoms.toString()).expect(Main.OK);
        Map<String, byte[]> only = CliFixture.entries(phantoms);
        assertEquals(Set.of("lib/Listener.class", "lib/Service.class"), only.keySet());
        Map<String, byte[]> full = CliFixture.entries(out);
        only.forEach((name, bytes) -> assertArrayEquals(full.get(name), bytes, name));
        // alone (no -o), deterministic, and never over an input
        Path again = dir.resolve("again.jar");
        run("-q", input.toString(), "--phantoms-only", again.toString()).expect(Main.OK);
        assertArrayEquals(Files.readAllBytes(phantoms), Files.readAllBytes(again));
        run(input.toString(), "--phantoms-only", input.toString()).expect(Main.USAGE);
        run(input.toString(), "-o", out.toString(), "--phantoms-only", out.toString()).expect(Main.USAGE);
    }

    @Test
    void versionPrintsTheProjectVersion() {
        CliFixture.Run r = run("--version").expect(Main.OK);
        assertTrue(r.out().matches("jphantom \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?\\R"), r.out());
        assertEquals("", r.err());
    }

    @Test
    void quietPrintsNothingOnSuccess(@TempDir Path dir) {
        Path out = dir.resolve("q.jar");
        CliFixture.Run r = run("-q", input.toString(), "-o", out.toString()).expect(Main.OK);
        assertEquals("", r.out());
        assertEquals("", r.err());
        assertTrue(Files.isRegularFile(out));
    }

    @Test
    void quietVerifyPrintsNothingOnSuccess(@TempDir Path dir) {
        CliFixture.Run r = run("-q", "--verify", input.toString(), "-o", dir.resolve("q.jar").toString())
                .expect(Main.OK);
        assertEquals("", r.out() + r.err());
    }

    @Test
    void verboseListsPhantomsConstraintsAndHierarchies(@TempDir Path dir) {
        CliFixture.Run r = run("-v", input.toString(), "-o", dir.resolve("v.jar").toString()).expect(Main.OK);
        String err = r.err();
        int phantoms = err.indexOf("Phantom types:");
        int constraints = err.indexOf("Constraints:");
        int classes = err.indexOf("Class hierarchy:");
        int interfaces = err.indexOf("Interface hierarchy:");
        assertTrue(phantoms >= 0 && phantoms < constraints && constraints < classes && classes < interfaces, err);
        assertTrue(err.substring(phantoms, constraints).contains("lib.Service"), err);
        assertTrue(err.substring(phantoms, constraints).contains("lib.Listener"), err);
        assertTrue(err.substring(classes, interfaces).contains("* class lib.Service"), err);
        assertTrue(err.substring(interfaces).contains("lib.Listener"), err);
        // Every constraint line names where it came from.
        err.substring(constraints, classes).lines().skip(1)
                .forEach(l -> assertTrue(l.contains("[app."), "constraint without origin: " + l));
    }

    @Test
    void helpExitsZeroAndDescribesOptions() {
        CliFixture.Run r = run("--help").expect(Main.OK);
        assertTrue(r.out().contains("--release"), r.out());
        assertTrue(r.out().contains("--skip-broken"), r.out());
        assertTrue(r.out().contains("Exit codes"), r.out());
        assertEquals("", r.err());
        CliFixture.Run v = run("verify", "--help").expect(Main.OK);
        assertTrue(v.out().contains("jphantom verify JAR"), v.out());
    }

    @Test
    void verifyCommandAcceptsTheOutput() {
        CliFixture.Run r = run("verify", output.toString()).expect(Main.OK).assertNoStackTrace();
        assertTrue(r.err().contains("verify " + output + ": "), r.err());
        assertTrue(r.err().contains("0 failures"), r.err());
    }

    @Test
    void verifyCommandRejectsTheInputItselfNamingAMissingClass() {
        CliFixture.Run r = run("verify", input.toString()).expect(Main.FAILED).assertNoStackTrace();
        assertTrue(r.err().contains("lib/Service") || r.err().contains("lib.Service"), r.err());
    }

    @Test
    void verifyCommandNamesAClassThatFailsVerification(@TempDir Path dir) throws IOException {
        // int broken() { return null; } : the type checker rejects areturn-less null as an int.
        byte[] broken = CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "p/Broken",
                "java/lang/Object", null, cw -> CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC,
                        "broken", "()I", mv -> {
                            mv.visitInsn(Opcodes.ACONST_NULL);
                            mv.visitInsn(Opcodes.IRETURN);
                        }));
        byte[] fine = CliFixture.asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "p/Fine",
                "java/lang/Object", null, cw -> { });
        Map<String, byte[]> entries = new TreeMap<>(Map.of("p/Broken.class", broken, "p/Fine.class", fine));
        Path jar = CliFixture.jar(dir.resolve("broken.jar"), entries);
        CliFixture.Run r = run("verify", jar.toString()).expect(Main.FAILED).assertNoStackTrace();
        assertTrue(r.err().contains("p.Broken") || r.err().contains("p/Broken"), r.err());
        assertFalse(r.err().contains("p.Fine") || r.err().contains("p/Fine"), r.err());
        assertTrue(r.err().contains("1 failures"), r.err());
    }

    @Test
    void verifyCommandUsageErrors(@TempDir Path dir) throws IOException {
        run("verify").expect(Main.USAGE).expectOneLineError("exactly one jar");
        run("verify", dir.resolve("none.jar").toString()).expect(Main.USAGE).expectOneLineError("none.jar");
        run("verify", dir.toString()).expect(Main.USAGE).expectOneLineError(dir.toString());
        Path text = Files.writeString(dir.resolve("t.jar"), "not a zip");
        run("verify", text.toString()).expect(Main.USAGE).expectOneLineError("t.jar");
        run("verify", output.toString(), "-cp", dir.resolve("nocp.jar").toString()).expect(Main.USAGE)
                .expectOneLineError("nocp.jar");
    }

    @Test
    void inputClassInAJdkPackageIsReportedTwice(@TempDir Path dir) throws IOException {
        // The JVM never loads java.lang.Evil from the class path: a warning while complementing,
        // and --verify fails on the copied entry rather than claiming the output is whole.
        Map<String, byte[]> entries = new TreeMap<>();
        entries.put("java/lang/Evil.class", CliFixture.classWithRun("java/lang/Evil", "java/lang/Object",
                mv -> mv.visitInsn(Opcodes.RETURN)));
        entries.put("p/A.class", CliFixture.classWithRun("p/A", "java/lang/Object", mv -> {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "q/M", "go", "()V", false);
            mv.visitInsn(Opcodes.RETURN);
        }));
        Path in = CliFixture.jar(dir.resolve("in.jar"), entries);
        CliFixture.Run r = run(in.toString(), "-o", dir.resolve("out.jar").toString(), "--verify")
                .expect(Main.FAILED).assertNoStackTrace();
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("warning: java/lang/Evil.class")), r.err());
        assertTrue(r.err().lines().anyMatch(l -> l.contains("java.lang.Evil") && l.contains("java.base")), r.err());
        assertTrue(r.err().contains("1 failures"), r.err());
    }
}
