package org.jphantom.discover;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;
import org.objectweb.asm.signature.SignatureWriter;

/** The parameter types of a method's generic {@code Signature}, each as a type signature. */
final class SignatureParameters {
    private SignatureParameters() {
    }

    /**
     * The parameter type signatures of {@code methodSignature} in order
     * ({@code (Ljava/util/Optional<Ljava/lang/reflect/AnnotatedElement;>;I)V} gives
     * {@code Ljava/util/Optional<Ljava/lang/reflect/AnnotatedElement;>;} and {@code I}); an empty
     * list for a signature ASM cannot read.
     */
    static List<String> of(String methodSignature) {
        List<SignatureWriter> writers = new ArrayList<>();
        try {
            new SignatureReader(methodSignature).accept(new SignatureVisitor(Opcodes.ASM9) {
                @Override
                public SignatureVisitor visitParameterType() {
                    SignatureWriter w = new SignatureWriter();
                    writers.add(w);
                    return w;
                }
            });
        } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
            return List.of(); // a malformed Signature attribute: no generic types to read
        }
        List<String> out = new ArrayList<>();
        for (SignatureWriter w : writers) {
            out.add(w.toString());
        }
        return out;
    }
}
