package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jphantom.analysis.reflect.log.LogEntry;
import org.jphantom.analysis.reflect.log.ReflectionLog;
import org.jphantom.analysis.reflect.log.TamiFlexLogReader;
import org.jphantom.cli.fixture.Reflective;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jphantom record} end to end: the CLI runs in a child JVM (as users run it) and records the
 * fixture program {@link Reflective} in a grandchild; its output and exit code must be those of a
 * plain run, and its log must list, for the fixture's own call sites, exactly the reflective calls
 * that ran, with their lines (taken from the {@code site:} markers of the fixture's source).
 */
class RecordCommandTest {
    private static final String FIXTURE = Reflective.class.getName();
    private static final Path SOURCE = Path.of("src/test/java", FIXTURE.replace('.', '/') + ".java");
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path tmp;

    @Test
    void recordsEachReflectiveCallOfTheFixtureWithCallerAndLineAndChangesNothingElse() throws Exception {
        assertEquals(expected(false), record(List.of(), List.of()));
    }

    /**
     * With {@code --lookups}, and with HotSpot verifying the boot classes, the hooked
     * {@code Constructor}, {@code Method}, {@code Field} and {@code Array} included
     * ({@code -XX:+BytecodeVerificationLocal}; HotSpot never verifies {@code java.lang.Class}): a hook
     * that passed a value of the wrong type would otherwise go unnoticed, or crash the JVM (seen).
     */
    @Test
    void recordsTheLookupsTooAndTheHookedJdkClassesVerify() throws Exception {
        assertEquals(expected(true), record(List.of("--lookups"), List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationLocal")));
    }

    /**
     * {@code --calls}: the edges into the fixture's methods, each once, sorted; the reflective calls'
     * targets have the method that called {@code invoke}/{@code newInstance} for caller (reflection
     * frames skipped); the main method has none (the launcher calls it from native code). The
     * reflective-call log is unchanged by the option.
     */
    @Test
    void recordsTheCallEdgesOfTheRunWithReflectiveTargetsAtTheirCallers() throws Exception {
        Path calls = tmp.resolve("calls.txt");
        assertEquals(expected(false), record(List.of("--calls", calls.toString()), List.of()));
        String r = "<" + FIXTURE;
        String main = r + ": void main(java.lang.String[])> -> ";
        String sub = "<org.jphantom.cli.fixture.Sub";
        assertEquals(List.of(
                r + ": void <init>()> -> " + r + ": void <init>(java.lang.String,int)>",
                main + r + ": int twice(int)>",
                main + r + ": java.lang.String greet(java.lang.String)>",
                main + r + ": void <init>()>",
                main + r + ": void <init>(java.lang.String,int)>",
                main + r + ": void fail()>",
                main + sub + ": java.lang.String greet(java.lang.String)>",
                main + sub + ": void <init>()>",
                sub + ": void <init>()> -> " + r + ": void <init>()>"), Files.readAllLines(calls, StandardCharsets.UTF_8));
    }

    /** Runs the fixture plainly and recorded, compares them, and returns the log's lines of the fixture's sites. */
    private List<String> record(List<String> options, List<String> jvmFlags) throws Exception {
        String classes = Path.of(Reflective.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path log = tmp.resolve("refl.log");
        List<String> program = new ArrayList<>(List.of(JAVA));
        program.addAll(jvmFlags);
        program.addAll(List.of("-cp", classes, FIXTURE));
        Result plain = exec(program);
        List<String> recordCommand = new ArrayList<>(List.of(JAVA, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "record", "-o", log.toString()));
        recordCommand.addAll(options);
        recordCommand.add("--");
        recordCommand.addAll(program);
        Result recorded = exec(recordCommand);

        assertEquals(3, plain.exit, plain::toString);
        assertTrue(plain.err.startsWith("java.lang.IllegalStateException: thrown through Method.invoke")
                && plain.err.contains("at java.base/java.lang.reflect.Method.invoke(Method.java:")
                && plain.err.endsWith("done" + System.lineSeparator()), plain::toString);
        assertEquals(plain, recorded, "the recorded run's exit code and output differ from the plain run's");

        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertEquals(lines.stream().sorted().toList(), lines, "log not sorted");
        assertEquals(lines.stream().distinct().count(), lines.size(), "duplicate lines");
        ReflectionLog read = TamiFlexLogReader.read(log); // every line is well-formed TamiFlex
        assertEquals(lines, read.entries().stream().map(LogEntry::toLine).sorted().toList());
        return lines.stream().filter(l -> l.contains(MAIN)).toList();
    }

    private static final String MAIN = ";" + FIXTURE + ".main;";

    /** The fixture's lines, sorted; with the lookups when {@code lookups}. */
    private static List<String> expected(boolean lookups) throws IOException {
        Map<String, Integer> site = sites();
        assertEquals(18, site.size(), "markers in " + SOURCE);
        String f = "org.jphantom.cli.fixture.";
        String main = MAIN;
        List<String> expected = new ArrayList<>(List.of(
                "Array.newInstance;int[][]" + main + site.get("array2") + ";;",
                "Array.newInstance;java.lang.String[]" + main + site.get("array") + ";;",
                "Class.forName;" + FIXTURE + main + site.get("forName") + ";;",
                "Class.newInstance;" + FIXTURE + main + site.get("classNewInstance") + ";;",
                "ClassLoader.loadClass;" + f + "Sub" + main + site.get("loadClass") + ";;",
                "Constructor.newInstance;<" + FIXTURE + ": void <init>(java.lang.String,int)>" + main
                        + site.get("constructor") + ";isAccessible=false;",
                "Constructor.newInstance;<" + f + "Sub: void <init>()>" + main + site.get("subConstructor")
                        + ";isAccessible=false;",
                "Field.get*;<" + FIXTURE + ": int count>" + main + site.get("getInt") + ";isAccessible=false;",
                "Field.get*;<" + FIXTURE + ": java.lang.String label>" + main + site.get("getStatic") + ";isAccessible=false;",
                "Field.set*;<" + FIXTURE + ": int count>" + main + site.get("setInt") + ";isAccessible=false;",
                "Method.invoke;<" + FIXTURE + ": int twice(int)>" + main + site.get("invokeStatic") + ";isAccessible=false;",
                "Method.invoke;<" + FIXTURE + ": java.lang.String greet(java.lang.String)>" + main + site.get("invoke")
                        + ";isAccessible=false;",
                "Method.invoke;<" + FIXTURE + ": java.lang.String greet(java.lang.String)>" + main + site.get("loop")
                        + ";isAccessible=false;",
                "Method.invoke;<" + f + "Sub: java.lang.String greet(java.lang.String)>" + main + site.get("dispatch")
                        + ";isAccessible=false;",
                "Method.invoke;<" + FIXTURE + ": void fail()>" + main + site.get("throwing") + ";isAccessible=false;"));
        if (lookups) {
            expected.addAll(List.of(
                    "Class.getDeclaredMethod;<" + FIXTURE + ": int twice(int)>" + main + site.get("getDeclaredMethod")
                            + ";isAccessible=false;",
                    "Class.getField;<" + FIXTURE + ": int count>" + main + site.get("getField") + ";isAccessible=false;",
                    "Class.getField;<" + FIXTURE + ": java.lang.String label>" + main + site.get("getStatic")
                            + ";isAccessible=false;",
                    "Class.getMethod;<" + FIXTURE + ": java.lang.String greet(java.lang.String)>" + main
                            + site.get("getMethod") + ";isAccessible=false;",
                    "Class.getMethod;<" + FIXTURE + ": void fail()>" + main + site.get("throwing") + ";isAccessible=false;"));
        }
        expected.sort(null);
        return expected;
    }

    @Test
    void usageErrorsAreOneLineWithExitCodeTwo() {
        Path log = tmp.resolve("refl.log");
        run("record", "--", "java", "-version").expect(Main.USAGE).expectOneLineError("missing -o FILE");
        run("record", "-o", log.toString()).expect(Main.USAGE).expectOneLineError("no command to run");
        run("record", "-o", log.toString(), "-o", "b.log", "--", "java", "Main").expect(Main.USAGE)
                .expectOneLineError("option -o given 2 times");
        run("record", "-o", log.toString(), "--", "python3", "x.py").expect(Main.USAGE)
                .expectOneLineError("the command must start with java", "python3");
        run("record", "-o", log.toString(), "java", "Main").expect(Main.USAGE)
                .expectOneLineError("the program's command comes after --");
        run("record", "-o", tmp.resolve("no/such/dir/refl.log").toString(), "--", "java", "Main").expect(Main.USAGE)
                .expectOneLineError("no such directory");
        run("record", "-o", tmp.toString(), "--", "java", "Main").expect(Main.USAGE)
                .expectOneLineError("is a directory");
        run("record", "-o", log.toString(), "--calls", tmp.toString(), "--", "java", "Main").expect(Main.USAGE)
                .expectOneLineError("--calls " + tmp, "is a directory");
        run("record", "-o", log.toString(), "--", tmp.resolve("bin/java").toString(), "Main").expect(Main.USAGE)
                .expectOneLineError("cannot run " + tmp.resolve("bin/java"));
        assertFalse(Files.exists(log));
        CliFixture.Run help = run("record", "-h").expect(Main.OK);
        assertTrue(help.out().contains("jphantom record -o refl.log -- java [JVM options]"), help.out());
    }

    /** The line of each {@code // site: NAME} marker in the fixture's source. */
    private static Map<String, Integer> sites() throws IOException {
        Map<String, Integer> sites = new TreeMap<>();
        Pattern marker = Pattern.compile("// site: (\\w+)$");
        List<String> source = Files.readAllLines(SOURCE);
        for (int i = 0; i < source.size(); i++) {
            Matcher m = marker.matcher(source.get(i));
            if (m.find()) {
                sites.put(m.group(1), i + 1);
            }
        }
        return sites;
    }

    private record Result(int exit, String out, String err) {
    }

    private Result exec(List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        int exit = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start().waitFor();
        Result r = new Result(exit, Files.readString(out), Files.readString(err));
        return r;
    }
}
