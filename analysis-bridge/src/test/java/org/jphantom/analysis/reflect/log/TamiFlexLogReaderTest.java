package org.jphantom.analysis.reflect.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jphantom.JphantomException;
import org.jphantom.analysis.reflect.log.LogTarget.ClassTarget;
import org.jphantom.analysis.reflect.log.LogTarget.FieldTarget;
import org.jphantom.analysis.reflect.log.LogTarget.MethodTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TamiFlexLogReaderTest {
    @TempDir
    Path tmp;

    /** Lines as TamiFlex's Play-Out Agent 2.x writes them (sorted, six columns). */
    private static final List<String> LOG = List.of(
            "Array.newInstance;java.lang.String[][];app.Main.main;20;;",
            "Class.forName;app.Plugin$Impl;app.Main.<clinit>;;;",
            "Class.getDeclaredField;<java.lang.invoke.MethodHandle: java.lang.invoke.LambdaForm form>;"
                    + "java.lang.invoke.MethodHandle.<clinit>;;isAccessible=false;",
            "Class.newInstance;app.Plugin;app.Main.main;12;;7",
            "Constructor.newInstance;<app.Plugin: void <init>(int,java.lang.String[])>;app.Main.main;13;isAccessible=false;",
            "Field.get*;<app.Plugin: int size>;app.Main.main;15;isAccessible=true;",
            "Field.set*;<app.Plugin: java.util.List names>;app.Main.main;16;isAccessible=true;",
            "Method.invoke;<app.Plugin: void run()>;app.Main.main;14;isAccessible=false;");

    @Test
    void readsEveryShapeBackAndWritesTheSameLines() throws IOException {
        Path file = Files.write(tmp.resolve("refl.log"), LOG);
        ReflectionLog log = TamiFlexLogReader.read(file);
        assertEquals(8, log.entries().size());

        CallSite main14 = new CallSite("app.Main", "main", 14);
        assertEquals(List.of(new MethodTarget("app.Plugin", "void", "run", List.of())),
                log.at(main14).stream().map(LogEntry::target).toList());
        assertEquals(ApiKind.METHOD_INVOKE, log.at(main14).get(0).kind());
        assertEquals("isAccessible=false", log.at(main14).get(0).metadata());
        assertEquals(file + ":8", log.at(main14).get(0).origin());

        LogEntry ctor = log.at(new CallSite("app.Main", "main", 13)).get(0);
        MethodTarget init = (MethodTarget) ctor.target();
        assertTrue(init.isConstructor());
        assertEquals(List.of("int", "java.lang.String[]"), init.parameterTypes());

        LogEntry clinit = log.at(new CallSite("app.Main", "<clinit>", -1)).get(0);
        assertEquals(new ClassTarget("app.Plugin$Impl"), clinit.target());
        assertEquals(7, log.at(new CallSite("app.Main", "main", 12)).get(0).count());
        assertEquals(new FieldTarget("app.Plugin", "java.util.List", "names"),
                log.of(ApiKind.FIELD_SET).get(0).target());
        assertEquals(new CallSite("java.lang.invoke.MethodHandle", "<clinit>", -1),
                log.of(ApiKind.CLASS_GET_DECLARED_FIELD).get(0).site());

        // Written back in TamiFlex's order (sorted lines), each line is the one read.
        assertEquals(LOG, log.entries().stream().map(LogEntry::toLine).sorted().toList());
    }

    @Test
    void readsFiveColumnLogsOfTamiFlexOneAndSkipsBlankLinesAndDuplicates() {
        ReflectionLog log = TamiFlexLogReader.parse("old.log", List.of(
                "Method.invoke;<a.B: int f(int)>;a.C.m;3;", "", "Class.forName;a.B;a.C.m;2;", "Class.forName;a.B;a.C.m;2;4"));
        assertEquals(List.of("Class.forName;a.B;a.C.m;2;;", "Method.invoke;<a.B: int f(int)>;a.C.m;3;;"),
                log.entries().stream().map(LogEntry::toLine).toList());
        assertEquals(List.of(new CallSite("a.C", "m", 2), new CallSite("a.C", "m", 3)), List.copyOf(log.bySite().keySet()));
    }

    @Test
    void malformedLinesAreInputErrorsNamingFileAndLine() {
        assertBad("Class.forName;a.B;a.C.m;2", "x.log:2: expected 6 columns");
        assertBad("Class.forname;a.B;a.C.m;2;;", "x.log:2: unknown kind 'Class.forname' (known: Array.get*,");
        assertBad("Method.invoke;a.B.run;a.C.m;2;;", "x.log:2: Method.invoke needs a method '<CLASS: RETURN NAME(PARAMS)>'");
        assertBad("Field.get*;<a.B: int f(int)>;a.C.m;2;;", "x.log:2: Field.get* needs a field");
        assertBad("Class.forName;a B;a.C.m;2;;", "x.log:2: Class.forName needs a type name");
        assertBad("Class.forName;a.B;main;2;;", "x.log:2: the caller 'main' is not CLASS.METHOD");
        assertBad("Class.forName;a.B;a.C.m;twelve;;", "x.log:2: the line must be empty or a number, not 'twelve'");
        assertBad("Class.forName;a.B;a.C.m;2;;-1", "x.log:2: the count must be empty or a number, not '-1'");
    }

    @Test
    void aMissingFileIsAnInputError() {
        JphantomException e = assertThrows(JphantomException.class, () -> TamiFlexLogReader.read(tmp.resolve("none.log")));
        assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
        assertEquals(tmp.resolve("none.log") + ": no such reflection log", e.getMessage());
    }

    private static void assertBad(String line, String expectedStart) {
        JphantomException e = assertThrows(JphantomException.class,
                () -> TamiFlexLogReader.parse("x.log", List.of("Class.forName;a.B;a.C.m;1;;", line)));
        assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
        assertTrue(e.getMessage().startsWith(expectedStart), e.getMessage());
        assertTrue(e.getMessage().endsWith(": " + line), e.getMessage());
    }
}
