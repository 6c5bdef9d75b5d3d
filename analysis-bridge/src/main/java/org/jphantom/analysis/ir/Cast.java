package org.jphantom.analysis.ir;

/** {@code lhs = (T) rhs}: only objects of a subtype of {@code T} flow. */
public final class Cast extends Stmt {
    public final int lhs;
    public final int rhs;
    public final TypeFilter filter;

    public Cast(int lhs, int rhs, TypeFilter filter, int line) {
        super(CAST, line);
        this.lhs = lhs;
        this.rhs = rhs;
        this.filter = filter;
    }
}
