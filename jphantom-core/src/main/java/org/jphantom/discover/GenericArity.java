package org.jphantom.discover;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;

/**
 * The number of type parameters of each class the program's own {@code Signature} attributes
 * (of its classes, fields, methods, local variables and record components) give type arguments
 * to: {@code Lp/Foo<TT;Ljava/lang/String;>;} says {@code p/Foo} has two. Raw uses say nothing, so
 * the largest count seen is kept (valid code never gives one class two non-zero counts). A
 * signature that does not parse is evidence of nothing and is skipped (obfuscated jars carry
 * such attributes; the JVM ignores them).
 */
public final class GenericArity {
    private final SortedMap<String, Integer> arity = new TreeMap<>();

    /** Records the class types of a class or method signature. */
    void classOrMethodSignature(String signature) {
        if (signature != null) {
            read(signature, false);
        }
    }

    /** Records the class types of a field, local variable or record component signature. */
    void typeSignature(String signature) {
        if (signature != null) {
            read(signature, true);
        }
    }

    private void read(String signature, boolean type) {
        SortedMap<String, Integer> seen = new TreeMap<>();
        try {
            if (type) {
                new SignatureReader(signature).acceptType(new Counter(seen));
            } else {
                new SignatureReader(signature).accept(new Counter(seen));
            }
        } catch (RuntimeException malformed) {
            return; // ASM reports a malformed signature with unchecked exceptions of several kinds
        }
        seen.forEach((name, n) -> arity.merge(name, n, Math::max));
    }

    /** Type parameter counts by internal name, only the positive ones. */
    public SortedMap<String, Integer> arities() {
        SortedMap<String, Integer> out = new TreeMap<>();
        arity.forEach((name, n) -> {
            if (n > 0) {
                out.put(name, n);
            }
        });
        return Collections.unmodifiableSortedMap(out);
    }

    /** Counts the type arguments of each class type it visits; every nested position gets its own. */
    private static final class Counter extends SignatureVisitor {
        private final SortedMap<String, Integer> seen;
        private String current;
        private int count;

        Counter(SortedMap<String, Integer> seen) {
            super(Opcodes.ASM9);
            this.seen = seen;
        }

        private Counter fresh() {
            return new Counter(seen);
        }

        @Override
        public SignatureVisitor visitClassBound() {
            return fresh();
        }

        @Override
        public SignatureVisitor visitInterfaceBound() {
            return fresh();
        }

        @Override
        public SignatureVisitor visitSuperclass() {
            return fresh();
        }

        @Override
        public SignatureVisitor visitInterface() {
            return fresh();
        }

        @Override
        public SignatureVisitor visitParameterType() {
            return fresh();
        }

        @Override
        public SignatureVisitor visitReturnType() {
            return fresh();
        }

        @Override
        public SignatureVisitor visitExceptionType() {
            return fresh();
        }

        @Override
        public SignatureVisitor visitArrayType() {
            return fresh();
        }

        @Override
        public void visitClassType(String name) {
            current = name;
            count = 0;
        }

        @Override
        public void visitInnerClassType(String name) {
            record();
            current = current + "$" + name;
            count = 0;
        }

        @Override
        public void visitTypeArgument() {
            count++;
        }

        @Override
        public SignatureVisitor visitTypeArgument(char wildcard) {
            count++;
            return fresh();
        }

        @Override
        public void visitEnd() {
            record();
            current = null;
        }

        private void record() {
            if (current != null) {
                seen.merge(current, count, Math::max);
            }
        }
    }
}
