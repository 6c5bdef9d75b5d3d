package org.jphantom.world;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;

/**
 * The parameters of a method that take the class of an annotation type, read from the method's
 * {@code Signature} attribute: {@code Class<? extends Annotation>}, {@code Class<Annotation>}, or
 * {@code Class<A>} / {@code Class<? extends A>} where {@code A} is a type parameter of the method
 * or of its class bounded by {@code Annotation} ({@code <A extends Annotation> A getAnnotation(Class<A>)},
 * {@code class Def<A extends Annotation> { Def(Class<A> type) }}). A class
 * literal the program passes there names an annotation type. A malformed signature, or one that
 * does not mention {@code Annotation}, has none.
 */
final class AnnotationClassParameters {
    private static final String ANNOTATION = "java/lang/annotation/Annotation";
    /** Only the first 32 parameters are reported (a bit each). */
    private static final int MAX = 32;

    private AnnotationClassParameters() {
    }

    /**
     * The type parameters of a class that its {@code Signature} bounds by {@code Annotation}
     * ({@code class Def<A extends Annotation>}); empty for none or a malformed signature.
     */
    static Set<String> classVariables(String classSignature) {
        if (classSignature == null || !classSignature.contains(ANNOTATION)) {
            return Set.of();
        }
        Method c = new Method();
        try {
            new SignatureReader(classSignature).accept(c);
        } catch (RuntimeException malformed) {
            return Set.of();
        }
        Set<String> out = new HashSet<>();
        for (Bound b : c.bounds) {
            if (ANNOTATION.equals(b.type().name)) {
                out.add(b.variable());
            }
        }
        return Set.copyOf(out);
    }

    /**
     * Bit {@code i} set when parameter {@code i} (0 = the first declared) takes an annotation class.
     *
     * @param classVariables the declaring class's type parameters bounded by Annotation
     *     ({@link #classVariables}); a type parameter of the method with the same name hides one
     */
    static int of(Set<String> classVariables, String methodSignature) {
        if (methodSignature == null || classVariables.isEmpty() && !methodSignature.contains(ANNOTATION)) {
            return 0;
        }
        Method m = new Method();
        try {
            new SignatureReader(methodSignature).accept(m);
        } catch (RuntimeException malformed) {
            return 0; // ASM reports a malformed signature with unchecked exceptions of several kinds
        }
        Set<String> annotationVariables = new HashSet<>(classVariables);
        for (Bound b : m.bounds) {
            annotationVariables.remove(b.variable());
        }
        for (Bound b : m.bounds) {
            if (ANNOTATION.equals(b.type().name)) {
                annotationVariables.add(b.variable());
            }
        }
        int mask = 0;
        for (int i = 0; i < m.parameters.size() && i < MAX; i++) {
            Type p = m.parameters.get(i);
            boolean classOf = "java/lang/Class".equals(p.name) && p.argument != null && p.wildcard != '-';
            if (classOf && (ANNOTATION.equals(p.argument.name) || annotationVariables.contains(p.argument.variable))) {
                mask |= 1 << i;
            }
        }
        return mask;
    }

    /** What a type signature is at its top level: a class type (and its first type argument) or a type variable. */
    private static final class Type extends SignatureVisitor {
        String name;
        String variable;
        Type argument;
        char wildcard;
        private int arguments;

        Type() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visitClassType(String className) {
            name = className;
        }

        @Override
        public void visitInnerClassType(String innerName) {
            name = name + "$" + innerName;
            argument = null;
            arguments = 0;
        }

        @Override
        public void visitTypeVariable(String var) {
            variable = var;
        }

        @Override
        public SignatureVisitor visitArrayType() {
            name = "[";
            return SignatureParts.skip();
        }

        @Override
        public void visitTypeArgument() {
            arguments++;
            argument = null;
        }

        @Override
        public SignatureVisitor visitTypeArgument(char w) {
            if (++arguments > 1) {
                argument = null;
                return SignatureParts.skip();
            }
            wildcard = w;
            argument = new Type();
            return argument;
        }
    }

    private record Bound(String variable, Type type) {
    }

    /** A class or method signature: the bounds of its type parameters, and a method's parameter types. */
    private static final class Method extends SignatureParts {
        final List<Type> parameters = new ArrayList<>();
        final List<Bound> bounds = new ArrayList<>();
        private String formal;

        @Override
        public void visitFormalTypeParameter(String name) {
            formal = name;
        }

        @Override
        public SignatureVisitor visitClassBound() {
            return bound();
        }

        @Override
        public SignatureVisitor visitInterfaceBound() {
            return bound();
        }

        private SignatureVisitor bound() {
            Type b = new Type();
            bounds.add(new Bound(formal, b));
            return b;
        }

        @Override
        public SignatureVisitor visitParameterType() {
            Type p = new Type();
            parameters.add(p);
            return p;
        }



    }
}
