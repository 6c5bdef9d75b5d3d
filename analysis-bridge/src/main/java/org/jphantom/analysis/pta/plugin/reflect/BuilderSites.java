package org.jphantom.analysis.pta.plugin.reflect;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.jphantom.analysis.ir.Cast;
import org.jphantom.analysis.ir.Copy;
import org.jphantom.analysis.ir.DynamicCall;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;

/**
 * The string builders of one method that never leave it: a {@code new StringBuilder} (or
 * {@code StringBuffer}) whose variables are only receivers of the builder's own methods (those that
 * return the builder, {@code append} and friends, pass it on) and copied between variables. For
 * such a builder, substring flow keeps the content per allocation site, so what one method
 * appends never reaches another method's {@code toString}, even though the heap merges all
 * builders into one object; every other builder (passed to a call, stored, returned) shares its
 * object's content. javac 8's {@code +} chains are builders of this kind.
 */
final class BuilderSites {
    /** Per variable: the local builder site it holds (the allocation's statement index). */
    private final Map<Integer, Integer> siteOfVar = new HashMap<>();

    /** @param builderType whether a type index is {@code StringBuilder} or {@code StringBuffer} */
    BuilderSites(MethodIR ir, java.util.function.IntPredicate builderType) {
        Map<Integer, Integer> site = new HashMap<>();
        Set<Integer> escaped = new HashSet<>();
        for (Stmt s : ir.stmts) {
            if (s instanceof New n && n.lhs >= 0 && n.what == New.Kind.NEW && builderType.test(n.type)) {
                site.put(n.lhs, n.index);
            }
        }
        if (site.isEmpty()) {
            return;
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Stmt s : ir.stmts) {
                int from = -1;
                int to = -1;
                if (s instanceof Copy c && (c.role == Copy.Role.MERGE || c.role == Copy.Role.MOVE)) {
                    from = c.rhs;
                    to = c.lhs;
                } else if (s instanceof Invoke inv && builderOwner(inv.owner) && inv.recv >= 0 && inv.lhs >= 0
                        && returnsBuilder(inv.desc)) {
                    from = inv.recv;
                    to = inv.lhs;
                }
                Integer f = from < 0 ? null : site.get(from);
                if (f == null || to < 0) {
                    continue;
                }
                Integer old = site.get(to);
                if (old == null) {
                    site.put(to, f);
                    grew = true;
                } else if (!old.equals(f)) {
                    escaped.add(old); // two builders meet in one variable: keep both on the shared content
                    escaped.add(f);
                }
            }
        }
        for (Stmt s : ir.stmts) {
            for (int v : escapingUses(s)) {
                Integer st = site.get(v);
                if (st != null) {
                    escaped.add(st);
                }
            }
        }
        for (Map.Entry<Integer, Integer> e : site.entrySet()) {
            if (!escaped.contains(e.getValue())) {
                siteOfVar.put(e.getKey(), e.getValue());
            }
        }
    }

    /** The local builder site variable {@code var} holds, or -1 if none (or one that escapes). */
    int siteOf(int var) {
        Integer s = siteOfVar.get(var);
        return s == null ? -1 : s;
    }

    static boolean builderOwner(String owner) {
        return owner.equals("java/lang/StringBuilder") || owner.equals("java/lang/StringBuffer")
                || owner.equals("java/lang/AbstractStringBuilder");
    }

    private static boolean returnsBuilder(String desc) {
        return desc.endsWith(")Ljava/lang/StringBuilder;") || desc.endsWith(")Ljava/lang/StringBuffer;")
                || desc.endsWith(")Ljava/lang/AbstractStringBuilder;");
    }

    /** The variables a statement lets go of: anything but a builder method's receiver or a plain copy. */
    private static int[] escapingUses(Stmt s) {
        if (s instanceof Copy c) {
            return c.role == Copy.Role.MERGE || c.role == Copy.Role.MOVE ? new int[0] : new int[] {c.rhs};
        }
        if (s instanceof Cast c) {
            return new int[] {c.rhs};
        }
        if (s instanceof FieldAccess f) {
            return f.isLoad() ? new int[0] : new int[] {f.var};
        }
        if (s instanceof Invoke inv) {
            return inv.args;
        }
        if (s instanceof DynamicCall d) {
            return d.args;
        }
        return new int[0];
    }
}
