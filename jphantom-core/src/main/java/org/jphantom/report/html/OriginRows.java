package org.jphantom.report.html;

import org.jphantom.model.Constraint;
import org.jphantom.model.Origin;

/** Table cells for origins and constraints, shared by the pages. */
final class OriginRows {
    /** The header cells matching {@link #cells(Origin)}. */
    static final String HEADER = "<th>class</th><th>method</th><th>instruction</th><th>use</th>";

    /** The header cells matching {@link #cells(Use)}. */
    static final String USE_HEADER = "<th>class</th><th>method</th><th>line</th><th>instruction</th><th>use</th>";

    private OriginRows() {
    }

    /** The cells of one origin: class, method, instruction index, what the use was. */
    static String cells(Origin o) {
        return "<td class=\"mono\">" + Html.esc(o.className().replace('/', '.')) + "</td><td class=\"mono\">"
                + (o.method() == null ? "" : Html.esc(o.method())) + "</td><td class=\"num\">"
                + (o.insn() >= 0 ? Integer.toString(o.insn()) : "") + "</td><td>" + Html.esc(o.what()) + "</td>";
    }

    /** The cells of one use: class, method, source line, instruction index, what the use is. */
    static String cells(Use u) {
        return "<td class=\"mono\">" + Html.esc(u.className().replace('/', '.')) + "</td><td class=\"mono\">"
                + (u.method() == null ? "" : Html.esc(u.method())) + "</td><td class=\"num\">"
                + (u.line() >= 0 ? Integer.toString(u.line()) : "") + "</td><td class=\"num\">"
                + (u.insn() >= 0 ? Integer.toString(u.insn()) : "") + "</td><td>" + Html.esc(u.what()) + "</td>";
    }

    /** The type column of a constraint. */
    static String type(Constraint c) {
        return c instanceof Constraint.Subtype ? "subtype" : "kind";
    }

    /** Whether {@code c} is about the type with internal name {@code name}. */
    static boolean mentions(Constraint c, String name) {
        if (c instanceof Constraint.Subtype s) {
            return s.sub().equals(name) || s.sup().equals(name);
        }
        return c instanceof Constraint.Kind k && k.type().equals(name);
    }
}
