package org.jphantom.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.jphantom.io.DeclarationReader;
import org.jphantom.io.ProgramClass;
import org.jphantom.io.ProgramInput;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassVisitor;

/** The declarations read in the program read's own check are those ClassInfo.read reads. */
class ReadDeclarationsTest {
    /** Classes with generics, nests, sealed hierarchies, enums, records, annotations, interfaces. */
    private static final List<String> CLASSES = List.of("java/util/HashMap", "java/util/HashMap$Node",
            "java/lang/Enum", "java/lang/Record", "java/lang/constant/ConstantDesc", "java/lang/annotation/Retention",
            "java/lang/Thread$State", "java/util/concurrent/ConcurrentHashMap", "java/lang/Object",
            "org/objectweb/asm/ClassReader", "org/objectweb/asm/tree/ClassNode", "org/junit/jupiter/api/Test");

    private static byte[] bytes(String name) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(name + ".class")) {
            assertNotNull(in, name);
            return in.readAllBytes();
        }
    }

    private static String describe(ClassInfo c) {
        List<Object> parts = new ArrayList<>(List.of(c.name(), String.valueOf(c.superName()), c.interfaces(),
                String.valueOf(c.signature()), c.access(), c.version(), c.permittedSubclasses(),
                String.valueOf(c.nestHost()), c.nestMembers()));
        c.fields().forEach(parts::add);
        c.methods().forEach(parts::add);
        return parts.toString();
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void theCheckReadsWhatClassInfoReads(boolean deferCode) throws IOException {
        Map<String, byte[]> program = new LinkedHashMap<>();
        for (String name : CLASSES) {
            program.put(name, bytes(name));
        }
        UnaryOperator<String> names = UnaryOperator.identity();
        ReadDeclarations declarations = new ReadDeclarations(names);
        Map<byte[], Boolean> handedOver = new ConcurrentHashMap<>();
        DeclarationReader counting = classFile -> {
            handedOver.put(classFile, true);
            ClassVisitor v = declarations.visitorFor(classFile);
            return v;
        };
        ProgramInput input = ProgramInput.readClasses("<program>", program, 17, false, deferCode, counting);
        assertEquals(CLASSES.size(), input.classes().size());
        for (ProgramClass pc : input.classes().values()) {
            // the read handed over this very array, and what came of it is what a parse of its own reads
            assertEquals(Boolean.TRUE, handedOver.get(pc.bytes()), pc.internalName());
            assertEquals(describe(ClassInfo.read(pc.bytes(), names)), describe(declarations.of(pc.bytes())),
                    pc.internalName());
        }
        declarations.clear();
        // after clear, the class is read when asked for: the same again
        ProgramClass any = input.classes().get("java/util/HashMap");
        assertEquals(describe(ClassInfo.read(any.bytes())), describe(declarations.of(any.bytes())));
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void aClassThatFailsTheCheckLeavesNoDeclarations(boolean skipBroken) throws IOException {
        // a field name the format check refuses after the class header was handed over
        org.objectweb.asm.ClassWriter cw = new org.objectweb.asm.ClassWriter(0);
        cw.visit(org.objectweb.asm.Opcodes.V17, org.objectweb.asm.Opcodes.ACC_PUBLIC, "p/Bad", null, "java/lang/Object", null);
        cw.visitField(0, "a;b", "I", null, null).visitEnd();
        cw.visitEnd();
        Map<String, byte[]> program = Map.of("java/util/HashMap", bytes("java/util/HashMap"), "p/Bad", cw.toByteArray());
        Map<String, ClassInfo> kept = new ConcurrentHashMap<>();
        Map<String, Boolean> started = new ConcurrentHashMap<>();
        DeclarationReader keeping = classFile -> new ClassVisitor(org.objectweb.asm.Opcodes.ASM9,
                ClassInfo.reader(UnaryOperator.identity(), info -> kept.put(info.name(), info))) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName, String[] itfs) {
                started.put(name, true);
                super.visit(version, access, name, signature, superName, itfs);
            }
        };
        if (skipBroken) {
            ProgramInput input = ProgramInput.readClasses("<program>", program, 17, true, true, keeping);
            assertEquals(List.of("java/util/HashMap"), List.copyOf(input.classes().keySet()));
            assertEquals(List.of("java/util/HashMap"), List.copyOf(kept.keySet()));
        } else {
            org.junit.jupiter.api.Assertions.assertThrows(org.jphantom.JphantomException.class,
                    () -> ProgramInput.readClasses("<program>", program, 17, false, true, keeping));
        }
        // the broken class's parse began (its header was handed over) but gave no declarations
        assertEquals(Boolean.TRUE, started.get("p/Bad"));
        assertEquals(null, kept.get("p/Bad"));
    }
}
