package org.jphantom.analysis.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jphantom.JphantomException;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Type;

/**
 * A method as the user names it for {@code --explain}, in any of the forms the outputs use:
 * <ul>
 * <li>the analysis' signature: {@code <a.b.C: void m(int,java.lang.String)>};</li>
 * <li>JVM style: {@code a/b/C.m(ILjava/lang/String;)V} (or with dots in the class name);</li>
 * <li>Java style: {@code a.b.C.m(int, java.lang.String)} (every return type);</li>
 * <li>{@code a.b.C.m}: every overload, constructors as {@code a.b.C.<init>}.</li>
 * </ul>
 * Only the class itself is searched (not its supertypes): the user names a declaration.
 *
 * @param className the class, internal name ({@code a/b/C})
 * @param name      the method's name
 * @param desc      the descriptor, or null to match by {@code params} or every overload
 * @param params    Java names of the parameter types, or null for every overload
 */
public record MethodQuery(String className, String name, String desc, List<String> params) {
    private static final Pattern SIGNATURE = Pattern.compile("<([^:]+): \\S+ ([^(\\s]+)\\(([^)]*)\\)>");
    private static final Pattern JVM = Pattern.compile("(.+)\\.([^.(]+)(\\(.*\\).+)");
    private static final Pattern JAVA = Pattern.compile("(.+)\\.([^.(]+)\\(([^)]*)\\)");
    private static final Pattern BARE = Pattern.compile("(.+)\\.([^.(]+)");

    /**
     * Parses what the user typed.
     *
     * @throws JphantomException (exit code 2) if it is none of the forms
     */
    public static MethodQuery parse(String text) {
        String t = text.trim();
        Matcher m = SIGNATURE.matcher(t);
        if (m.matches()) {
            return new MethodQuery(internal(m.group(1)), m.group(2), null, params(m.group(3)));
        }
        m = JVM.matcher(t);
        if (m.matches()) {
            try {
                Type.getArgumentTypes(m.group(3));
                Type.getReturnType(m.group(3));
                return new MethodQuery(internal(m.group(1)), m.group(2), m.group(3), null);
            } catch (RuntimeException e) {
                // not a descriptor: try the Java form
            }
        }
        m = JAVA.matcher(t);
        if (m.matches()) {
            return new MethodQuery(internal(m.group(1)), m.group(2), null, params(m.group(3)));
        }
        m = BARE.matcher(t);
        if (m.matches() && !t.contains("(") && !t.contains(" ")) {
            return new MethodQuery(internal(m.group(1)), m.group(2), null, null);
        }
        throw JphantomException.input("--explain '" + text + "': give a method as <a.B: void m(int)>, a.B.m(I)V,"
                + " a.B.m(int) or a.B.m (every overload)");
    }

    private static String internal(String className) {
        return className.trim().replace('.', '/');
    }

    private static List<String> params(String list) {
        List<String> out = new ArrayList<>();
        for (String p : list.split(",")) {
            if (!p.isBlank()) {
                out.add(p.trim());
            }
        }
        return out;
    }

    /** The methods the class declares that match, in declaration order; empty if none (or no such class). */
    public List<JMethod> find(Program program) {
        List<JMethod> out = new ArrayList<>();
        int type = program.type(className);
        ClassInfo info = program.info(type);
        if (info == null) {
            return out;
        }
        for (MemberInfo mi : info.methods()) {
            if (mi.name().equals(name) && matches(mi.desc())) {
                JMethod jm = program.declared(type, mi.name(), mi.desc());
                if (jm != null) {
                    out.add(jm);
                }
            }
        }
        return out;
    }

    private boolean matches(String d) {
        if (desc != null) {
            return desc.equals(d);
        }
        if (params == null) {
            return true;
        }
        Type[] args = Type.getArgumentTypes(d);
        if (args.length != params.size()) {
            return false;
        }
        for (int i = 0; i < args.length; i++) {
            if (!args[i].getClassName().equals(params.get(i).replace('/', '.').replace(" ", ""))) {
                return false;
            }
        }
        return true;
    }

    /** The query as the user would read it back. */
    public String display() {
        String cls = className.replace('/', '.');
        if (desc != null) {
            return cls + "." + name + desc;
        }
        return cls + "." + name + (params == null ? "" : "(" + String.join(", ", params) + ")");
    }
}
