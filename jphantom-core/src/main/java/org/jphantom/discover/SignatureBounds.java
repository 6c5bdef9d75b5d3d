package org.jphantom.discover;

import java.util.function.BiConsumer;
import org.jphantom.world.SignatureParts;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;

/**
 * The bounds of the formal type parameters of a class or method {@code Signature} attribute, with
 * their position: javac writes a class type as a class bound ({@code <T:Lp/C;>}) and an interface
 * as an interface bound ({@code <T::Lp/I;>}, JVMS 4.7.9.1), because it knows the real kind of the
 * bound. Only the bound's own class is reported, not its type arguments. A malformed signature
 * reports nothing.
 */
final class SignatureBounds {
    private SignatureBounds() {
    }

    /** Calls {@code sink} with (internal name, is an interface bound) for each bound of {@code signature}. */
    static void read(String signature, BiConsumer<String, Boolean> sink) {
        if (signature == null || signature.charAt(0) != '<') {
            return;
        }
        try {
            new SignatureReader(signature).accept(new Formals(sink));
        } catch (RuntimeException malformed) {
            // ASM reports a malformed signature with unchecked exceptions of several kinds
        }
    }

    /** Visits a class or method signature; only the bounds of its formal type parameters report. */
    private static final class Formals extends SignatureParts {
        private final BiConsumer<String, Boolean> sink;

        Formals(BiConsumer<String, Boolean> sink) {
            this.sink = sink;
        }

        @Override
        public SignatureVisitor visitClassBound() {
            return new Bound(sink, false);
        }

        @Override
        public SignatureVisitor visitInterfaceBound() {
            return new Bound(sink, true);
        }




    }

    /** One bound: its outermost class type reports, its type arguments do not. */
    private static final class Bound extends SignatureVisitor {
        private final BiConsumer<String, Boolean> sink;
        private final boolean interfaceBound;
        private String name;

        Bound(BiConsumer<String, Boolean> sink, boolean interfaceBound) {
            super(Opcodes.ASM9);
            this.sink = sink;
            this.interfaceBound = interfaceBound;
        }

        @Override
        public void visitClassType(String className) {
            name = className;
        }

        @Override
        public void visitInnerClassType(String innerName) {
            name = name + "$" + innerName; // Outer<..>.Inner: the bound is the nested class
        }

        @Override
        public void visitEnd() {
            if (name != null) {
                sink.accept(name, interfaceBound);
                name = null;
            }
        }

        @Override
        public SignatureVisitor visitTypeArgument(char wildcard) {
            return SignatureParts.skip();
        }
    }
}
