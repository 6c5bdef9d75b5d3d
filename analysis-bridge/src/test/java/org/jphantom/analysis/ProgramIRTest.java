package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link org.jphantom.analysis.ir.ProgramIR}: the shared IR tables. */
class ProgramIRTest {
    @TempDir
    Path tmp;

    /**
     * A method whose IR building makes a lambda's synthetic method with the first id past the
     * tables' capacity (4,096) keeps its IR (the tables grow during the build; the IR was once
     * stored into the old table and lost).
     */
    @Test
    void aMethodWhoseLambdaGrowsTheTablesKeepsItsIR() throws IOException {
        Path classes = PtaFixtures.compile("lambdas", Files.createDirectories(tmp.resolve("lambdas")));
        try (AnalysisInput in = AnalysisInput.open(List.of(classes), List.of(), OptionalInt.empty())) {
            Program p = in.program();
            // Declare JDK methods one at a time until the next method made gets id 4095.
            List<String> jdk;
            try (Stream<Path> files = Files.walk(FileSystems.getFileSystem(URI.create("jrt:/"))
                    .getPath("modules", "java.base", "java", "util"))) {
                jdk = files.map(f -> f.subpath(2, f.getNameCount()).toString())
                        .filter(f -> f.endsWith(".class")).map(f -> f.substring(0, f.length() - 6)).sorted().toList();
            }
            fill:
            for (String c : jdk) {
                ClassInfo info = p.info(p.type(c));
                for (MemberInfo mi : info.methods()) {
                    if (p.methodCount() == 4095) {
                        break fill;
                    }
                    p.declared(p.type(c), mi.name(), mi.desc());
                }
            }
            assertEquals(4095, p.methodCount(), "not enough JDK methods to fill the table");
            JMethod main = p.declared(p.type("lambdas/Main"), "main", "([Ljava/lang/String;)V");
            assertEquals(4095, main.id());
            MethodIR ir = in.ir().bytecodeIR(main);
            assertNotNull(ir);
            assertTrue(p.methodCount() > 4096, "the lambdas' methods come after it");
            assertTrue(ir.stmts.length > 0);
        }
    }
}
