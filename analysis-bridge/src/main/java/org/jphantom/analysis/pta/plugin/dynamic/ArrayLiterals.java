package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.ir.Cast;
import org.jphantom.analysis.ir.Copy;
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
        if (var < 0) {
            return null;
        }
        boolean allocated = false;
        List<Integer> out = new ArrayList<>();
        for (Stmt st : ir.stmts) {
            if (st instanceof New n && n.lhs == var) {
                if (n.what != New.Kind.ARRAY || allocated) {
                    return null;
                }
                allocated = true;
            } else if (st instanceof FieldAccess fa && fa.kind == Stmt.STORE_ARRAY && fa.base == var) {
                out.add(fa.var);
            } else if (definesOtherwise(st, var)) {
                return null;
            }
        }
        return allocated ? out : null;
    }

    /**
     * The variables a list literal holds ({@code -1} for a {@code null}), if {@code var}'s only
     * definition in the method is a call of {@code List.of(...)} (any arity, or with an array
     * literal) or {@code Arrays.asList} with an array literal (a varargs call); else null.
     */
    static List<Integer> listed(MethodIR ir, int var) {
        if (var < 0) {
            return null;
        }
        Invoke def = null;
        for (Stmt st : ir.stmts) {
            if (st instanceof Invoke i && i.lhs == var && def == null) {
                def = i;
            } else if (definesOtherwise(st, var) || st instanceof New n && n.lhs == var) {
                return null;
            }
        }
        if (def == null || def.recv >= 0) {
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

    /** Whether {@code st} gives {@code var} a value other than by allocation. */
    static boolean definesOtherwise(Stmt st, int var) {
        return st instanceof Copy c && c.lhs == var || st instanceof Cast c2 && c2.lhs == var
                || st instanceof FieldAccess fa && fa.isLoad() && fa.var == var
                || st instanceof Invoke i && i.lhs == var;
    }
}
