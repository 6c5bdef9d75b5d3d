package org.jphantom;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import org.jphantom.discover.Names;
import org.jphantom.generate.PlannedMember;
import org.jphantom.model.Constraint;
import org.jphantom.model.Origin;
import org.jphantom.model.TypeKind;
import org.objectweb.asm.Type;

/**
 * The outcome of a run: the phantoms with their solved shape and members, the constraints
 * (each with its first origin and how many uses produced it), warnings, counts and timings.
 *
 * <p>{@link #hierarchyListing()} is the stable text form of the inferred phantom hierarchy used
 * by golden files:
 *
 * <pre>
 * class p.A extends java.lang.Object implements p.I, p.J
 *   &lt;init&gt;(int, java.lang.String)
 *   field static p.B f
 *   field int g
 *   method int m(java.lang.String)
 *   method static void s()
 * interface p.I extends p.K
 *   method void run()
 * annotation p.Ann
 * </pre>
 *
 * Phantoms sorted by name; "extends X" always shown for classes, "extends I, J" for interfaces
 * only when they have super interfaces (sorted), "implements" only when non-empty (sorted); an
 * annotation interface lists no super interfaces (java.lang.annotation.Annotation is implied).
 * Members listed are the inferred ones (referenced by the program, including those placed in a
 * phantom because a known class inherits them from it), each line two-space indented,
 * constructors first (sorted by descriptor), then fields, then methods (sorted by name, then
 * descriptor). Types in Java source form, arrays as {@code int[][]}, nested classes with '$'.
 *
 * @param phantoms    the generated types, by internal name
 * @param constraints the distinct constraints, sorted
 * @param occurrences for each constraint (same index), how many uses produced it
 * @param generated   the class file of each phantom, by internal name
 * @param warnings    things the user should know that did not stop the run
 * @param shadowedEntries one line per non-class entry of a later input left out because an earlier
 *                    input has the same name ({@code warnings} summarises them in one line)
 * @param counts      named counts: program classes, methods analysed, phantoms, constraints, ...
 * @param timings     milliseconds spent in each stage, in pipeline order
 */
public record Result(SortedMap<String, Phantom> phantoms, List<Constraint> constraints, List<Integer> occurrences,
                     SortedMap<String, byte[]> generated, List<String> warnings, List<String> shadowedEntries,
                     Map<String, Integer> counts,
                     Map<String, Long> timings) {

    /**
     * One generated type.
     *
     * @param name       internal name
     * @param kind       CLASS, INTERFACE or ANNOTATION
     * @param superName  direct super class
     * @param interfaces direct super interfaces, sorted
     * @param reason     why it has this kind
     * @param firstUse   the first place the program needs it
     * @param members    what it declares
     */
    public record Phantom(String name, TypeKind kind, String superName, List<String> interfaces, String reason,
                          Origin firstUse, SortedSet<PlannedMember> members) {
    }

    /** The inferred phantom hierarchy in the golden-file format described above. */
    public String hierarchyListing() {
        StringBuilder sb = new StringBuilder();
        for (Phantom p : phantoms.values()) {
            switch (p.kind()) {
                case ANNOTATION -> sb.append("annotation ").append(Names.javaName(p.name()));
                case INTERFACE -> {
                    sb.append("interface ").append(Names.javaName(p.name()));
                    if (!p.interfaces().isEmpty()) {
                        sb.append(" extends ").append(javaNames(p.interfaces()));
                    }
                }
                default -> {
                    sb.append("class ").append(Names.javaName(p.name())).append(" extends ")
                            .append(Names.javaName(p.superName()));
                    if (!p.interfaces().isEmpty()) {
                        sb.append(" implements ").append(javaNames(p.interfaces()));
                    }
                }
            }
            sb.append('\n');
            for (PlannedMember m : p.members()) {
                if (m.inferred()) {
                    sb.append("  ").append(memberLine(m)).append('\n');
                }
            }
        }
        return sb.toString();
    }

    private static String javaNames(List<String> names) {
        return String.join(", ", names.stream().sorted().map(Names::javaName).toList());
    }

    /** A member in Java-like form: {@code method static int m(java.lang.String)}. */
    public static String memberLine(PlannedMember m) {
        if (m.field()) {
            return "field " + (m.isStatic() ? "static " : "") + Type.getType(m.desc()).getClassName() + " " + m.name();
        }
        StringBuilder args = new StringBuilder();
        for (Type t : Type.getArgumentTypes(m.desc())) {
            if (args.length() > 0) {
                args.append(", ");
            }
            args.append(t.getClassName());
        }
        if (m.isConstructor()) {
            return "<init>(" + args + ")";
        }
        return "method " + (m.isStatic() ? "static " : "") + Type.getReturnType(m.desc()).getClassName() + " "
                + m.name() + "(" + args + ")";
    }
}
