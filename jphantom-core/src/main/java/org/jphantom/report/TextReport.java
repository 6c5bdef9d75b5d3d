package org.jphantom.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.Result;
import org.jphantom.discover.Names;
import org.jphantom.model.Constraint;
import org.jphantom.model.TypeKind;

/**
 * The human summary, in the spirit of the thesis' jruby listing: the phantom types with their
 * inferred kind and the reason, the constraints, and the class and interface hierarchies of the
 * phantoms. The short form is one line; the verbose form adds everything.
 */
public final class TextReport {
    private TextReport() {
    }

    /** One line: what was found and generated, and how long it took. */
    public static String summary(Result r) {
        Map<String, Integer> c = r.counts();
        return String.format("jphantom: %d phantom types (%d classes, %d interfaces), %d members, %d constraints"
                        + " from %d of %d methods of %d classes, %.1f s",
                c.get("phantoms"), c.get("phantomClasses"), c.get("phantomInterfaces"), c.get("phantomMembers"),
                c.get("constraints"), c.get("methodsAnalysed"), c.get("methods"), c.get("programClasses"),
                r.timings().getOrDefault("total", 0L) / 1000.0);
    }

    /** The whole listing: phantoms, constraints, hierarchies. */
    public static String full(Result r) {
        StringBuilder sb = new StringBuilder(summary(r)).append('\n');
        sb.append("Phantom types:\n");
        int width = r.phantoms().keySet().stream().mapToInt(String::length).max().orElse(0) + 2;
        for (Result.Phantom p : r.phantoms().values()) {
            sb.append(String.format("  %-" + width + "s %-10s %s%n", Names.javaName(p.name()), kindName(p.kind()),
                    p.reason()));
        }
        sb.append("Constraints:\n");
        for (int i = 0; i < r.constraints().size(); i++) {
            Constraint c = r.constraints().get(i);
            int n = r.occurrences().get(i);
            sb.append("  ").append(c).append("    [").append(c.origin())
                    .append(n > 1 ? ", and " + (n - 1) + " more" : "").append("]\n");
        }
        sb.append("Class hierarchy:\n");
        Map<String, List<String>> children = new TreeMap<>();
        for (Result.Phantom p : r.phantoms().values()) {
            if (!p.kind().isInterface()) {
                children.computeIfAbsent(p.superName(), k -> new ArrayList<>()).add(p.name());
            }
        }
        TreeSet<String> roots = new TreeSet<>(children.keySet());
        roots.removeIf(t -> r.phantoms().containsKey(t) && !r.phantoms().get(t).kind().isInterface());
        for (String root : roots) {
            tree(sb, r, root, children, 1);
        }
        sb.append("Interface hierarchy:\n");
        for (Result.Phantom p : r.phantoms().values()) {
            if (p.kind().isInterface()) {
                sb.append("  * ").append(kindName(p.kind())).append(' ').append(Names.javaName(p.name()));
                if (!p.interfaces().isEmpty()) {
                    sb.append(" (extends ").append(String.join(", ", p.interfaces().stream().map(Names::javaName).toList()))
                            .append(')');
                }
                sb.append('\n');
            }
        }
        if (!r.warnings().isEmpty()) {
            sb.append("Warnings:\n");
            for (String w : r.warnings()) {
                sb.append("  ").append(w).append('\n');
            }
        }
        if (!r.shadowedEntries().isEmpty()) {
            sb.append("Shadowed entries (left out, an earlier input has the same name):\n");
            for (String s : r.shadowedEntries()) {
                sb.append("  ").append(s).append('\n');
            }
        }
        return sb.toString();
    }

    private static void tree(StringBuilder sb, Result r, String node, Map<String, List<String>> children, int depth) {
        sb.append("  ".repeat(depth)).append("* class ").append(Names.javaName(node));
        Result.Phantom p = r.phantoms().get(node);
        if (p != null && !p.interfaces().isEmpty()) {
            sb.append(" (implements ").append(String.join(", ", p.interfaces().stream().map(Names::javaName).toList()))
                    .append(')');
        }
        sb.append('\n');
        for (String child : children.getOrDefault(node, List.of())) {
            tree(sb, r, child, children, depth + 1);
        }
    }

    private static String kindName(TypeKind k) {
        return switch (k) {
            case ANNOTATION -> "annotation";
            case INTERFACE -> "interface";
            default -> "class";
        };
    }
}
