package org.jphantom.discover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Lifting an overriding method's signature into the phantom supertype's type variables. */
class OverridingMethodsTest {
    private static final String STRING = "Ljava/lang/String;";

    @Test
    void aTypeArgumentInsideATypeArgumentBecomesTheVariable() {
        assertEquals("(Ljava/util/List<TT;>;)V",
                OverridingMethods.lift("(Ljava/util/List<Ljava/lang/String;>;)V", "(Ljava/util/List;)V", List.of(STRING)));
        assertEquals("(Ljava/util/Map<TT1;+TT2;>;)Ljava/util/List<Ljava/lang/Long;>;",
                OverridingMethods.lift("(Ljava/util/Map<Ljava/lang/String;+Ljava/lang/Integer;>;)Ljava/util/List<Ljava/lang/Long;>;",
                        "(Ljava/util/Map;)Ljava/util/List;", List.of(STRING, "Ljava/lang/Integer;")));
    }

    @Test
    void aTopLevelConcreteTypeStaysSoTheErasureKeepsTheDescriptor() {
        assertEquals("(Ljava/lang/String;Ljava/util/List<TT;>;)V", OverridingMethods.lift(
                "(Ljava/lang/String;Ljava/util/List<Ljava/lang/String;>;)V", "(Ljava/lang/String;Ljava/util/List;)V",
                List.of(STRING)));
    }

    @Test
    void theClassVariableGivenAsArgumentBecomesThePhantomsVariable() {
        assertEquals("(TT;Ljava/util/List<TT;>;)V",
                OverridingMethods.lift("(TE;Ljava/util/List<TE;>;)V", "(Ljava/lang/Object;Ljava/util/List;)V", List.of("TE;")));
        // E extends Number: its erasure is not the phantom variable's (Object)
        assertNull(OverridingMethods.lift("(TE;)V", "(Ljava/lang/Number;)V", List.of("TE;")));
    }

    @Test
    void ambiguousOrForeignVariablesAndGenericMethodsGiveNone() {
        // String is both arguments: not lifted, stays concrete
        assertEquals("(Ljava/util/List<Ljava/lang/String;>;)V", OverridingMethods.lift(
                "(Ljava/util/List<Ljava/lang/String;>;)V", "(Ljava/util/List;)V", List.of(STRING, STRING)));
        assertNull(OverridingMethods.lift("(Ljava/util/List<TX;>;)V", "(Ljava/util/List;)V", List.of(STRING)));
        assertNull(OverridingMethods.lift("<X:Ljava/lang/Object;>(Ljava/util/List<TX;>;)V", "(Ljava/util/List;)V",
                List.of(STRING)));
        assertNull(OverridingMethods.lift("(Ljava/util/List<Ljava/lang/String;>;)V^TX;", "(Ljava/util/List;)V",
                List.of(STRING)));
        assertNull(OverridingMethods.lift("(Lp/Outer<TE;>.Inner;)V", "(Lp/Outer$Inner;)V", List.of("TE;")));
        assertNull(OverridingMethods.lift("(Ljava/util/List<", "(Ljava/util/List;)V", List.of(STRING)));
    }

    @Test
    void plainFormalsAreThoseBoundedByObjectAlone() {
        assertEquals(List.of("K", "V"), TypeTree.plainFormals("<K:Ljava/lang/Object;V:Ljava/lang/Object;>Ljava/lang/Object;"));
        assertEquals(List.of(), TypeTree.plainFormals("Ljava/lang/Enum<Lp/E;>;"));
        assertNull(TypeTree.plainFormals("<E:Ljava/lang/Enum<TE;>;>Ljava/lang/Object;"));
        assertNull(TypeTree.plainFormals("<T::Ljava/lang/Comparable<TT;>;>Ljava/lang/Object;"));
        assertNull(TypeTree.plainFormals("<T:Ljava/lang/Object;:Ljava/io/Serializable;>Ljava/lang/Object;"));
    }
}
