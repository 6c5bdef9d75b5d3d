package org.jphantom.analysis.ir;

/**
 * {@code lhs = rhs}, optionally letting through only objects whose type passes {@link #filter}.
 * Its {@link Role} says where it comes from: a merge of values at a join point, a return (into the
 * method's return variable), a throw (into the method's exception variable, for exceptions no
 * local handler catches) or a catch (into a handler's variable, for exceptions that handler
 * catches and no earlier one does), or a guard (into the variable that stands for a tested value in
 * the code its branch guards, through a {@link Guard}).
 */
public final class Copy extends Stmt {
    public enum Role { MERGE, RETURN, THROW, CATCH, MOVE, GUARD }

    public final int lhs;
    public final int rhs;
    public final TypeFilter filter;
    public final Role role;

    public Copy(int lhs, int rhs, TypeFilter filter, Role role, int line) {
        super(COPY, line);
        this.lhs = lhs;
        this.rhs = rhs;
        this.filter = filter;
        this.role = role;
    }
}
