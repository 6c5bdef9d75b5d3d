package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Type;

/**
 * {@code MethodType.methodType(r, ...)} from class constants: the result is one abstract
 * {@code MethodType} object per descriptor, which {@link MethodHandleLookups} reads. The classes
 * are read in the calling method's IR: a class constant ({@code ldc}), a primitive type
 * ({@code int.class} is {@code getstatic Integer.TYPE}), or an array literal of those in
 * statement order (javac stores literals in index order). Anything else is reported. An
 * {@code ldc} of a method type constant ({@link HandleConstants}) is such an object too.
 */
public final class MethodTypes implements Plugin, Warnings {
    private static final Map<String, String> PRIMITIVES = Map.of("java/lang/Void", "V", "java/lang/Integer", "I",
            "java/lang/Long", "J", "java/lang/Boolean", "Z", "java/lang/Byte", "B", "java/lang/Short", "S",
            "java/lang/Character", "C", "java/lang/Float", "F", "java/lang/Double", "D");
    private Solver solver;
    private final CallSiteSet done = new CallSiteSet();
    private final Map<Integer, String> descriptors = new HashMap<>();
    private final TreeSet<String> unresolved = new TreeSet<>();

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
    }

    /** The descriptor a {@code MethodType} object (abstract object index) stands for, or null. */
    String descriptorOf(int obj) {
        return descriptors.get(obj);
    }

    /** Makes the abstract object {@code obj} (an {@code ldc} of a method type) stand for descriptor {@code desc}. */
    void register(int obj, String desc) {
        descriptors.put(obj, desc);
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().equals("methodType") || !callee.isStatic()
                || !solver.program().typeName(callee.declaringType()).equals("java/lang/invoke/MethodType")
                || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        if (inv.lhs < 0) {
            return;
        }
        JMethod caller = solver.callGraph().callerOf(site);
        MethodIR ir = solver.ir(caller);
        Type[] params = Type.getArgumentTypes(callee.desc());
        List<String> types = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < params.length && ok; i++) {
            String p = params[i].getDescriptor();
            if (p.equals("Ljava/lang/Class;")) {
                String t = classOf(ir, inv.args[i]);
                ok = t != null;
                types.add(t);
            } else if (p.equals("[Ljava/lang/Class;")) {
                List<String> elems = arrayLiteral(ir, inv.args[i]);
                ok = elems != null;
                if (ok) {
                    types.addAll(elems);
                }
            } else {
                ok = false; // a List or another MethodType
            }
        }
        if (!ok || types.isEmpty()) {
            if (!Calls.reportable(solver, site)) {
                return;
            }
            unresolved.add("method handles: MethodType.methodType in " + caller.signature(solver.program())
                    + " from classes that are no constants in the method: no MethodType object");
            return;
        }
        StringBuilder desc = new StringBuilder("(");
        for (int i = 1; i < types.size(); i++) {
            desc.append(types.get(i));
        }
        String d = desc.append(')').append(types.get(0)).toString();
        int obj = solver.heap().abstractObject("methodtype:" + d, solver.program().type("java/lang/invoke/MethodType"),
                null, "<methodtype:" + d + ">");
        descriptors.put(obj, d);
        solver.addPointsTo(solver.varPointer(callerCsm, inv.lhs), solver.csObject(Contexts.EMPTY, obj));
    }

    /** The descriptor of the class {@code var} holds by its only definition in {@code ir}, or null. */
    static String classOf(MethodIR ir, int var) {
        if (var < 0) {
            return null;
        }
        Stmt def = ir.soleDefinition(var);
        if (def instanceof New n && n.what == New.Kind.CLASS_CONSTANT && n.constant != null) {
            return n.constant.startsWith("[") ? n.constant : "L" + n.constant + ";";
        }
        if (def instanceof FieldAccess fa && fa.kind == Stmt.LOAD_STATIC && fa.field.name().equals("TYPE")) {
            return PRIMITIVES.get(fa.field.owner());
        }
        return null;
    }

    /** The classes of an array literal {@code new Class[] {...}} held by {@code var}, in order; null if not one. */
    static List<String> arrayLiteral(MethodIR ir, int var) {
        List<Integer> stored = ArrayLiterals.stored(ir, var);
        if (stored == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int v : stored) {
            String c = classOf(ir, v);
            if (c == null) {
                return null;
            }
            out.add(c);
        }
        return out;
    }

    @Override
    public List<String> warnings() {
        return new ArrayList<>(unresolved);
    }
}
