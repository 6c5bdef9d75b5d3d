package org.jphantom.discover;

import java.util.List;
import java.util.Map;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Methods of a program class that override a phantom generic supertype's method with the same
 * erased descriptor and a generic {@code Signature} of their own ({@code class Printer implements
 * Handler<String> { void handle(List<String> items) }}). javac accepts that override only if the
 * phantom's method has a matching generic type: with a raw {@code handle(List)} the two have the
 * same erasure and neither overrides the other (a name clash). The phantom's method gets the
 * overriding method's signature with the supertype's type arguments written back as the phantom's
 * type variables ({@code handle(List<T>)}: substituting {@code String} for {@code T} gives the
 * override's own signature again), where a type argument is unambiguous; other type variables, a
 * generic method, a generic throws clause or a parameterized member type give no signature
 * ({@link MemberSignatures#override}).
 */
final class OverridingMethods {
    private final ClassWorld world;
    private final MemberSignatures signatures;

    OverridingMethods(ClassWorld world, MemberSignatures signatures) {
        this.world = world;
        this.signatures = signatures;
    }

    /** Records the overriding methods of {@code cn}. */
    void scan(ClassNode cn) {
        if (cn.signature == null) {
            return;
        }
        Map<String, List<String>> supers = null;
        for (MethodNode m : cn.methods) {
            if (m.signature == null || (m.access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE | Opcodes.ACC_BRIDGE
                    | Opcodes.ACC_SYNTHETIC)) != 0 || m.name.startsWith("<")) {
                continue;
            }
            if (supers == null) {
                supers = SupertypeArguments.ofUnknown(cn.signature, world::isKnown);
            }
            for (Map.Entry<String, List<String>> e : supers.entrySet()) {
                if (!e.getValue().isEmpty()) {
                    signatures.override(e.getKey(), m.name, m.desc, lift(m.signature, m.desc, e.getValue()),
                            e.getValue().size());
                }
            }
        }
    }

    /**
     * {@code signature} with each occurrence of a supertype type argument (one that occurs once
     * among {@code arguments}) inside a type argument replaced by the phantom's type variable; null
     * when the result would name another type variable or not erase to {@code desc}.
     */
    static String lift(String signature, String desc, List<String> arguments) {
        TypeTree.Method sig = TypeTree.parseMethod(signature);
        if (sig == null || !sig.formals().isEmpty() || sig.exceptions()) {
            return null;
        }
        StringBuilder out = new StringBuilder("(");
        StringBuilder erased = new StringBuilder("(");
        for (TypeTree p : sig.parameters()) {
            if (!write(p, arguments, false, out)) {
                return null;
            }
            erased.append(p.erasure());
        }
        out.append(')');
        erased.append(')');
        if (!write(sig.returnType(), arguments, false, out)) {
            return null;
        }
        erased.append(sig.returnType().erasure());
        return erased.toString().equals(desc) ? out.toString() : null;
    }

    private static boolean write(TypeTree t, List<String> arguments, boolean inArgument, StringBuilder out) {
        int i = arguments.indexOf(t.text());
        if ((inArgument || t.sort() == 'T') && i >= 0 && arguments.lastIndexOf(t.text()) == i) {
            out.append(arguments.size() == 1 ? "TT" : "TT" + (i + 1)).append(';');
            return true;
        }
        switch (t.sort()) {
            case 'B' -> out.append(t.text());
            case '*' -> out.append('*');
            case '+', '-' -> {
                out.append(t.sort());
                return write(t.arguments().get(0), arguments, true, out);
            }
            case '[' -> {
                out.append('[');
                return write(t.arguments().get(0), arguments, inArgument, out);
            }
            case 'L' -> {
                if (t.nested()) {
                    return false;
                }
                out.append('L').append(t.name());
                if (!t.arguments().isEmpty()) {
                    out.append('<');
                    for (TypeTree a : t.arguments()) {
                        if (!write(a, arguments, true, out)) {
                            return false;
                        }
                    }
                    out.append('>');
                }
                out.append(';');
            }
            default -> {
                return false; // a type variable that is no supertype argument
            }
        }
        return true;
    }
}
