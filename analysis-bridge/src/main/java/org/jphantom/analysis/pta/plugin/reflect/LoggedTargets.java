package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.analysis.reflect.log.ApiKind;
import org.jphantom.analysis.reflect.log.CallSite;
import org.jphantom.analysis.reflect.log.LogEntry;
import org.jphantom.analysis.reflect.log.LogTarget;
import org.jphantom.analysis.reflect.log.ReflectionLog;

/**
 * The targets a TamiFlex log recorded, added at their call sites (matched by caller class, method
 * name and line, as TamiFlex identifies sites; an entry without a line matches every call of its
 * kind in the method): the class of a {@code forName}, the object of a {@code newInstance}, the
 * method an {@code invoke} ran (reached whatever the analysis knows of the receiver), the field of
 * a {@code get}/{@code set}, the array of {@code Array.newInstance}, the member a single-member
 * lookup returned. A site with entries of its kind is covered: inference adds nothing there.
 */
final class LoggedTargets {
    private static final Map<Api, ApiKind> KINDS = Map.ofEntries(
            Map.entry(Api.FOR_NAME, ApiKind.CLASS_FOR_NAME),
            Map.entry(Api.LOAD_CLASS, ApiKind.CLASS_LOADER_LOAD_CLASS),
            Map.entry(Api.CLASS_NEW_INSTANCE, ApiKind.CLASS_NEW_INSTANCE),
            Map.entry(Api.CONSTRUCTOR_NEW_INSTANCE, ApiKind.CONSTRUCTOR_NEW_INSTANCE),
            Map.entry(Api.METHOD_INVOKE, ApiKind.METHOD_INVOKE),
            Map.entry(Api.FIELD_GET, ApiKind.FIELD_GET),
            Map.entry(Api.FIELD_SET, ApiKind.FIELD_SET),
            Map.entry(Api.ARRAY_NEW_INSTANCE, ApiKind.ARRAY_NEW_INSTANCE),
            Map.entry(Api.GET_METHOD, ApiKind.CLASS_GET_METHOD),
            Map.entry(Api.GET_DECLARED_METHOD, ApiKind.CLASS_GET_DECLARED_METHOD),
            Map.entry(Api.GET_FIELD, ApiKind.CLASS_GET_FIELD),
            Map.entry(Api.GET_DECLARED_FIELD, ApiKind.CLASS_GET_DECLARED_FIELD));

    private final ReflectionAnalysis a;
    private final ReflectionLog log;

    LoggedTargets(ReflectionAnalysis a, ReflectionLog log) {
        this.a = a;
        this.log = log;
    }

    boolean covers(ReflectiveCall call) {
        return !entries(call).isEmpty();
    }

    private List<LogEntry> entries(ReflectiveCall call) {
        ApiKind kind = KINDS.get(call.api);
        if (log == null || kind == null) {
            return List.of();
        }
        List<LogEntry> out = new ArrayList<>();
        int line = call.invoke.line > 0 ? call.invoke.line : -1;
        for (int l : line > 0 ? new int[] {line, -1} : new int[] {-1}) {
            for (LogEntry e : log.at(new CallSite(call.callerClass(), call.method.name(), l))) {
                if (e.kind() == kind) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    void start(int csm, ReflectiveCall call) {
        if (!call.logged) {
            return;
        }
        for (LogEntry e : entries(call)) {
            apply(csm, call, e);
        }
    }

    private void apply(int csm, ReflectiveCall call, LogEntry e) {
        Program program = a.program();
        Solver solver = a.solver();
        MetaObjects metas = a.metas();
        Invoke inv = call.invoke;
        int lhs = a.var(csm, inv.lhs);
        LogTarget t = e.target();
        switch (call.api) {
            case FOR_NAME, LOAD_CLASS -> {
                String internal = internal(t.className());
                if (internal != null && lhs >= 0) {
                    solver.addPointsTo(lhs, metas.classObject(internal));
                    if (call.api == Api.FOR_NAME && !internal.startsWith("[")) {
                        solver.initClass(program.type(internal));
                    }
                    call.target(t.className(), "log");
                }
            }
            case CLASS_NEW_INSTANCE -> {
                String internal = internal(t.className());
                if (internal != null && !internal.startsWith("[")) {
                    int type = program.type(internal);
                    int obj = metas.created(call, type);
                    if (lhs >= 0) {
                        solver.addPointsTo(lhs, obj);
                    }
                    a.lazyHeap().construct(csm, call, -1, type, obj);
                    call.target(t.className(), "log");
                }
            }
            case CONSTRUCTOR_NEW_INSTANCE -> {
                JMethod init = t instanceof LogTarget.MethodTarget m ? method(m) : null;
                if (init != null) {
                    int obj = metas.created(call, init.declaringType());
                    if (lhs >= 0) {
                        solver.addPointsTo(lhs, obj);
                    }
                    a.binder().call(csm, call, init, obj, Arguments.elements(a, csm, inv.args[0]), -1);
                    call.target(t.text(), "log");
                }
            }
            case METHOD_INVOKE -> {
                JMethod m = t instanceof LogTarget.MethodTarget mt ? method(mt) : null;
                if (m != null) {
                    a.binder().callWithPointer(csm, call, m, a.var(csm, inv.args[0]),
                            Arguments.elements(a, csm, inv.args[1]), lhs);
                    call.target(t.text(), "log");
                }
            }
            case FIELD_GET, FIELD_SET -> {
                JField f = t instanceof LogTarget.FieldTarget ft ? field(ft) : null;
                if (f != null) {
                    solver.addPointsTo(a.var(csm, inv.recv) >= 0 ? a.var(csm, inv.recv) : solver.tempPointer(),
                            metas.field(f));
                    call.target(t.text(), "log");
                }
            }
            case ARRAY_NEW_INSTANCE -> {
                String internal = internal(t.className().endsWith("[]") ? t.className() : t.className() + "[]");
                if (internal != null && lhs >= 0) {
                    solver.addPointsTo(lhs, metas.created(call, program.type(internal)));
                    call.target(t.className(), "log");
                }
            }
            default -> { // single-member lookups (logs made with --lookups)
                JMethod m = t instanceof LogTarget.MethodTarget mt ? method(mt) : null;
                JField f = t instanceof LogTarget.FieldTarget ft ? field(ft) : null;
                if (lhs >= 0 && (m != null || f != null)) {
                    solver.addPointsTo(lhs, m != null ? metas.member(m) : metas.field(f));
                    call.target(t.text(), "log");
                }
            }
        }
    }

    /** The internal name or descriptor of a type in Java spelling, if the closed world has it. */
    private String internal(String javaType) {
        int dims = 0;
        String base = javaType;
        while (base.endsWith("[]")) {
            base = base.substring(0, base.length() - 2);
            dims++;
        }
        String prim = primitive(base);
        if (prim == null && a.program().world().lookup(base.replace('.', '/')) == null) {
            return null;
        }
        if (dims == 0) {
            return prim != null ? null : base.replace('.', '/');
        }
        return "[".repeat(dims) + (prim != null ? prim : "L" + base.replace('.', '/') + ";");
    }

    private String descriptor(String javaType) {
        String prim = primitive(javaType);
        if (prim != null || javaType.equals("void")) {
            return prim != null ? prim : "V";
        }
        String internal = javaType.endsWith("[]") ? internalArray(javaType) : null;
        return internal != null ? internal : "L" + javaType.replace('.', '/') + ";";
    }

    private String internalArray(String javaType) {
        int dims = 0;
        String base = javaType;
        while (base.endsWith("[]")) {
            base = base.substring(0, base.length() - 2);
            dims++;
        }
        return "[".repeat(dims) + descriptor(base);
    }

    private static String primitive(String name) {
        return switch (name) {
            case "int" -> "I";
            case "long" -> "J";
            case "short" -> "S";
            case "byte" -> "B";
            case "char" -> "C";
            case "boolean" -> "Z";
            case "float" -> "F";
            case "double" -> "D";
            default -> null;
        };
    }

    private JMethod method(LogTarget.MethodTarget t) {
        StringBuilder desc = new StringBuilder("(");
        for (String p : t.parameterTypes()) {
            desc.append(descriptor(p));
        }
        desc.append(')').append(descriptor(t.returnType()));
        String owner = t.declaringClass().replace('.', '/');
        Program program = a.program();
        if (program.world().lookup(owner) == null) {
            return null;
        }
        JMethod m = program.declared(program.type(owner), t.name(), desc.toString());
        return m != null ? m : program.resolveMethod(owner, t.name(), desc.toString(), false);
    }

    private JField field(LogTarget.FieldTarget t) {
        String owner = t.declaringClass().replace('.', '/');
        if (a.program().world().lookup(owner) == null) {
            return null;
        }
        String desc = descriptor(t.type());
        for (JField f : a.members().fields(a.program().type(owner), t.name(), true)) {
            if (f.desc().equals(desc)) {
                return f;
            }
        }
        return null;
    }
}
