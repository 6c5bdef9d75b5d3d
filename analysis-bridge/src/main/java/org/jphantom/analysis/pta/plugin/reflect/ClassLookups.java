package org.jphantom.analysis.pta.plugin.reflect;

import java.util.List;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * {@code Class.forName}, {@code ClassLoader.loadClass} (Livshits' rule; SOLAR's [P-FORNAME]): a
 * string constant that names a class of the closed world gives that class's object, and
 * {@code forName} initialises the class; any other string gives the call's unknown class object
 * c^u. {@code getSuperclass} walks up from known classes (and stays unknown from unknown ones);
 * {@code getInterfaces} returns, per known class, one array holding the class objects of its direct
 * interfaces (an array class: {@code Cloneable} and {@code Serializable}, as the JVM says), and from
 * an unknown class an array of the site's c^u (what a proxy made of it implements is then reported).
 */
final class ClassLookups implements ReflectionAnalysis.SiteModel {
    private final ReflectionAnalysis a;
    private final int stringType;

    ClassLookups(ReflectionAnalysis a) {
        this.a = a;
        this.stringType = a.program().type("java/lang/String");
    }

    private Solver solver() {
        return a.solver();
    }

    @Override
    public void start(int csm, ReflectiveCall call) {
        Invoke inv = call.invoke;
        int lhs = inv.lhs >= 0 ? a.var(csm, inv.lhs) : solver().tempPointer(); // forName initialises even if unused
        Solver solver = a.solver();
        MetaObjects metas = a.metas();
        if (call.api == Api.GET_SUPERCLASS) {
            a.watchers().watch(a.var(csm, inv.recv), objs -> {
                for (int o : objs) {
                    metas.consumed(call, o);
                    String known = metas.knownClass(o);
                    Meta meta = metas.meta(o);
                    if (known != null && !known.startsWith("[")) {
                        int sup = a.program().superClass(a.program().type(known));
                        if (sup >= 0 && !a.program().isInterface(a.program().type(known)) && a.admit(call, sup)) {
                            solver.addPointsTo(lhs, metas.classObject(a.program().typeName(sup)));
                            call.target(Signatures.javaName(a.program().typeName(sup)), "constant");
                        }
                    } else if (meta != null && meta.kind() == Meta.Kind.UNKNOWN_CLASS) {
                        solver.addPointsTo(lhs, metas.unknownClass(call)); // stays unknown: nothing to propagate back
                    }
                }
            });
            return;
        }
        if (call.api == Api.GET_INTERFACES) {
            interfaces(csm, call);
            return;
        }
        int nameVar = inv.args[call.api.nameArg(inv)];
        if (nameVar < 0) {
            return;
        }
        int loaderVar = call.api == Api.LOAD_CLASS ? inv.recv
                : inv.desc.equals("(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;") ? inv.args[2] : -1;
        if (loaderVar >= 0) {
            watchLoaders(csm, call, loaderVar);
        }
        a.watchers().watch(a.var(csm, nameVar), objs -> {
            for (int o : objs) {
                if (solver.typeOfObject(o) != stringType) {
                    continue;
                }
                List<String> values = metas.strings(o);
                List<String> pieces = a.substrings() == null ? null : a.substrings().pieceValues(o);
                if (values != null) {
                    if (a.origins() != null && a.origins().isColour(o)) {
                        // a colour's strings are no binary names with a dot, but may name a class of no package
                        a.origins().whenReaches(a.var(csm, nameVar), o,
                                s -> internalName(s, call.api == Api.FOR_NAME, a.program()) != null,
                                s -> whole(call, lhs, s));
                        continue;
                    }
                    for (String s : values.size() == 1 ? values : List.<String>of()) {
                        whole(call, lhs, s);
                    }
                    if (values.isEmpty()) {
                        call.unknownSource(NameOrigin.namesNothing(metas.describe(o) + " (names nothing)"));
                    }
                } else if (pieces != null) {
                    partial(call, lhs, pieces, o);
                } else if (!call.covered()) {
                    unknown(call, lhs, metas.origin(o));
                }
            }
        });
    }

    /** {@code Class.getInterfaces()}: one array per known class of the receiver, c^u's array per site. */
    private void interfaces(int csm, ReflectiveCall call) {
        Invoke inv = call.invoke;
        int lhs = a.var(csm, inv.lhs);
        if (lhs < 0) {
            return;
        }
        Solver solver = a.solver();
        MetaObjects metas = a.metas();
        Program program = a.program();
        int arrayType = program.type("[Ljava/lang/Class;");
        int elem = program.arrayElement().id();
        a.watchers().watch(a.var(csm, inv.recv), objs -> {
            for (int o : objs) {
                metas.consumed(call, o);
                String known = metas.knownClass(o);
                Meta meta = metas.meta(o);
                if (known != null) {
                    int arr = metas.array(known + ":" + call.api.label(), arrayType, null,
                            call.api.label() + " of " + Signatures.javaName(known));
                    solver.addPointsTo(lhs, arr);
                    for (String i : directInterfaces(known, program)) {
                        if (a.admit(call, program.type(i))) {
                            solver.addPointsTo(solver.fieldPointer(arr, elem), metas.classObject(i));
                            call.target(Signatures.javaName(i), "constant");
                        }
                    }
                } else if (meta != null && meta.kind() == Meta.Kind.UNKNOWN_CLASS) {
                    int arr = metas.array("?@" + call.key + ":" + call.api.label(), arrayType, call,
                            call.api.label() + " of an unknown class at " + call.where());
                    solver.addPointsTo(lhs, arr);
                    solver.addPointsTo(solver.fieldPointer(arr, elem), metas.unknownClass(call));
                }
            }
        });
    }

    /** The direct superinterfaces of a class or interface (internal name or array descriptor), in declaration order. */
    private static List<String> directInterfaces(String known, Program program) {
        if (known.startsWith("[")) {
            return List.of("java/lang/Cloneable", "java/io/Serializable");
        }
        org.jphantom.world.ClassInfo info = program.info(program.type(known));
        return info == null ? List.of() : info.interfaces();
    }

    private void whole(ReflectiveCall call, int lhs, String s) {
        String internal = internalName(s, call.api == Api.FOR_NAME, a.program());
        if (internal == null) {
            call.unknownSource(NameOrigin.namesNothing("\"" + s + "\" names no class of the closed world"));
            call.notFound(s);
            return;
        }
        add(call, lhs, internal, "constant");
    }

    private void add(ReflectiveCall call, int lhs, String internal, String how) {
        if (!a.admit(call, a.program().type(internal))) {
            return;
        }
        int cls = a.metas().classObject(internal);
        a.metas().produced(call, cls);
        a.solver().addPointsTo(lhs, cls);
        call.target(Signatures.javaName(internal), how);
        if (call.api == Api.FOR_NAME && !internal.startsWith("[")) {
            a.solver().initClass(a.program().type(internal));
        }
    }

    private void unknown(ReflectiveCall call, int lhs, NameOrigin source) {
        if (call.api == Api.FOR_NAME && initialisations.add(call)) {
            a.atFinish(() -> checkInitialisation(call));
        }
        int cls = a.metas().unknownClass(call);
        a.metas().produced(call, cls);
        a.solver().addPointsTo(lhs, cls);
        call.unknownSource(source);
        if (a.backPropagation() != null) {
            a.backPropagation().unknownClassAt(call, lhs);
        }
    }

    /**
     * A {@code forName} of a name the analysis does not know initialises a class it does not know:
     * its static initialiser runs and is missing from the call graph. When the unknown class object
     * reaches another reflective call (a {@code newInstance} whose object lazy typing or a cast
     * types, a lookup), that site's own criterion says whether its classes are found (the classes
     * it makes objects of are initialised there); when it reaches none (the result unused, as in
     * the JDBC driver idiom, or used by no reflective call) the site is unsound.
     */
    private void checkInitialisation(ReflectiveCall call) {
        if (!a.metas().consumedElsewhere(call)) {
            call.unsound("initialises a class of an unknown name whose class object reaches no other reflective"
                    + " call: its static initialiser is not analysed");
        }
    }

    /**
     * Notes the first loader of {@code call} (a {@code loadClass} receiver, a {@code forName}'s
     * loader argument) that may find classes outside the closed world: an object of a loader class
     * of the program or its class path (its {@code findClass} may define any bytes), or a
     * {@code URLClassLoader} the program makes (its URLs may name any jar). The JDK's built-in
     * loaders, and loaders the analysis has no object of, find only the class path analysed.
     */
    private void watchLoaders(int csm, ReflectiveCall call, int loaderVar) {
        a.watchers().watch(a.var(csm, loaderVar), objs -> {
            for (int o : objs) {
                String type = a.program().typeName(a.solver().typeOfObject(o));
                if (!loaders.containsKey(call) && (type.equals("java/net/URLClassLoader")
                        || !a.program().world().isPlatformName(type))) {
                    loaders.put(call, a.metas().describe(o));
                    a.atFinish(() -> checkNotFound(call));
                }
            }
        });
    }

    /**
     * A name no class of the closed world has: the JVM's built-in loaders throw
     * {@code ClassNotFoundException} (nothing runs; the report lists it under {@code notFound});
     * a loader that may find classes elsewhere may define a class the analysis never sees.
     */
    private void checkNotFound(ReflectiveCall call) {
        if (!call.notFound().isEmpty() && !call.covered()) {
            call.unsound("loads a name no class of the closed world has (" + call.notFound().first()
                    + ") through a loader that may find it elsewhere (" + loaders.get(call)
                    + "): the class's code is not analysed");
        }
    }

    /** Per {@code loadClass}/{@code forName} site: its first loader that may find classes outside the closed world. */
    private final java.util.Map<ReflectiveCall, String> loaders = new java.util.HashMap<>();

    /** The {@code forName} sites that got an unknown name (each checked once, at the fixpoint). */
    private final java.util.Set<ReflectiveCall> initialisations = new java.util.HashSet<>();

    /**
     * Figure 3.5's CLASS SUBSTR: the classes of the program and its class path whose binary names
     * the pieces are part of, when they are at most {@link #MAX_CLASS_MATCHES}; more, and the
     * string is as good as unknown.
     */
    private void partial(ReflectiveCall call, int lhs, List<String> pieces, int obj) {
        java.util.Set<String> found = new java.util.TreeSet<>();
        for (String p : pieces) {
            found.addAll(a.members().classesMatching(p));
        }
        if (found.size() > MAX_CLASS_MATCHES) {
            call.unknownSource(NameOrigin.value(a.metas().describe(obj) + " is part of " + found.size()
                    + " class names, more than " + MAX_CLASS_MATCHES + ": taken as unknown"));
            if (!call.covered()) {
                unknown(call, lhs, a.metas().origin(obj));
            }
            return;
        }
        for (String internal : found) {
            add(call, lhs, internal, "substring");
        }
    }

    /** The most classes a partial class name may match before it is taken as unknown. */
    static final int MAX_CLASS_MATCHES = 20;

    /**
     * The internal name (or array descriptor) of the class a binary name ({@code a.b.C$D},
     * {@code [Ljava.lang.String;}) names in the closed world, or null.
     */
    static String internalName(String binaryName, boolean arrays, Program program) {
        if (binaryName.isEmpty() || binaryName.indexOf('/') >= 0) {
            return null;
        }
        String internal = binaryName.replace('.', '/');
        if (internal.startsWith("[")) {
            if (!arrays) {
                return null;
            }
            String elem = internal.replaceFirst("^\\[+", "");
            if (elem.length() == 1) {
                return "IJSBCZFD".contains(elem) ? internal : null;
            }
            if (!elem.startsWith("L") || !elem.endsWith(";")) {
                return null;
            }
            return program.world().lookup(elem.substring(1, elem.length() - 1)) != null ? internal : null;
        }
        return program.world().lookup(internal) != null ? internal : null;
    }
}
