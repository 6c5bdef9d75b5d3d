package org.jphantom.report.html;

import org.jphantom.model.Constraint;
import org.jphantom.model.Origin;

/** Table cells for origins and constraints, shared by the pages. */
final class OriginRows {
    /** The header cells matching {@link #cells(Origin)}. */
    static final String HEADER = "<th>class</th><th>method</th><th>instruction</th><th>use</th>";

    private OriginRows() {
    }

    /** The cells of one origin: class, method, instruction index, what the use was. */
    static String cells(Origin o) {
        return "<td class=\"mono\">" + Html.esc(o.className().replace('/', '.')) + "</td><td class=\"mono\">"
                + (o.method() == null ? "" : Html.esc(o.method())) + "</td><td class=\"num\">"
                + (o.insn() >= 0 ? Integer.toString(o.insn()) : "") + "</td><td>" + Html.esc(o.what()) + "</td>";
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
