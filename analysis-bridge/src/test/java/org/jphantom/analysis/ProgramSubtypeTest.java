package org.jphantom.analysis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.jphantom.analysis.lang.Program;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Program#isSubtype}: its answers, remembered per supertype, stay right as types are added. */
class ProgramSubtypeTest {
    @TempDir
    Path tmp;

    @Test
    void answersAreTheSameAskedAgainAndForTypesAddedLater() throws IOException {
        Path classes = PtaFixtures.compile("lambdas", Files.createDirectories(tmp.resolve("lambdas")));
        try (AnalysisInput in = AnalysisInput.open(List.of(classes), List.of(), OptionalInt.empty())) {
            Program p = in.program();
            int list = p.type("java/util/List");
            int collection = p.type("java/util/Collection");
            int arrayList = p.type("java/util/ArrayList");
            int string = p.type("java/lang/String");
            for (int round = 0; round < 2; round++) {
                assertTrue(p.isSubtype(arrayList, list));
                assertTrue(p.isSubtype(arrayList, collection));
                assertTrue(p.isSubtype(list, collection));
                assertFalse(p.isSubtype(collection, list));
                assertFalse(p.isSubtype(string, list));
                assertTrue(p.isSubtype(string, p.type("java/lang/CharSequence")));
            }
            // Types made after List's answers were remembered (ids past the remembered range).
            int before = p.typeCount();
            int linked = p.type("java/util/LinkedList");
            int treeMap = p.type("java/util/TreeMap");
            assertTrue(linked >= before || treeMap >= before, "a type added now");
            for (int round = 0; round < 2; round++) {
                assertTrue(p.isSubtype(linked, list));
                assertFalse(p.isSubtype(treeMap, list));
                assertTrue(p.isSubtype(treeMap, p.type("java/util/Map")));
            }
        }
    }
}
