package org.jphantom.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jphantom.Result;
import org.jphantom.discover.Names;
import org.jphantom.generate.PlannedMember;
import org.jphantom.model.Constraint;

/**
 * The page of each phantom package (its phantoms) and of each phantom: kind and the reason for
 * it, supertypes, members (inferred, or a stub), the places that use it ("used by": its first
 * use and the origin of every constraint on it) and those constraints.
 */
final class PhantomPages {
    /** The most uses listed on a phantom's page. */
    static final int MAX_USES = 500;

    private PhantomPages() {
    }

    /** The phantoms of each package, by Java package name. */
    static SortedMap<String, List<Result.Phantom>> byPackage(Result r) {
        SortedMap<String, List<Result.Phantom>> m = new TreeMap<>();
        for (Result.Phantom p : r.phantoms().values()) {
            m.computeIfAbsent(PageNames.packageOf(p.name()), k -> new ArrayList<>()).add(p);
        }
        return m;
    }

    static String packagePage(String pkg, List<Result.Phantom> phantoms) {
        String label = PageNames.packageLabel(pkg);
        StringBuilder sb = Html.open("Package " + label, "../", Html.esc(label));
        sb.append("<p>").append(phantoms.size()).append(" phantom").append(phantoms.size() == 1 ? "" : "s")
                .append(" in this package.</p>\n<table>\n<tr><th>phantom</th><th>kind</th><th>extends</th>")
                .append("<th>implements</th><th>members</th><th>reason</th></tr>\n");
        for (Result.Phantom p : phantoms) {
            sb.append("<tr><td class=\"mono\">").append(Html.link("../" + PageNames.phantom(p.name()), simpleName(p.name())))
                    .append("</td><td>").append(kind(p)).append("</td><td class=\"mono\">")
                    .append(p.kind().isInterface() ? "" : Html.esc(Names.javaName(p.superName())))
                    .append("</td><td class=\"mono\">").append(Html.esc(String.join(", ",
                            p.interfaces().stream().map(Names::javaName).toList())))
                    .append("</td><td class=\"num\">").append(p.members().size()).append("</td><td>")
                    .append(Html.esc(p.reason())).append("</td></tr>\n");
        }
        return sb.append("</table>\n").append(Html.close()).toString();
    }

    static String phantomPage(Result r, Result.Phantom p, SortedSet<Use> scanned) {
        String pkg = PageNames.packageOf(p.name());
        String crumbs = Html.link("../" + PageNames.pkg(pkg), PageNames.packageLabel(pkg)) + " &gt; "
                + Html.esc(simpleName(p.name()));
        StringBuilder sb = Html.open(kind(p) + " " + Names.javaName(p.name()), "../", crumbs);
        sb.append("<table>\n<tr><th>kind</th><td>").append(kind(p)).append("</td></tr>\n")
                .append("<tr><th>reason</th><td>").append(Html.esc(p.reason())).append("</td></tr>\n");
        if (!p.kind().isInterface()) {
            sb.append("<tr><th>extends</th><td class=\"mono\">").append(typeLink(r, p.superName())).append("</td></tr>\n");
        }
        sb.append("<tr><th>").append(p.kind().isInterface() ? "extends" : "implements").append("</th><td class=\"mono\">");
        for (int i = 0; i < p.interfaces().size(); i++) {
            sb.append(i > 0 ? ", " : "").append(typeLink(r, p.interfaces().get(i)));
        }
        sb.append("</td></tr>\n</table>\n");
        members(sb, p);
        usedBy(sb, r, p, scanned);
        return sb.append(Html.close()).toString();
    }

    private static void members(StringBuilder sb, Result.Phantom p) {
        sb.append("<h2>Members</h2>\n");
        if (p.members().isEmpty()) {
            sb.append("<p>None.</p>\n");
            return;
        }
        sb.append("<table>\n<tr><th>member</th><th>descriptor</th><th>origin</th></tr>\n");
        for (PlannedMember m : p.members()) {
            sb.append("<tr").append(m.inferred() ? "" : " class=\"stub\"").append("><td class=\"mono\">")
                    .append(Html.esc(Result.memberLine(m))).append("</td><td class=\"mono\">").append(Html.esc(m.desc()))
                    .append("</td><td>").append(m.inferred() ? "inferred: the program uses it"
                            : "stub: keeps a concrete class from inheriting an unimplemented abstract method")
                    .append("</td></tr>\n");
        }
        sb.append("</table>\n");
    }

    private static void usedBy(StringBuilder sb, Result r, Result.Phantom p, SortedSet<Use> scanned) {
        List<Use> origins = new ArrayList<>();
        if (p.firstUse() != null) {
            origins.add(Use.of(p.firstUse()));
        }
        StringBuilder constraints = new StringBuilder();
        for (int i = 0; i < r.constraints().size(); i++) {
            Constraint c = r.constraints().get(i);
            if (OriginRows.mentions(c, p.name())) {
                origins.add(Use.of(c.origin()));
                constraints.append("<tr><td class=\"mono\">").append(Html.esc(c.toString())).append("</td><td class=\"num\">")
                        .append(r.occurrences().get(i)).append("</td>").append(OriginRows.cells(c.origin()))
                        .append("</tr>\n");
            }
        }
        SortedSet<Use> uses = UsageIndex.orOrigins(scanned, origins);
        sb.append("<h2>Used by</h2>\n<p>").append(uses.size()).append(" use").append(uses.size() == 1 ? "" : "s")
                .append(scanned == null || scanned.isEmpty() ? " (the solver's origins: no instruction or descriptor"
                        + " of the program names it)" : " in the program's code and declarations");
        if (uses.size() > MAX_USES) {
            sb.append("; the first ").append(MAX_USES).append(" are listed");
        }
        sb.append(".</p>\n<table>\n<tr>").append(OriginRows.USE_HEADER).append("</tr>\n");
        int n = 0;
        for (Use u : uses) {
            if (n++ == MAX_USES) {
                break;
            }
            sb.append("<tr>").append(OriginRows.cells(u)).append("</tr>\n");
        }
        sb.append("</table>\n<h2>Constraints</h2>\n");
        if (constraints.length() == 0) {
            sb.append("<p>None.</p>\n");
        } else {
            sb.append("<table>\n<tr><th>constraint</th><th>uses</th>").append(OriginRows.HEADER).append("</tr>\n")
                    .append(constraints).append("</table>\n");
        }
    }

    private static String typeLink(Result r, String internalName) {
        String name = Names.javaName(internalName);
        return r.phantoms().containsKey(internalName) ? Html.link("../" + PageNames.phantom(internalName), name)
                : Html.esc(name);
    }

    static String kind(Result.Phantom p) {
        return switch (p.kind()) {
            case ANNOTATION -> "annotation";
            case INTERFACE -> "interface";
            default -> "class";
        };
    }

    private static String simpleName(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1);
    }
}
