package org.jphantom.discover;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.jphantom.world.SignatureParts;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;
import org.objectweb.asm.signature.SignatureWriter;

/**
 * The type arguments a class {@code Signature} gives its direct supertypes: for
 * {@code Ljava/lang/Object;Lp/Converter<Ljava/lang/String;TT;>;} the map {@code p/Converter ->
 * [Ljava/lang/String;, TT;]}. Wildcard arguments are written with their wildcard ({@code +}, {@code -},
 * {@code *}), so they never equal a descriptor. A malformed signature gives nothing.
 */
final class SupertypeArguments {
    private SupertypeArguments() {
    }

    /** {@link #of} without the supertypes {@code known} accepts: the type arguments given to phantoms. */
    static Map<String, List<String>> ofUnknown(String classSignature, Predicate<String> known) {
        Map<String, List<String>> out = of(classSignature);
        out.keySet().removeIf(known);
        return out;
    }

    static Map<String, List<String>> of(String classSignature) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        if (classSignature == null) {
            return out;
        }
        try {
            new SignatureReader(classSignature).accept(new SignatureParts() {
                @Override
                public SignatureVisitor visitSuperclass() {
                    return new Supertype(out);
                }

                @Override
                public SignatureVisitor visitInterface() {
                    return new Supertype(out);
                }

            });
        } catch (RuntimeException malformed) {
            out.clear();
        }
        return out;
    }

    /** One supertype: its name (nested: outer$inner) and its outermost type arguments. */
    private static final class Supertype extends SignatureVisitor {
        private final Map<String, List<String>> out;
        private final List<String> prefixes = new ArrayList<>();
        private final List<SignatureWriter> arguments = new ArrayList<>();
        private String name;

        Supertype(Map<String, List<String>> out) {
            super(Opcodes.ASM9);
            this.out = out;
        }

        @Override
        public void visitClassType(String className) {
            name = className;
        }

        @Override
        public void visitInnerClassType(String innerName) {
            name = name + "$" + innerName;
            prefixes.clear();
            arguments.clear();
        }

        @Override
        public void visitTypeArgument() {
            prefixes.add("*");
            arguments.add(new SignatureWriter());
        }

        @Override
        public SignatureVisitor visitTypeArgument(char wildcard) {
            SignatureWriter w = new SignatureWriter();
            prefixes.add(wildcard == INSTANCEOF ? "" : String.valueOf(wildcard));
            arguments.add(w);
            return w;
        }

        @Override
        public void visitEnd() {
            List<String> args = new ArrayList<>();
            for (int i = 0; i < arguments.size(); i++) {
                args.add(prefixes.get(i) + arguments.get(i));
            }
            out.put(name, args);
        }
    }
}
