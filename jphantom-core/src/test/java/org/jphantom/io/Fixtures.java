package org.jphantom.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/** Small builders for class files and jars used by the tests of this package. */
final class Fixtures {
    private Fixtures() {
    }

    /** A public class {@code name extends Object} of class file version 52 (Java 8). */
    static byte[] classBytes(String name) {
        return classBytes(name, Opcodes.V1_8, null);
    }

    /**
     * A public class {@code name extends Object} with the given version; if {@code marker} is not
     * null the class gets a static field of that name, so tests can tell variants apart.
     */
    static byte[] classBytes(String name, int version, String marker) {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(version, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, name, null, "java/lang/Object", null);
        if (marker != null) {
            cw.visitField(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, marker, "I", null, null).visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** A {@code module-info} class file for module {@code name}. */
    static byte[] moduleInfo(String name) {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V9, Opcodes.ACC_MODULE, "module-info", null, null, null);
        cw.visitModule(name, 0, null).visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    static byte[] manifest(String... extraLines) {
        StringBuilder text = new StringBuilder("Manifest-Version: 1.0\r\n");
        for (String line : extraLines) {
            text.append(line).append("\r\n");
        }
        return text.append("\r\n").toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Ordered entry map builder: {@code entries("a", bytes, "b", bytes)}. */
    static Map<String, byte[]> entries(Object... nameThenBytes) {
        Map<String, byte[]> map = new LinkedHashMap<>();
        for (int i = 0; i < nameThenBytes.length; i += 2) {
            map.put((String) nameThenBytes[i], (byte[]) nameThenBytes[i + 1]);
        }
        return map;
    }

    /** The bytes of a zip holding {@code entries} in iteration order (directories: names ending '/'). */
    static byte[] zipBytes(Map<String, byte[]> entries) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out.toByteArray();
    }

    static Path writeJar(Path file, Map<String, byte[]> entries) throws IOException {
        Files.write(file, zipBytes(entries));
        return file;
    }

    /** Writes {@code entries} as files below {@code dir}. */
    static Path writeDir(Path dir, Map<String, byte[]> entries) throws IOException {
        for (Map.Entry<String, byte[]> e : entries.entrySet()) {
            Path file = dir.resolve(e.getKey());
            Files.createDirectories(file.getParent());
            try (OutputStream out = Files.newOutputStream(file)) {
                out.write(e.getValue());
            }
        }
        return dir;
    }

    /** Replaces every occurrence of {@code from} by {@code to} (same length) in {@code bytes}. */
    static byte[] patch(byte[] bytes, byte[] from, byte[] to) {
        if (from.length != to.length) {
            throw new IllegalArgumentException("lengths differ");
        }
        byte[] copy = bytes.clone();
        for (int i = 0; i + from.length <= copy.length; i++) {
            if (java.util.Arrays.equals(copy, i, i + from.length, from, 0, from.length)) {
                System.arraycopy(to, 0, copy, i, to.length);
            }
        }
        return copy;
    }
}
