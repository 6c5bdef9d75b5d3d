package org.jphantom.io;

import static org.jphantom.io.Fixtures.manifest;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.zip.Zip64Mode;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.jphantom.Complementer;
import org.jphantom.JphantomException;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.verify.JarVerifier;
import org.jphantom.verify.VerifyRequest;
import org.jphantom.verify.VerifyResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Entries of input jars are copied as stored there (compressed bytes, method, CRC and sizes), for
 * the ways jars store entries in the wild: stored (uncompressed) entries, DEFLATED entries with a
 * data descriptor after their data, zip64 records, and a multi-release jar. Each completed jar is
 * judged by the JDK's and Info-ZIP's tools ({@code jar tf}, {@code unzip -t}, {@code java -jar})
 * and by HotSpot ({@code jphantom verify}); the input jars are built here, never committed.
 */
class RawCopyTest {
    @TempDir
    Path tmp;

    /** How each fixture jar stores its entries. */
    private enum Layout { STORED, DATA_DESCRIPTOR, ZIP64 }

    @Test
    void storedEntriesStayStored() throws Exception {
        Path in = jar("stored.jar", Layout.STORED, program("ok"));
        try (ZipFile zip = open(in)) {
            for (ZipArchiveEntry e : Collections.list(zip.getEntries())) {
                assertEquals(ZipEntry.STORED, e.getMethod(), "the fixture stores " + e.getName());
            }
        }
        Path out = completeAndCheck(in, "ok");
        try (ZipFile zip = open(out)) {
            assertEquals(ZipEntry.STORED, zip.getEntry("app/Main.class").getMethod());
            assertEquals(ZipEntry.DEFLATED, zip.getEntry("p/Missing.class").getMethod(), "generated classes are deflated");
        }
    }

    @Test
    void entriesWithADataDescriptorAreCopiedWithTheirSizesInTheLocalHeader() throws Exception {
        Path in = jar("descriptor.jar", Layout.DATA_DESCRIPTOR, program("ok"));
        try (ZipFile zip = open(in)) {
            assertTrue(zip.getEntry("app/Main.class").getGeneralPurposeBit().usesDataDescriptor(), "the fixture");
        }
        completeAndCheck(in, "ok");
    }

    @Test
    void zip64JarsAreCopied() throws Exception {
        Path in = jar("zip64.jar", Layout.ZIP64, program("ok"));
        try (ZipFile zip = open(in)) {
            assertNotNull(zip.getEntry("app/Main.class").getExtraField(new org.apache.commons.compress.archivers.zip.ZipShort(0x0001)),
                    "the fixture has zip64 extra fields");
        }
        completeAndCheck(in, "ok");
    }

    /** More entries than a zip's 16-bit count holds: the input and the output need zip64 end records. */
    @Test
    void jarsWithMoreThan65535EntriesAreCopied() throws Exception {
        Map<String, byte[]> entries = program("ok");
        for (int i = 0; i < 70_000; i++) {
            entries.put("r/" + i, new byte[] {(byte) i});
        }
        Path in = jar("many.jar", Layout.DATA_DESCRIPTOR, entries);
        ProgramInput input = ProgramInput.read(List.of(in), 17, false);
        Path out = tmp.resolve("out.jar");
        JarOutput.write(out, input.entries(), new TreeMap<>(), Set.of());
        try (java.util.zip.ZipFile jdk = new java.util.zip.ZipFile(out.toFile()); ZipFile input2 = open(in);
                ZipFile output = open(out)) {
            assertEquals(entries.size(), jdk.size());
            assertArrayEquals(new byte[] {(byte) 69_999}, jdk.getInputStream(jdk.getEntry("r/69999")).readAllBytes());
            assertArrayEquals(raw(input2, input2.getEntry("r/12345")), raw(output, output.getEntry("r/12345")));
        }
        String unzip = run("unzip", "-tq", out.toString());
        assertTrue(unzip.contains("No errors detected"), unzip);
    }

    @Test
    void multiReleaseJarsKeepEveryVersion() throws Exception {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("META-INF/MANIFEST.MF", manifest("Main-Class: app.Main", "Multi-Release: true"));
        entries.put("app/Main.class", mainClass(Opcodes.V1_8, "base"));
        entries.put("META-INF/versions/11/app/Main.class", mainClass(Opcodes.V11, "release 11"));
        entries.put("META-INF/versions/99/app/Main.class", mainClass(Opcodes.V11, "release 99"));
        entries.put("app/data.txt", "data".getBytes(StandardCharsets.UTF_8));
        Path in = jar("mr.jar", Layout.DATA_DESCRIPTOR, entries);
        completeAndCheck(in, "release 11");
    }

    @Test
    void anInputJarChangedBeforeTheOutputIsWrittenIsAnError() throws Exception {
        Path in = jar("in.jar", Layout.DATA_DESCRIPTOR, program("ok"));
        ProgramInput input = ProgramInput.read(List.of(in), 17, false);
        Map<String, byte[]> changed = program("changed");
        jar("in.jar", Layout.DATA_DESCRIPTOR, changed);
        Path out = tmp.resolve("out.jar");
        JphantomException e = assertThrows(JphantomException.class,
                () -> JarOutput.write(out, input.entries(), new TreeMap<>(), Set.of()));
        assertEquals(in + ": entry app/Main.class: changed since it was read; the output is not written", e.getMessage());
        assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
        assertFalse(Files.exists(out));
        assertEquals(List.of("in.jar"), listing());
    }

    /**
     * Completes {@code in} twice, and checks the output: every input entry copied as stored, sizes
     * in the local headers, no extra fields, the same bytes both times, and the tools' verdicts.
     */
    private Path completeAndCheck(Path in, String expectedOutput) throws Exception {
        Path out = tmp.resolve("out.jar");
        Path again = tmp.resolve("again.jar");
        Result result = Complementer.complement(Request.of(List.of(in), out));
        assertEquals(Set.of("p/Missing"), result.generated().keySet());
        Complementer.complement(Request.of(List.of(in), again));
        assertArrayEquals(Files.readAllBytes(out), Files.readAllBytes(again), "deterministic");

        List<String> names = new ArrayList<>();
        try (ZipFile input = open(in); ZipFile output = open(out)) {
            for (ZipArchiveEntry e : Collections.list(input.getEntries())) {
                names.add(e.getName());
                ZipArchiveEntry copy = output.getEntry(e.getName());
                assertNotNull(copy, e.getName());
                assertEquals(e.getMethod(), copy.getMethod(), e.getName());
                assertEquals(e.getCrc(), copy.getCrc(), e.getName());
                assertEquals(e.getCompressedSize(), copy.getCompressedSize(), e.getName());
                assertArrayEquals(raw(input, e), raw(output, copy), "stored bytes of " + e.getName());
            }
            for (ZipArchiveEntry e : Collections.list(output.getEntries())) {
                assertFalse(e.getGeneralPurposeBit().usesDataDescriptor(), e.getName());
                assertEquals(0, e.getExtra().length, "extra fields of " + e.getName());
            }
        }
        names.add("p/Missing.class");
        Collections.sort(names);
        List<String> listed = new ArrayList<>(run(tool("jar"), "tf", out.toString()).lines().toList());
        Collections.sort(listed);
        assertEquals(names, listed, "jar tf");
        String unzip = run("unzip", "-t", out.toString());
        assertTrue(unzip.contains("No errors detected"), unzip);
        assertEquals(expectedOutput, run(tool("java"), "-jar", out.toString()).strip(), "java -jar");
        VerifyResult verified = JarVerifier.verify(VerifyRequest.of(out));
        assertEquals(List.of(), verified.failures());
        return out;
    }

    private List<String> listing() throws IOException {
        try (var files = Files.list(tmp)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static ZipFile open(Path jar) throws IOException {
        return ZipFile.builder().setPath(jar).get();
    }

    private static byte[] raw(ZipFile zip, ZipArchiveEntry e) throws IOException {
        try (InputStream in = zip.getRawInputStream(e)) {
            return in.readAllBytes();
        }
    }

    private static String tool(String name) {
        return Path.of(System.getProperty("java.home"), "bin", name).toString();
    }

    /** Runs a command, fails unless it exits 0 within a minute; returns its standard output. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(1, TimeUnit.MINUTES), String.join(" ", command));
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join(" ", command) + ":\n" + text);
        return text;
    }

    /** A program whose main prints {@code message} and whose other method needs the missing class {@code p.Missing}. */
    private static Map<String, byte[]> program(String message) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put("META-INF/", new byte[0]);
        entries.put("META-INF/MANIFEST.MF", manifest("Main-Class: app.Main"));
        entries.put("app/", new byte[0]);
        entries.put("app/Main.class", mainClass(Opcodes.V1_8, message));
        entries.put("app/empty.txt", new byte[0]);
        entries.put("app/text.txt", "some text, some text, some text\n".repeat(50).getBytes(StandardCharsets.UTF_8));
        return entries;
    }

    private static byte[] mainClass(int version, String message) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(version, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "app/Main", null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "main", "([Ljava/lang/String;)V",
                null, null);
        mv.visitCode();
        mv.visitFieldInsn(Opcodes.GETSTATIC, "java/lang/System", "out", "Ljava/io/PrintStream;");
        mv.visitLdcInsn(message);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/io/PrintStream", "println", "(Ljava/lang/String;)V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        mv = cw.visitMethod(Opcodes.ACC_STATIC, "use", "()Ljava/lang/Object;", null, null);
        mv.visitCode();
        mv.visitTypeInsn(Opcodes.NEW, "p/Missing");
        mv.visitInsn(Opcodes.DUP);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "p/Missing", "<init>", "()V", false);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private Path jar(String name, Layout layout, Map<String, byte[]> entries) throws IOException {
        Path file = tmp.resolve(name);
        try (OutputStream out = new java.io.BufferedOutputStream(Files.newOutputStream(file))) {
            if (layout == Layout.ZIP64) {
                try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(out)) {
                    zip.setUseZip64(Zip64Mode.Always);
                    for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                        zip.putArchiveEntry(new ZipArchiveEntry(e.getKey()));
                        zip.write(e.getValue());
                        zip.closeArchiveEntry();
                    }
                }
                return file;
            }
            try (ZipOutputStream zip = new ZipOutputStream(out)) {
                for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                    ZipEntry entry = new ZipEntry(e.getKey());
                    if (layout == Layout.STORED) {
                        CRC32 crc = new CRC32();
                        crc.update(e.getValue());
                        entry.setMethod(ZipEntry.STORED);
                        entry.setSize(e.getValue().length);
                        entry.setCrc(crc.getValue());
                    }
                    zip.putNextEntry(entry);
                    zip.write(e.getValue());
                    zip.closeEntry();
                }
            }
        }
        return file;
    }
}
