package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;

/**
 * Array literals read off a method's IR ({@code new T[] {a, b}}, a varargs argument), and list
 * literals ({@code List.of(a, b)}, {@code Arrays.asList(a, b)}): the models that take an array or
 * a list argument read what the calling method puts into it rather than the array objects'
 * elements, which, without contexts, also hold what the JDK's code stores into every array that
 * reaches it.
 */
final class ArrayLiterals {
    private ArrayLiterals() {
    }

    /**
     * The variables stored into the array {@code var} holds, in statement order (javac stores a
     * literal's elements in index order; -1 for a {@code null}), if {@code var}'s only definition
     * is an array allocation of the method; else null.
     */
    static List<Integer> stored(MethodIR ir, int var) {
        if (var < 0 || !(ir.soleDefinition(var) instanceof New n && n.what == New.Kind.ARRAY)) {
            return null;
        }
        List<Integer> out = new ArrayList<>();
        for (Stmt st : ir.stmts) {
            if (st instanceof FieldAccess fa && fa.kind == Stmt.STORE_ARRAY && fa.base == var) {
                out.add(fa.var);
            }
        }
        return out;
    }

    /**
     * The variables a list literal holds ({@code -1} for a {@code null}), if {@code var}'s only
     * definition in the method is a call of {@code List.of(...)} (any arity, or with an array
     * literal) or {@code Arrays.asList} with an array literal (a varargs call); else null.
     */
    static List<Integer> listed(MethodIR ir, int var) {
        if (var < 0 || !(ir.soleDefinition(var) instanceof Invoke def) || def.lhs != var || def.recv >= 0) {
            return null;
        }
        boolean listOf = def.owner.equals("java/util/List") && def.name.equals("of");
        boolean asList = def.owner.equals("java/util/Arrays") && def.name.equals("asList");
        if (!listOf && !asList) {
            return null;
        }
        if (def.desc.startsWith("([Ljava/lang/Object;)")) {
            return stored(ir, def.args[0]);
        }
        if (asList) {
            return null;
        }
        List<Integer> out = new ArrayList<>();
        for (int a : def.args) {
            out.add(a);
        }
        return out;
    }
}
