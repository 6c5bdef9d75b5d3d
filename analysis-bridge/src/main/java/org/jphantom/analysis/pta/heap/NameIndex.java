package org.jphantom.analysis.pta.heap;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;

/**
 * The names a reflective lookup can select, and which strings could be (part of) one. A string is a
 * <em>name</em> when it is the binary name of a class the closed world has (JDK included) or the
 * name of a method or field of a class of the program or its class path, inherited members
 * included (so {@code "toString"} is one). It is a <em>partial name</em> (thesis, Section 3.4.1)
 * when it is a prefix of at least {@link #MIN_PREFIX} characters or a suffix of at least
 * {@link #MIN_SUFFIX} characters of such a member name or of the binary name of a class of the
 * program or its class path: what concatenation may complete into a name. The set of member names
 * is built on the first question, the sorted indexes of partial names on the first question about
 * a partial name; nothing per class is kept ({@link #members} gives a caller a cache of its own).
 */
public final class NameIndex {
    /** The shortest prefix of a name a partial string matches: {@code "get"}, {@code "set"}. */
    public static final int MIN_PREFIX = 3;
    /** The shortest suffix of a name a partial string matches: {@code "Impl"} does not, {@code "Handler"} does. */
    public static final int MIN_SUFFIX = 5;

    private final Program program;
    private Set<String> memberNames;
    private NavigableSet<String> memberForward;  // member names
    private NavigableSet<String> memberBackward; // the same, reversed
    private NavigableSet<String> classForward;   // binary names of the program's and class path's classes
    private NavigableSet<String> classBackward;  // the same, reversed

    public NameIndex(Program program) {
        this.program = program;
    }

    /** Whether {@code piece}, as a part of a longer string, can make {@code name} (or is it). */
    public static boolean partialMatch(String piece, String name) {
        if (piece.equals(name)) {
            return true;
        }
        return piece.length() >= MIN_PREFIX && name.startsWith(piece)
                || piece.length() >= MIN_SUFFIX && name.endsWith(piece);
    }

    /** Whether {@code s} is the binary name ({@code a.b.C$D}) of a class of the closed world. */
    public boolean isClassName(String s) {
        return !s.isEmpty() && s.length() <= 512 && s.indexOf('/') < 0 && s.indexOf('.') > 0
                && program.world().lookup(s.replace('.', '/')) != null;
    }

    /** Whether {@code s} is the name of a method or field of a class of the program or its class path. */
    public boolean isMemberName(String s) {
        build();
        return memberNames.contains(s);
    }

    /** Whether {@code s} names a class or a member. */
    public boolean isName(String s) {
        return !s.isEmpty() && s.length() <= 512 && (isMemberName(s) || isClassName(s));
    }

    /** Whether {@code s} is a prefix or suffix, long enough, of a member name or a class name. */
    public boolean isPartialName(String s) {
        return isPartialMemberName(s) || isPartialClassName(s);
    }

    /** Whether {@code s} is a prefix or suffix, long enough, of a method or field name. */
    public boolean isPartialMemberName(String s) {
        buildPartial();
        return partOf(s, memberForward, memberBackward);
    }

    /** Whether {@code s} is a prefix or suffix, long enough, of the binary name of a class of the program or class path. */
    public boolean isPartialClassName(String s) {
        buildPartial();
        return partOf(s, classForward, classBackward);
    }

    /** Whether {@code s} is a long enough prefix of a name of {@code forward} or suffix of one (reversed in {@code backward}). */
    static boolean partOf(String s, NavigableSet<String> forward, NavigableSet<String> backward) {
        if (s.length() < MIN_PREFIX || s.length() > 512) {
            return false;
        }
        String up = forward.ceiling(s);
        if (up != null && up.startsWith(s)) {
            return true;
        }
        if (s.length() < MIN_SUFFIX) {
            return false;
        }
        String rev = new StringBuilder(s).reverse().toString();
        String back = backward.ceiling(rev);
        return back != null && back.startsWith(rev);
    }

    /**
     * Whether {@code s} could be the name of a member of some class, the JDK's included, as a Java
     * compiler writes them: a Java identifier ({@code Character.isJavaIdentifierStart/Part}). A
     * string that is not can select no member of any class javac compiled.
     */
    public static boolean couldBeMemberName(String s) {
        if (s.isEmpty() || s.length() > 512 || !Character.isJavaIdentifierStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!Character.isJavaIdentifierPart(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The member names: those declared by the program's and class path's classes and by all their
     * supertypes (the names the classes have, inherited ones included). Walks the hierarchy once and
     * keeps no per-class sets, so the index holds only what later questions read.
     */
    private void build() {
        if (memberNames != null) {
            return;
        }
        Set<String> names = new HashSet<>();
        Set<String> seen = new HashSet<>();
        ArrayDeque<String> todo = new ArrayDeque<>(program.closedWorldClasses());
        while (!todo.isEmpty()) {
            String t = todo.poll();
            if (!seen.add(t)) {
                continue;
            }
            ClassInfo info = program.world().lookup(t);
            if (info != null) {
                addDeclaredNames(info, names, names);
                if (info.superName() != null) {
                    todo.add(info.superName());
                }
                todo.addAll(info.interfaces());
            }
        }
        memberNames = names;
    }

    /** The sorted and reversed indexes for partial names, built on the first such question (substring flow). */
    private void buildPartial() {
        if (memberForward != null) {
            return;
        }
        build();
        NavigableSet<String> classes = new TreeSet<>();
        for (String c : program.closedWorldClasses()) {
            classes.add(c.replace('/', '.'));
        }
        memberForward = new TreeSet<>(memberNames);
        memberBackward = reversed(memberForward);
        classForward = classes;
        classBackward = reversed(classForward);
    }

    /**
     * A new, empty cache of the member names of classes of the world, for a caller that asks for
     * many classes at once ({@link StringColouring}): it lives as long as that caller keeps it.
     */
    public Members members() {
        return new Members(program);
    }

    /** The method and field names of classes of the world, their own and inherited ones, with each class's own names computed once. */
    public static final class Members {
        private final Program program;
        private final Map<String, List<Set<String>>> own = new java.util.HashMap<>();

        private Members(Program program) {
            this.program = program;
        }

        /**
         * The names of the methods (no constructors or initialisers) and of the fields of a class of
         * the world, its own and inherited ones: what lookups on its class object select among.
         */
        public List<Set<String>> of(String internalName) {
            Set<String> methods = new TreeSet<>();
            Set<String> fields = new TreeSet<>();
            ArrayDeque<String> todo = new ArrayDeque<>(List.of(internalName));
            Set<String> seen = new HashSet<>();
            while (!todo.isEmpty()) {
                String t = todo.poll();
                if (!seen.add(t)) {
                    continue;
                }
                List<Set<String>> declared = own.computeIfAbsent(t, this::declaredNames);
                methods.addAll(declared.get(0));
                fields.addAll(declared.get(1));
                ClassInfo info = program.world().lookup(t);
                if (info != null) {
                    if (info.superName() != null) {
                        todo.add(info.superName());
                    }
                    todo.addAll(info.interfaces());
                }
            }
            return List.of(methods, fields);
        }

        private List<Set<String>> declaredNames(String type) {
            Set<String> methods = new TreeSet<>();
            Set<String> fields = new TreeSet<>();
            ClassInfo info = program.world().lookup(type);
            if (info != null) {
                addDeclaredNames(info, methods, fields);
            }
            return List.of(methods, fields);
        }
    }

    private static void addDeclaredNames(ClassInfo info, Set<String> methods, Set<String> fields) {
        for (MemberInfo m : info.methods()) {
            if (!m.name().startsWith("<")) {
                methods.add(m.name());
            }
        }
        for (MemberInfo f : info.fields()) {
            fields.add(f.name());
        }
    }

    private static NavigableSet<String> reversed(Set<String> names) {
        NavigableSet<String> out = new TreeSet<>();
        for (String s : names) {
            out.add(new StringBuilder(s).reverse().toString());
        }
        return out;
    }
}
