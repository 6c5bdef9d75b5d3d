package org.jphantom.analysis.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jphantom.analysis.lang.JMethod;

/**
 * The IR of one method: variables {@code 0..varCount-1}, the statements, and for each variable the
 * statements that use it as a base (field and array accesses) or receiver (calls), which the
 * solver visits when the variable's points-to set grows.
 */
public final class MethodIR {
    private static final int[] NONE = new int[0];

    public final JMethod method;
    public final int varCount;
    /** The receiver variable, -1 for static methods. */
    public final int thisVar;
    /** One variable per declared parameter, -1 for primitive ones. */
    public final int[] paramVars;
    /** The variable every returned reference flows into, -1 if none. */
    public final int retVar;
    /** The variable every exception leaving the method flows into, -1 if none. */
    public final int throwVar;
    public final Stmt[] stmts;
    private final int[][] uses;

    private MethodIR(Builder b) {
        method = b.method;
        varCount = b.varCount;
        thisVar = b.thisVar;
        paramVars = b.paramVars;
        retVar = b.retVar;
        throwVar = b.throwVar;
        stmts = b.stmts.toArray(new Stmt[0]);
        int[] counts = new int[varCount];
        for (int i = 0; i < stmts.length; i++) {
            stmts[i].index = i;
        }
        for (Stmt s : stmts) {
            int v = baseOf(s);
            if (v >= 0) {
                counts[v]++;
            }
        }
        uses = new int[varCount][];
        for (int v = 0; v < varCount; v++) {
            uses[v] = counts[v] == 0 ? NONE : new int[counts[v]];
        }
        Arrays.fill(counts, 0);
        for (int i = 0; i < stmts.length; i++) {
            int v = baseOf(stmts[i]);
            if (v >= 0) {
                uses[v][counts[v]++] = i;
            }
        }
    }

    private static int baseOf(Stmt s) {
        if (s instanceof FieldAccess fa) {
            return fa.base;
        }
        if (s instanceof Invoke inv) {
            return inv.recv;
        }
        return -1;
    }

    /**
     * The one statement of this method that gives {@code var} a value (an allocation, copy, cast,
     * field or array load, or a call's result or exception), or null if none or several do. The
     * models that read a calling method's code ({@code new Class[] {...}}, a class constant, a
     * list literal) start here. Parameters and {@code this} have no defining statement.
     */
    public Stmt soleDefinition(int var) {
        Stmt found = null;
        for (Stmt s : stmts) {
            if (defines(s, var)) {
                if (found != null) {
                    return null;
                }
                found = s;
            }
        }
        return found;
    }

    private static boolean defines(Stmt s, int v) {
        return s instanceof New n && n.lhs == v || s instanceof Copy c && c.lhs == v || s instanceof Cast c && c.lhs == v
                || s instanceof FieldAccess fa && fa.isLoad() && fa.var == v
                || s instanceof Invoke inv && (inv.lhs == v || inv.exception == v)
                || s instanceof DynamicCall d && (d.lhs == v || d.exception == v);
    }

    /** Indices of the statements that dereference {@code var}. */
    public int[] uses(int var) {
        return uses[var];
    }

    /** Accumulates variables and statements; the builder of every IR, from bytecode or synthetic. */
    public static final class Builder {
        final JMethod method;
        int varCount;
        int thisVar = -1;
        int[] paramVars;
        int retVar = -1;
        int throwVar = -1;
        final List<Stmt> stmts = new ArrayList<>();

        /** Creates the receiver and reference parameter variables of {@code method}. */
        public Builder(JMethod method) {
            this.method = method;
            if (!method.isStatic()) {
                thisVar = newVar();
            }
            paramVars = new int[method.paramCount()];
            for (int i = 0; i < paramVars.length; i++) {
                paramVars[i] = method.paramIsRef(i) ? newVar() : -1;
            }
        }

        public int newVar() {
            return varCount++;
        }

        public int thisVar() {
            return thisVar;
        }

        public int paramVar(int i) {
            return paramVars[i];
        }

        /** The return variable, created on first use. */
        public int retVar() {
            if (retVar < 0) {
                retVar = newVar();
            }
            return retVar;
        }

        /** The exception variable, created on first use. */
        public int throwVar() {
            if (throwVar < 0) {
                throwVar = newVar();
            }
            return throwVar;
        }

        public void add(Stmt s) {
            stmts.add(s);
        }

        public MethodIR build() {
            collapseSingleReturn();
            return new MethodIR(this);
        }

        /**
         * A method with a single unfiltered return copy returns that variable itself: one pointer
         * and one propagation step fewer per call of it.
         */
        private void collapseSingleReturn() {
            if (retVar < 0) {
                return;
            }
            int found = -1;
            for (int i = 0; i < stmts.size(); i++) {
                Stmt s = stmts.get(i);
                if (s instanceof Copy c && c.lhs == retVar) {
                    if (found >= 0 || c.filter != null || c.rhs == retVar) {
                        return;
                    }
                    found = i;
                } else if (definesOrUses(s, retVar)) {
                    return;
                }
            }
            if (found >= 0) {
                retVar = ((Copy) stmts.remove(found)).rhs;
            }
        }

        private static boolean definesOrUses(Stmt s, int v) {
            if (s instanceof Copy c) {
                return c.rhs == v;
            }
            if (s instanceof Cast c) {
                return c.lhs == v || c.rhs == v;
            }
            if (s instanceof New n) {
                return n.lhs == v;
            }
            if (s instanceof FieldAccess fa) {
                return fa.base == v || fa.var == v;
            }
            if (s instanceof DynamicCall d) {
                return d.lhs == v || d.exception == v || java.util.Arrays.stream(d.args).anyMatch(a -> a == v);
            }
            if (s instanceof Invoke inv) {
                if (inv.recv == v || inv.lhs == v || inv.exception == v) {
                    return true;
                }
                for (int a : inv.args) {
                    if (a == v) {
                        return true;
                    }
                }
            }
            return false;
        }
    }
}
