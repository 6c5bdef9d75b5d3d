package org.jphantom.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import org.jphantom.JphantomException;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;

class JdkImageTest {
    private static final int RUNNING = Runtime.version().feature();

    private static void assertClass(JdkImage jdk, String name) {
        byte[] bytes = jdk.find(name);
        assertNotNull(bytes, name + " in release " + jdk.release());
        assertEquals(name, new ClassReader(bytes).getClassName());
    }

    @Test
    void runningJdkComesFromJrt() {
        try (JdkImage jdk = JdkImage.open(OptionalInt.empty())) {
            assertEquals(RUNNING, jdk.release());
            assertClass(jdk, "java/lang/Object");
            assertClass(jdk, "java/lang/Record");
            assertClass(jdk, "java/util/Map$Entry");
            assertClass(jdk, "javax/swing/JButton");
            assertClass(jdk, "jdk/internal/misc/Unsafe");
            assertNull(jdk.find("java/lang/NoSuchThing"));
            assertNull(jdk.find("org/example/Foo"));
            assertNull(jdk.find("NoPackage"));
            assertTrue(jdk.ownsPackage("java/lang"));
            assertTrue(jdk.ownsPackage("javax/swing"));
            assertTrue(jdk.ownsPackage("jdk/internal/misc"));
            assertTrue(jdk.ownsPackage("java/not/in/the/jdk"));
            assertFalse(jdk.ownsPackage("javax/xml/bind"));
            assertFalse(jdk.ownsPackage("org/example"));
            assertFalse(jdk.ownsPackage("javax"));
            assertFalse(jdk.ownsPackage("javaagent"));
        }
    }

    /** The modules' provides, as {@code java --describe-module} lists them; none from ct.sym. */
    @Test
    void serviceProvidersOfTheModules() {
        try (JdkImage jdk = JdkImage.open(OptionalInt.empty())) {
            assertEquals(java.util.List.of("jdk/internal/jrtfs/JrtFileSystemProvider", "jdk/nio/zipfs/ZipFileSystemProvider"),
                    jdk.providers("java/nio/file/spi/FileSystemProvider"));
            assertEquals(java.util.List.of(), jdk.providers("org/example/NoService"));
        }
        try (JdkImage jdk = JdkImage.open(OptionalInt.of(11))) {
            assertEquals(java.util.List.of(), jdk.providers("java/nio/file/spi/FileSystemProvider"));
        }
    }

    @Test
    void runningReleaseNumberAlsoMeansJrt() {
        try (JdkImage jdk = JdkImage.open(OptionalInt.of(RUNNING))) {
            assertEquals(RUNNING, jdk.release());
            assertClass(jdk, "jdk/internal/misc/Unsafe");
        }
    }

    @Test
    void release8FromCtSym() {
        try (JdkImage jdk = JdkImage.open(OptionalInt.of(8))) {
            assertEquals(8, jdk.release());
            assertClass(jdk, "java/lang/Object");
            assertClass(jdk, "javax/xml/bind/JAXBContext");
            assertClass(jdk, "java/util/Map$Entry");
            assertNull(jdk.find("java/lang/Record"));
            assertNull(jdk.find("java/lang/Module"));
            assertTrue(jdk.ownsPackage("javax/xml/bind"));
            assertTrue(jdk.ownsPackage("java/lang"));
            assertFalse(jdk.ownsPackage("org/example"));
        }
    }

    @Test
    void release11FromCtSym() {
        try (JdkImage jdk = JdkImage.open(OptionalInt.of(11))) {
            assertEquals(11, jdk.release());
            assertClass(jdk, "java/lang/Object");
            assertClass(jdk, "java/lang/Module");
            assertClass(jdk, "java/net/http/HttpClient");
            assertNull(jdk.find("javax/xml/bind/JAXBContext"));
            assertNull(jdk.find("java/lang/Record"));
            assertFalse(jdk.ownsPackage("javax/xml/bind"));
            assertTrue(jdk.ownsPackage("java/net/http"));
        }
    }

    @Test
    void release17() {
        try (JdkImage jdk = JdkImage.open(OptionalInt.of(17))) {
            assertEquals(17, jdk.release());
            assertClass(jdk, "java/lang/Object");
            assertClass(jdk, "java/lang/Record");
            assertNull(jdk.find("javax/xml/bind/JAXBContext"));
        }
    }

    @Test
    void releasesOutOfRangeNameTheSupportedRange() {
        for (int bad : new int[] {7, 1, RUNNING + 1, 99}) {
            JphantomException e = assertThrows(JphantomException.class, () -> JdkImage.open(OptionalInt.of(bad)));
            assertEquals("release " + bad + " is not supported: this JDK (" + RUNNING + ") provides releases 8 to "
                    + RUNNING, e.getMessage());
            assertEquals(JphantomException.USAGE_OR_INPUT, e.exitCode());
        }
    }
}
