package org.jphantom.discover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.Opcodes;

/** The order in which {@link KindEvidence} weighs the program's evidence, and the signature readers behind it. */
class KindEvidenceTest {
    @Test
    void theCompilersViewBeatsUsesAndNames() {
        KindEvidence e = new KindEvidence();
        // only values: an interface by the use, but InnerClasses says a class
        e.value("p/Outer$Node");
        e.innerClassFlags("p/Outer$Node", Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_ABSTRACT);
        // named like a class, but InnerClasses says an interface
        e.value("p/Outer$AbstractVisitor");
        e.innerClassFlags("p/Outer$AbstractVisitor", Opcodes.ACC_PUBLIC | Opcodes.ACC_INTERFACE | Opcodes.ACC_ABSTRACT);
        // values only, but a class bound of a type parameter
        e.value("p/Recognizer");
        e.signature("<R:Lp/Recognizer;>Ljava/lang/Object;");
        // a static field owner (a class use), but an interface bound
        e.classUse("p/Marker");
        e.signature("<T:Ljava/lang/Object;:Lp/Marker;>(TT;)V");
        // values only: an interface; named like a class: a class
        e.value("p/Listener");
        e.value("p/ParseError");
        assertEquals(new TreeSet<>(List.of("p/Listener", "p/Marker", "p/Outer$AbstractVisitor")),
                e.interfaceLike(Set.of("p/Outer$Node", "p/Outer$AbstractVisitor", "p/Recognizer", "p/Marker",
                        "p/Listener", "p/ParseError")));
        // the step that decided each, as the report's reasons name it; a class use before the name,
        // and no use at all is no evidence
        e.classUse("p/AbstractPool");
        assertEquals(new TreeMap<>(Map.of("p/Outer$Node", "InnerClasses flags", "p/Outer$AbstractVisitor", "InnerClasses flags",
                "p/Recognizer", "type-parameter bound", "p/Marker", "type-parameter bound", "p/Listener", "values only",
                "p/ParseError", "its name", "p/AbstractPool", "a use only a class has", "p/Unused", "no evidence")),
                e.steps(Set.of("p/Outer$Node", "p/Outer$AbstractVisitor", "p/Recognizer", "p/Marker", "p/Listener",
                        "p/ParseError", "p/AbstractPool", "p/Unused")));
    }

    @Test
    void constantsOfTheOwnersMemberTypeAreInterfaceEvidenceAndAMemberThatIsNotPublicStaticMakesAClass() {
        KindEvidence e = new KindEvidence();
        assertEquals(true, KindEvidence.ofMemberType("Lp/STMode$Enum;", "p/STMode"));
        assertEquals(false, KindEvidence.ofMemberType("Lp/STMode;", "p/STMode"));
        assertEquals(false, KindEvidence.ofMemberType("Lp/STMode$Enum$Deep;", "p/STMode"));
        assertEquals(false, KindEvidence.ofMemberType("Lp/STModeX$Enum;", "p/STMode"));
        // read only as STMode.AUTO : STMode$Enum (xmlbeans' generated schema types): an interface
        e.memberConstant("p/STMode");
        e.memberFlags("p/STMode", Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL);
        // the same read, but a member class that is not static: no interface can have it
        e.memberConstant("p/Query");
        e.memberFlags("p/Query", Opcodes.ACC_PUBLIC | Opcodes.ACC_ABSTRACT);
        // a member class that is not public
        e.value("p/Handle");
        e.memberFlags("p/Handle", Opcodes.ACC_STATIC);
        assertEquals(new TreeSet<>(List.of("p/STMode")), e.interfaceLike(Set.of("p/STMode", "p/Query", "p/Handle")));
        assertEquals(new TreeMap<>(Map.of("p/STMode", "constants of its member type", "p/Query", "a use only a class has",
                "p/Handle", "a use only a class has")), e.steps(Set.of("p/STMode", "p/Query", "p/Handle")));
    }

    @Test
    void boundsReportOnlyTheBoundsOwnClass() {
        Map<String, Boolean> seen = new TreeMap<>();
        SignatureBounds.read("<K:Lp/Key<Lp/Arg;>;V::Lp/Outer<TK;>.Inner;>Ljava/lang/Object;Lp/Super<Lp/X;>;", seen::put);
        assertEquals(Map.of("p/Key", false, "p/Outer$Inner", true), seen);
        seen.clear();
        SignatureBounds.read("<T:Lp/Broken", seen::put);
        assertEquals(Map.of(), seen);
    }

    @Test
    void supertypeArgumentsOfAClassSignature() {
        assertEquals(Map.of("java/lang/Object", List.of(), "p/Converter", List.of("Ljava/lang/String;", "+TT;", "*")),
                SupertypeArguments.of("<T:Ljava/lang/Object;>Ljava/lang/Object;Lp/Converter<Ljava/lang/String;+TT;*>;"));
    }

    @Test
    void memberSignaturesFromLambdasAndBridges() {
        MemberSignatures m = new MemberSignatures();
        m.lambda("p/Fn", "call", "(Ljava/lang/Object;)Ljava/lang/Object;", "(Ljava/lang/String;)Ljava/lang/Integer;");
        m.bridge("p/Converter", "convert", "(Ljava/lang/Object;I)Ljava/lang/Object;", "(Ljava/lang/Long;I)Ljava/lang/String;",
                List.of("Ljava/lang/String;", "Ljava/lang/Long;"));
        m.lambda("p/Cmp", "compare", "(Ljava/lang/Object;Ljava/lang/Object;)I", "(Ljava/lang/String;Ljava/lang/String;)I");
        m.lambda("p/Raw", "apply", "(Ljava/lang/Object;)Ljava/lang/Object;", "(Ljava/lang/String;)Ljava/lang/Integer;");
        Map<String, String> sigs = m.signatures(new TreeMap<>(Map.of("p/Fn", 2, "p/Converter", 2, "p/Cmp", 1, "p/Raw", 1)));
        assertEquals("(TT1;)TT2;", sigs.get("p/Fn.call(Ljava/lang/Object;)Ljava/lang/Object;"));
        // the type arguments say which variable: Long is the second, String the first
        assertEquals("(TT2;I)TT1;", sigs.get("p/Converter.convert(Ljava/lang/Object;I)Ljava/lang/Object;"));
        assertEquals("(TT;TT;)I", sigs.get("p/Cmp.compare(Ljava/lang/Object;Ljava/lang/Object;)I"));
        // two specialised positions, one type parameter: no signature
        assertNull(sigs.get("p/Raw.apply(Ljava/lang/Object;)Ljava/lang/Object;"));
        assertEquals(new TreeSet<>(List.of("p/Cmp.compare(Ljava/lang/Object;Ljava/lang/Object;)I",
                "p/Fn.call(Ljava/lang/Object;)Ljava/lang/Object;", "p/Raw.apply(Ljava/lang/Object;)Ljava/lang/Object;")),
                m.functionalMethods());
    }
}
