package org.jphantom.analysis.pta.plugin.reflect;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.EmbeddedClasses;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Type;

/**
 * Classes defined from bytes: {@code ClassLoader.defineClass} (any overload, on any loader type,
 * {@code SecureClassLoader}'s too), {@code Lookup.defineClass}, {@code Lookup.defineHiddenClass}.
 * The class a call defines is known when
 * <ul>
 *   <li>its bytes are an array the program initialises with a class file ({@link EmbeddedClasses}:
 *       the array objects allocated in a method holding such initialisers stand for those
 *       classes), or</li>
 *   <li>its name argument is a string constant naming a class of the program or its class path (the JVM
 *       defines a class of that name or throws {@code NoClassDefFoundError}; the closed world's
 *       class of that name is taken to be the bytes' class, which a loader that rewrites the bytes
 *       would make untrue): a class file the program carries as a resource joined the closed world,
 *       so a loader that reads {@code x/Plugin.bin} and defines {@code "x.Plugin"} is resolved.</li>
 * </ul>
 * A constant naming a JDK class is not taken as defined there ({@code java.*} throws
 * {@code SecurityException}; the others are the JDK's, which its loaders define): under context
 * insensitivity a loader's {@code findClass(name)} receives every name any code passes to
 * {@code ClassLoader.loadClass}, most of them the JDK's.
 * A known class's object is the call's result (its methods then run through reflection as any
 * class object's). The site is unsound when bytes the analysis cannot read meet a name it does not
 * know (no name, another string, a constant naming no class of the closed world), or when nothing
 * is known; a hidden class is unsound in any case (its {@code Lookup} is not modelled).
 */
final class ClassDefinitions implements ReflectionAnalysis.SiteModel {
    private final ReflectionAnalysis a;
    private final EmbeddedClasses embedded;
    private final int byteArray;
    private final int stringType;
    private final Map<ReflectiveCall, Seen> seen = new HashMap<>();

    /** What reached a site's bytes and name arguments, over all its contexts. */
    private static final class Seen {
        String unknownBytes;
        String unknownName;
        boolean bytes;
    }

    ClassDefinitions(ReflectionAnalysis a, EmbeddedClasses embedded) {
        this.a = a;
        this.embedded = embedded;
        this.byteArray = a.program().type("[B");
        this.stringType = a.program().type("java/lang/String");
    }

    @Override
    public void start(int csm, ReflectiveCall call) {
        Invoke inv = call.invoke;
        Type[] params = Type.getArgumentTypes(inv.desc);
        int nameArg = -1;
        int bytesArg = -1;
        for (int i = params.length - 1; i >= 0; i--) {
            String d = params[i].getDescriptor();
            if (d.equals("Ljava/lang/String;")) {
                nameArg = i;
            } else if (d.equals("[B") || d.equals("Ljava/nio/ByteBuffer;")) {
                bytesArg = i;
            }
        }
        boolean first = !seen.containsKey(call);
        Seen s = seen.computeIfAbsent(call, c -> new Seen());
        if (first) {
            if (call.api == Api.DEFINE_HIDDEN_CLASS) {
                call.unsound("defines a hidden class, reached through the Lookup it returns, which is not modelled:"
                        + " its code is not analysed");
            }
            if (nameArg < 0 || inv.args[nameArg] < 0) {
                s.unknownName = "no name: the bytes name the class";
            }
            a.atFinish(() -> check(call, s));
        }
        int lhs = call.api == Api.DEFINE_HIDDEN_CLASS ? -1 : a.var(csm, inv.lhs);
        if (bytesArg >= 0 && inv.args[bytesArg] >= 0) {
            a.watchers().watch(a.var(csm, inv.args[bytesArg]), objs -> {
                for (int o : objs) {
                    bytes(call, s, lhs, o);
                }
            });
        }
        if (nameArg >= 0 && inv.args[nameArg] >= 0) {
            a.watchers().watch(a.var(csm, inv.args[nameArg]), objs -> {
                for (int o : objs) {
                    name(call, s, lhs, o);
                }
            });
        }
    }

    private void bytes(ReflectiveCall call, Seen s, int lhs, int o) {
        Solver solver = a.solver();
        s.bytes = true;
        int obj = solver.cs().siteOf(o);
        int method = solver.heap().methodOf(obj);
        java.util.SortedSet<String> classes = java.util.Collections.emptySortedSet();
        if (solver.typeOfObject(o) == byteArray && method >= 0) {
            JMethod m = a.program().method(method);
            classes = embedded.inMethod(a.program().typeName(m.declaringType()), m.name(), m.desc());
        }
        if (classes.isEmpty()) {
            if (s.unknownBytes == null) {
                s.unknownBytes = a.metas().describe(o);
            }
            return;
        }
        for (String c : classes) {
            define(call, lhs, c, "bytes");
        }
    }

    private void name(ReflectiveCall call, Seen s, int lhs, int o) {
        if (a.solver().typeOfObject(o) != stringType
                || ReflectionAnalysis.JVM_CLASS_NAME.equals(a.solver().heap().abstractKey(a.solver().cs().siteOf(o)))) {
            return; // the names a defined class resolves: the program's own, loaded as its references say
        }
        List<String> values = a.metas().strings(o);
        if (values != null && values.size() == 1) {
            String internal = ClassLookups.internalName(values.get(0), false, a.program());
            if (internal != null && a.program().world().isPlatformName(internal)) {
                return; // the JDK's: java.* throws SecurityException, the others are the JDK loaders' to define
            }
            if (internal != null) {
                define(call, lhs, internal, "name");
                return;
            }
            call.notFound(values.get(0));
        }
        if (s.unknownName == null) {
            s.unknownName = a.metas().describe(o);
        }
        // a constant (or the colour of strings) that names no class, else a value nothing computes
        call.unknownSource(values != null && values.size() <= 1 ? NameOrigin.namesNothing(a.metas().describe(o))
                : a.metas().origin(o));
    }

    private void define(ReflectiveCall call, int lhs, String internal, String how) {
        Program program = a.program();
        if (!a.admit(call, program.type(internal))) {
            return;
        }
        call.target(Signatures.javaName(internal), how);
        if (lhs >= 0) {
            int cls = a.metas().classObject(internal);
            a.metas().produced(call, cls);
            a.solver().addPointsTo(lhs, cls);
        }
    }

    private void check(ReflectiveCall call, Seen s) {
        if (call.covered()) {
            return;
        }
        if (call.targets().isEmpty()) {
            call.unsound("defines a class from bytes the analysis cannot read"
                    + (s.unknownBytes == null ? "" : " (" + s.unknownBytes + ")") + ": its code is not analysed");
        } else if ((s.unknownBytes != null || !s.bytes) && s.unknownName != null) {
            call.unsound("defines a class from bytes the analysis cannot read"
                    + (s.unknownBytes == null ? "" : " (" + s.unknownBytes + ")") + " under a name it does not know ("
                    + s.unknownName + "): its code is not analysed");
        }
    }
}
