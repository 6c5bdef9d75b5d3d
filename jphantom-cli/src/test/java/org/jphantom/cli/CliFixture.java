package org.jphantom.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** Builds inputs for the CLI tests (javac, ASM, hand-made jars) and runs {@link Main#execute}. */
final class CliFixture {
    private CliFixture() {
    }

    /** The outcome of one {@link Main#execute} call. */
    record Run(int exit, String out, String err) {
        /** Fails unless the run ended with {@code code}; the message shows both streams. */
        Run expect(int code) {
            assertEquals(code, exit, () -> "exit code; stdout:\n" + out + "\nstderr:\n" + err);
            return this;
        }

        /** Asserts a user error: one line on stderr, no stack trace, the given fragments in it. */
        Run expectOneLineError(String... fragments) {
            List<String> lines = err.lines().filter(l -> !l.isBlank()).toList();
            assertEquals(1, lines.size(), () -> "expected one line on stderr, got:\n" + err);
            assertNoStackTrace();
            for (String f : fragments) {
                assertTrue(err.contains(f), () -> "stderr lacks '" + f + "':\n" + err);
            }
            return this;
        }

        Run assertNoStackTrace() {
            assertFalse(err.contains("\tat ") || err.contains("at org.") || err.contains("at java."),
                    () -> "stack trace on stderr:\n" + err);
            assertFalse(err.contains("internal error"), () -> "internal error:\n" + err);
            return this;
        }
    }

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exit = Main.execute(args, o, e);
        }
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Compiles {@code sources} (file name relative to the source root, e.g. {@code "app/Main.java"},
     * mapped to its text) into {@code dir/classes}; returns the class bytes by entry name.
     */
    static Map<String, byte[]> compile(Path dir, Map<String, String> sources) throws IOException {
        Path src = dir.resolve("src");
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-g:none", "-proc:none"));
        for (Map.Entry<String, String> s : sources.entrySet()) {
            Path file = src.resolve(s.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, s.getValue());
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, args.toArray(String[]::new));
        assertEquals(0, rc, () -> "javac failed:\n" + diagnostics.toString(StandardCharsets.UTF_8));
        Map<String, byte[]> result = new TreeMap<>();
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                result.put(classes.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
            }
        }
        return result;
    }

    /** Writes a jar holding {@code entries} in the map's iteration order, no manifest added. */
    static Path jar(Path file, Map<String, byte[]> entries) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return file;
    }

    /** Every entry of a jar by name, in central directory order. */
    static Map<String, byte[]> entries(Path jar) throws IOException {
        Map<String, byte[]> result = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                result.put(entry.getName(), zip.getInputStream(entry).readAllBytes());
            }
        }
        return result;
    }

    static byte[] manifest(String... extraLines) {
        StringBuilder sb = new StringBuilder("Manifest-Version: 1.0\r\n");
        for (String l : extraLines) {
            sb.append(l).append("\r\n");
        }
        return sb.append("\r\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A class built with ASM. {@code body} adds members through the writer; maxima are computed,
     * frames are not, so method bodies must be straight-line code (or the version pre-Java 7).
     */
    static byte[] asmClass(int version, int access, String name, String superName, String[] interfaces,
            Consumer<ClassWriter> body) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(version, access, name, null, superName, interfaces);
        body.accept(cw);
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** A public class {@code name extends superName} with one public static method {@code run()V}. */
    static byte[] classWithRun(String name, String superName, Consumer<MethodVisitor> code) {
        return asmClass(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, superName, null,
                cw -> method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run", "()V", code));
    }

    /** Adds a method whose {@code code} is followed by nothing: it must end with a return or throw. */
    static void method(ClassWriter cw, int access, String name, String desc, Consumer<MethodVisitor> code) {
        MethodVisitor mv = cw.visitMethod(access, name, desc, null, null);
        mv.visitCode();
        code.accept(mv);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** The regular files of {@code dir} (recursively) with their size and modification time. */
    static Map<Path, String> snapshot(Path dir) {
        Map<Path, String> result = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                result.put(dir.relativize(f), Files.size(f) + "@" + Files.getLastModifiedTime(f).toMillis() + "#"
                        + java.util.Arrays.hashCode(Files.readAllBytes(f)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return result;
    }

    /**
     * {@code dir/partial.jar}: {@code app.Main}, whose {@code main} calls {@code lib.Shapes.make} and
     * {@code lib.Shape.area}, without the {@code lib} classes (compiled with them, then left out).
     */
    static Path partialShapes(Path dir) throws IOException {
        Map<String, byte[]> classes = compile(dir, Map.of("app/Main.java", """
                package app;
                public class Main {
                    public static void main(String[] args) {
                        lib.Shape s = lib.Shapes.make(args.length);
                        Object a = s.area();
                        System.out.println(a);
                    }
                }
                """, "lib/Shape.java", """
                package lib;
                public interface Shape { Object area(); }
                """, "lib/Shapes.java", """
                package lib;
                public class Shapes {
                    public static Shape make(int n) { return () -> n; }
                }
                """));
        Map<String, byte[]> app = new TreeMap<>(classes);
        app.keySet().removeIf(n -> n.startsWith("lib/"));
        return jar(dir.resolve("partial.jar"), app);
    }
}
