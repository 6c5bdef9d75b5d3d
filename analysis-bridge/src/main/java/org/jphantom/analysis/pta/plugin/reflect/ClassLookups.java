package org.jphantom.analysis.pta.plugin.reflect;

import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * {@code Class.forName}, {@code ClassLoader.loadClass} (Livshits' rule; SOLAR's [P-FORNAME]): a
 * string constant that names a class of the closed world gives that class's object, and
 * {@code forName} initialises the class; any other string gives the call's unknown class object
 * c^u. {@code getSuperclass} walks up from known classes (and stays unknown from unknown ones).
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
                    String known = metas.knownClass(o);
                    Meta meta = metas.meta(o);
                    if (known != null && !known.startsWith("[")) {
                        int sup = a.program().superClass(a.program().type(known));
                        if (sup >= 0 && !a.program().isInterface(a.program().type(known))) {
                            solver.addPointsTo(lhs, metas.classObject(a.program().typeName(sup)));
                            call.target(Signatures.javaName(a.program().typeName(sup)), "constant");
                        }
                    } else if (meta != null && meta.kind() == Meta.Kind.UNKNOWN_CLASS) {
                        solver.addPointsTo(lhs, metas.unknownClass(call));
                    }
                }
            });
            return;
        }
        int nameVar = inv.args[call.api.nameArg(inv)];
        if (nameVar < 0) {
            return;
        }
        a.watchers().watch(a.var(csm, nameVar), objs -> {
            for (int o : objs) {
                if (solver.typeOfObject(o) != stringType) {
                    continue;
                }
                String s = metas.string(o);
                if (s != null) {
                    String internal = internalName(s, call.api == Api.FOR_NAME, a.program());
                    if (internal == null) {
                        call.unknownSource("\"" + s + "\" names no class of the closed world");
                        continue;
                    }
                    solver.addPointsTo(lhs, metas.classObject(internal));
                    call.target(Signatures.javaName(internal), "constant");
                    if (call.api == Api.FOR_NAME && !internal.startsWith("[")) {
                        solver.initClass(a.program().type(internal));
                    }
                } else if (!call.logged) {
                    solver.addPointsTo(lhs, metas.unknownClass(call));
                    call.unknownSource(metas.describe(o));
                }
            }
        });
    }

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
