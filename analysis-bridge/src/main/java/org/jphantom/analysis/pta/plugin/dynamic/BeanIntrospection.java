package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * JavaBeans introspection as the program sees it: {@code Introspector.getBeanInfo(c, ...)} at a
 * program call returns, for each class constant {@code c}, a bean-info object of that class;
 * {@code getPropertyDescriptors()} / {@code getMethodDescriptors()} on it return an array of a
 * descriptor object of the class, whose {@code getWriteMethod()} / {@code getReadMethod()} /
 * {@code getMethod()} return the {@code Method} objects ({@link ReflectObjects}, the reflection
 * model's) of the class's public setters (a name {@code setX}, one parameter, or two with an
 * {@code int} index first), getters ({@code getX()} or {@code isX()}, no parameter, not void) or
 * public methods, inherited ones included. The JDK builds these through its own reflection
 * ({@code com.sun.beans.introspect}), which the reflection model leaves alone (see
 * {@code pta.plugin.reflect}); without this model a program that sets bean properties by
 * introspection (log4j 1.2's {@code PropertySetter}, say) calls none of them. The objects are per
 * class, not per property: a property's name does not narrow the methods (documented
 * over-approximation). Only the program's own calls are modelled; the JDK's objects keep flowing as
 * the plain analysis of its bodies gives them.
 */
public final class BeanIntrospection extends CallSiteModel {
    private static final String INTROSPECTOR = "java/beans/Introspector";
    private static final Map<String, Integer> DESCRIPTOR_ARRAYS = Map.of("getPropertyDescriptors", 0,
            "getMethodDescriptors", 1);
    private static final Map<String, Integer> ACCESSORS = Map.of("getWriteMethod", 0, "getReadMethod", 1,
            "getMethod", 2);
    private static final String[] DESCRIPTOR_TYPES = {"java/beans/PropertyDescriptor", "java/beans/MethodDescriptor"};

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        String name = callee.name();
        boolean info = name.equals("getBeanInfo") && callee.isStatic() && callee.desc().startsWith("(Ljava/lang/Class;")
                && solver.program().typeName(callee.declaringType()).equals(INTROSPECTOR);
        Integer arrays = callee.isStatic() ? null : DESCRIPTOR_ARRAYS.get(name);
        Integer accessor = callee.isStatic() ? null : ACCESSORS.get(name);
        if (!info && arrays == null && accessor == null || !Calls.reportable(solver, site) || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        int result = Calls.var(solver, callerCsm, inv.lhs);
        if (result < 0) {
            return;
        }
        if (info) {
            int classes = Calls.var(solver, callerCsm, inv.args[0]);
            watch.watch(classes, objs -> {
                for (int o : objs) {
                    String c = solver.heap().classConstant(solver.cs().siteOf(o));
                    if (c != null && !c.startsWith("[") && solver.program().world().lookup(c) != null) {
                        solver.addPointsTo(result, object("beaninfo", c, "java/beans/SimpleBeanInfo"));
                    }
                }
            });
            return;
        }
        if (inv.recv < 0) {
            return;
        }
        int receiver = solver.varPointer(callerCsm, inv.recv);
        watch.watch(receiver, objs -> {
            for (int o : objs) {
                String key = solver.heap().abstractKey(solver.cs().siteOf(o));
                if (key == null || !key.startsWith("beans:")) {
                    continue;
                }
                String[] parts = key.split(":", 3); // beans:WHAT:CLASS
                if (arrays != null && parts[1].equals("beaninfo")) {
                    descriptors(parts[2], arrays, result);
                } else if (accessor != null && (parts[1].equals("property") && accessor < 2
                        || parts[1].equals("method") && accessor == 2)) {
                    for (MemberInfo m : methods(parts[2], accessor)) {
                        solver.addPointsTo(result, ReflectObjects.method(solver, m.owner(), m.name(), m.desc()));
                    }
                }
            }
        });
    }

    /** The descriptor array of class {@code c}'s properties (kind 0) or methods (kind 1) into {@code result}. */
    private void descriptors(String c, int kind, int result) {
        String type = DESCRIPTOR_TYPES[kind];
        int array = object(kind == 0 ? "properties" : "methods", c, "[L" + type + ";");
        int element = object(kind == 0 ? "property" : "method", c, type);
        solver.addPointsTo(solver.fieldPointer(array, solver.program().arrayElement().id()), element);
        solver.addPointsTo(result, array);
    }

    /** The context-insensitive model object {@code beans:what:c} of type {@code type}. */
    private int object(String what, String c, String type) {
        int obj = solver.heap().abstractObject("beans:" + what + ":" + c, solver.program().type(type), null,
                "<beans " + what + " of " + c.replace('/', '.') + ">");
        return solver.csObject(Contexts.EMPTY, obj);
    }

    /**
     * The public methods of {@code c} and its super types (first declaration of each signature)
     * that are setters (kind 0), getters (kind 1) or any (kind 2), instance methods only for the
     * first two.
     */
    private List<MemberInfo> methods(String c, int kind) {
        Program program = solver.program();
        List<MemberInfo> out = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(List.of(c));
        java.util.Set<String> visited = new java.util.HashSet<>();
        while (!todo.isEmpty()) {
            String t = todo.poll();
            ClassInfo info = visited.add(t) ? program.world().lookup(t) : null;
            if (info == null) {
                continue;
            }
            for (MemberInfo m : info.methods()) {
                if ((m.access() & Opcodes.ACC_PUBLIC) == 0 || m.name().startsWith("<") || !seen.add(m.name() + m.desc())) {
                    continue;
                }
                if (kind == 2 || !m.isStatic() && accessor(m, kind)) {
                    out.add(m);
                }
            }
            if (info.superName() != null) {
                todo.add(info.superName());
            }
            todo.addAll(info.interfaces());
        }
        return out;
    }

    /** JavaBeans naming: {@code setX(v)} or {@code setX(int, v)}; {@code getX()} or {@code isX()} returning a value. */
    private static boolean accessor(MemberInfo m, int kind) {
        Type[] params = Type.getArgumentTypes(m.desc());
        Type ret = Type.getReturnType(m.desc());
        String n = m.name();
        if (kind == 0) {
            return n.length() > 3 && n.startsWith("set") && ret.getSort() == Type.VOID
                    && (params.length == 1 || params.length == 2 && params[0].getSort() == Type.INT);
        }
        return params.length == 0 && ret.getSort() != Type.VOID
                && (n.length() > 3 && n.startsWith("get") || n.length() > 2 && n.startsWith("is"));
    }
}
