package org.jphantom.cli;

import static org.jphantom.cli.CliFixture.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.Opcodes;

/** {@code --release N}: which JDK API the program is complemented against. */
class ReleaseTest {
    @TempDir
    Path dir;

    /** A Java 8 class using JAXB, which JDK 8 has and JDK 11 removed. */
    private Path jaxbProgram() throws IOException {
        byte[] x = CliFixture.asmClass(Opcodes.V1_8, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "app/X",
                "java/lang/Object", null, cw -> CliFixture.method(cw, Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "run",
                        "()V", mv -> {
                            mv.visitInsn(Opcodes.ICONST_0);
                            mv.visitTypeInsn(Opcodes.ANEWARRAY, "java/lang/Class");
                            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "javax/xml/bind/JAXBContext", "newInstance",
                                    "([Ljava/lang/Class;)Ljavax/xml/bind/JAXBContext;", false);
                            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "javax/xml/bind/JAXBContext",
                                    "createMarshaller", "()Ljavax/xml/bind/Marshaller;", false);
                            mv.visitInsn(Opcodes.POP);
                            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "lib/Helper", "help", "()V", false);
                            mv.visitInsn(Opcodes.RETURN);
                        }));
        return CliFixture.jar(dir.resolve("jaxb.jar"), Map.of("app/X.class", x));
    }

    private List<String> phantoms(Path report) throws IOException {
        List<String> names = new ArrayList<>();
        JsonNode root = new ObjectMapper().readTree(report.toFile());
        root.get("phantoms").forEach(p -> names.add(p.get("name").asText()));
        return names;
    }

    @Test
    void release8KnowsJaxb() throws IOException {
        Path in = jaxbProgram();
        Path out = dir.resolve("out.jar");
        Path report = dir.resolve("r.json");
        run(in.toString(), "-o", out.toString(), "--release", "8", "--report", report.toString())
                .expect(Main.OK).assertNoStackTrace();
        assertEquals(List.of("lib/Helper"), phantoms(report));
        assertFalse(CliFixture.entries(out).keySet().stream().anyMatch(n -> n.startsWith("javax/")));
    }

    @Test
    void withoutReleaseJaxbIsAPhantomOfTheProgram() throws IOException {
        // javax.xml.bind is in no module of the running JDK, so the program may define it itself.
        Path in = jaxbProgram();
        Path out = dir.resolve("out.jar");
        Path report = dir.resolve("r.json");
        run(in.toString(), "-o", out.toString(), "--report", report.toString(), "--verify")
                .expect(Main.OK).assertNoStackTrace();
        assertEquals(List.of("javax/xml/bind/JAXBContext", "javax/xml/bind/Marshaller", "lib/Helper"),
                phantoms(report));
        assertTrue(CliFixture.entries(out).containsKey("javax/xml/bind/JAXBContext.class"));
    }

    @Test
    void madeUpJavaLangClassIsRefused() throws IOException {
        byte[] x = CliFixture.classWithRun("app/Y", "java/lang/Object", mv -> {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Foo", "bar", "()V", false);
            mv.visitInsn(Opcodes.RETURN);
        });
        Path in = CliFixture.jar(dir.resolve("in.jar"), Map.of("app/Y.class", x));
        Path out = dir.resolve("out.jar");
        run(in.toString(), "-o", out.toString()).expect(Main.USAGE)
                .expectOneLineError("java.lang.Foo", "app.Y", "--release");
        assertFalse(Files.exists(out));
    }

    @Test
    void classRemovedFromAJdkModulePackageIsRefused() throws IOException {
        // javax.swing is a package of java.desktop: a made-up class there can never be loaded.
        byte[] x = CliFixture.classWithRun("app/Z", "java/lang/Object", mv -> {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "javax/swing/NoSuchThing", "bar", "()V", false);
            mv.visitInsn(Opcodes.RETURN);
        });
        Path in = CliFixture.jar(dir.resolve("in.jar"), Map.of("app/Z.class", x));
        run(in.toString(), "-o", dir.resolve("out.jar").toString()).expect(Main.USAGE)
                .expectOneLineError("javax.swing.NoSuchThing", "--release");
    }
}
