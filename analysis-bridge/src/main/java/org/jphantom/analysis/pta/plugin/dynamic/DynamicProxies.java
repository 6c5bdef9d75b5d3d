package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.pta.plugin.PointerListeners;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Cast;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Dynamic proxies: {@code Proxy.newProxyInstance(loader, interfaces, h)} returns, per call site
 * and set of interfaces, one abstract object of a synthetic proxy class that implements the
 * interfaces whose class objects the array may hold (named after them, so every analysis of a
 * program makes the same class), with {@code h} in its {@code Proxy.h} field. Each method of the
 * interfaces (and {@code hashCode}, {@code equals}, {@code toString}) has the body the JDK's
 * generated class has: {@code return (R) this.h.invoke(this, m, new Object[] {args})}, with
 * {@code m} the {@code Method} object of the interface method ({@link ReflectObjects}) and
 * primitive arguments as abstract boxes. A call on the proxy thus reaches the handlers of that
 * proxy only. An array literal of class constants passed straight to the call gives the
 * interfaces exactly; any other array, the class objects its elements may hold. Interface
 * arrays whose elements are no class constants are reported.
 */
public final class DynamicProxies implements Plugin, Warnings {
    private static final String NEW_PROXY = "java/lang/reflect/Proxy.newProxyInstance(Ljava/lang/ClassLoader;"
            + "[Ljava/lang/Class;Ljava/lang/reflect/InvocationHandler;)Ljava/lang/Object;";
    private static final String INVOKE_DESC =
            "(Ljava/lang/Object;Ljava/lang/reflect/Method;[Ljava/lang/Object;)Ljava/lang/Object;";

    private Solver solver;
    private PointerListeners watch;
    private final CallSiteSet done = new CallSiteSet();
    /** Per proxy method (by id): the interface method it stands for, {owner, name, desc}. */
    private final Map<Integer, String[]> proxied = new HashMap<>();
    /** Per proxy method (by id): the variable of its body that holds the Method object. */
    private final Map<Integer, Integer> methodVars = new HashMap<>();
    private final TreeSet<String> unresolved = new TreeSet<>();
    private JField handlerField;

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.watch = new PointerListeners(solver);
        this.handlerField = solver.program().field("java/lang/reflect/Proxy", "h", "Ljava/lang/reflect/InvocationHandler;",
                false);
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().equals("newProxyInstance") || !Calls.key(solver.program(), callee).equals(NEW_PROXY)
                || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        int array = Calls.var(solver, callerCsm, inv.args[1]);
        int handler = Calls.var(solver, callerCsm, inv.args[2]);
        int result = Calls.var(solver, callerCsm, inv.lhs);
        if (array < 0 || result < 0) {
            return;
        }
        JMethod caller = solver.callGraph().callerOf(site);
        String where = caller.signature(solver.program()) + "/" + inv.ordinal;
        boolean reportable = Calls.reportable(solver, site);
        TreeSet<String> interfaces = new TreeSet<>();
        TreeSet<String> literal = literalInterfaces(solver.ir(caller), inv.args[1]);
        if (literal != null) {
            interfaces.addAll(literal);
            int obj = proxyObject(interfaces, where);
            solver.addPointsTo(result, obj);
            if (handler >= 0) {
                solver.addEdge(handler, solver.fieldPointer(obj, handlerField.id()), null);
            }
            return;
        }
        int elem = solver.program().arrayElement().id();
        watch.watch(array, arrays -> {
            for (int a : arrays) {
                watch.watch(solver.fieldPointer(a, elem), classes -> {
                    // one proxy per interface the elements may hold: a proxy of the set as it had
                    // grown by some moment would make the result depend on the order of propagation
                    for (String i : addInterfaces(interfaces, classes, reportable ? where : null)) {
                        int obj = proxyObject(new TreeSet<>(List.of(i)), where);
                        solver.addPointsTo(result, obj);
                        if (handler >= 0) {
                            solver.addEdge(handler, solver.fieldPointer(obj, handlerField.id()), null);
                        }
                    }
                });
            }
        });
    }

    /**
     * The interfaces of an array literal {@code new Class[] {A.class, ...}} that the caller passes
     * directly, or null if the argument is anything else: then the array objects' elements decide,
     * which under context insensitivity may mix in what the JDK's code stores into arrays it shares.
     */
    private TreeSet<String> literalInterfaces(MethodIR ir, int arrayVar) {
        List<Integer> stored = ArrayLiterals.stored(ir, arrayVar);
        if (stored == null) {
            return null;
        }
        TreeSet<String> out = new TreeSet<>();
        for (int v : stored) {
            String c = classConstantOf(ir, v);
            if (c == null) {
                return null;
            }
            out.add(c);
        }
        Program program = solver.program();
        out.removeIf(c -> !program.isInterface(program.type(c)));
        return out;
    }

    private static String classConstantOf(MethodIR ir, int var) {
        return var >= 0 && ir.soleDefinition(var) instanceof New n && n.what == New.Kind.CLASS_CONSTANT ? n.constant : null;
    }

    /** Adds the interfaces among {@code classObjects} to {@code interfaces}; returns those that were new. */
    private List<String> addInterfaces(TreeSet<String> interfaces, int[] classObjects, String where) {
        Program program = solver.program();
        List<String> grew = new ArrayList<>();
        for (int o : classObjects) {
            String name = solver.heap().classConstant(solver.cs().siteOf(o));
            if (name == null) {
                report(where, "dynamic proxy: Proxy.newProxyInstance at " + where
                        + " with an interface class object that is no constant: the proxy does not implement it");
            } else if (program.isInterface(program.type(name)) && interfaces.add(name)) {
                grew.add(name);
            }
        }
        return grew;
    }

    /** The proxy object of call site {@code where} implementing {@code interfaces}. */
    private int proxyObject(TreeSet<String> interfaces, String where) {
        Program program = solver.program();
        List<String> names = new ArrayList<>(interfaces);
        StringBuilder name = new StringBuilder("$Proxy");
        StringBuilder label = new StringBuilder("<proxy:");
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            name.append('$').append(n.replace('/', '_'));
            label.append(i > 0 ? "+" : "").append(n.substring(n.lastIndexOf('/') + 1));
        }
        String typeName = name.toString();
        int type = program.findType(typeName);
        boolean made = type < 0;
        if (made) {
            type = program.syntheticType(typeName, names);
        }
        for (Map.Entry<String, String[]> e : methodsOf(names).entrySet()) {
            String[] m = e.getValue();
            JMethod pm = made ? program.syntheticMethod(type, m[1], m[2]) : program.declared(type, m[1], m[2]);
            if (pm != null) {
                proxied.put(pm.id(), m);
            }
        }
        int obj = solver.heap().abstractObject("proxy:" + where + ":" + typeName, type, null, label.append('>').toString());
        return solver.csObject(Contexts.EMPTY, obj);
    }

    /** name+desc -> {declaring interface, name, desc}: the interfaces' instance methods, then Object's three. */
    private Map<String, String[]> methodsOf(List<String> interfaces) {
        Map<String, String[]> out = new LinkedHashMap<>();
        out.put("hashCode()I", new String[] {Program.OBJECT, "hashCode", "()I"});
        out.put("equals(Ljava/lang/Object;)Z", new String[] {Program.OBJECT, "equals", "(Ljava/lang/Object;)Z"});
        out.put("toString()Ljava/lang/String;", new String[] {Program.OBJECT, "toString", "()Ljava/lang/String;"});
        return InterfaceMethods.collect(solver.program(), interfaces,
                m -> (m.access() & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) == 0 && !m.name().startsWith("<"), out);
    }

    @Override
    public MethodIR body(JMethod m) {
        String[] target = proxied.get(m.id());
        return target == null ? null : proxyBody(m);
    }

    /** {@code return (R) this.h.invoke(this, method, new Object[] {args...})}. */
    private MethodIR proxyBody(JMethod m) {
        Program program = solver.program();
        MethodIR.Builder b = new MethodIR.Builder(m);
        int h = b.newVar();
        b.add(new FieldAccess(Stmt.LOAD_FIELD, b.thisVar(), handlerField, h, 0));
        int method = b.newVar();
        methodVars.put(m.id(), method);
        int args = b.newVar();
        b.add(new New(args, program.type("[Ljava/lang/Object;"), New.Kind.ARRAY, null, 0));
        Type[] params = Type.getArgumentTypes(m.desc());
        for (int i = 0; i < params.length; i++) {
            int v = b.paramVar(i);
            if (v < 0) {
                v = b.newVar();
                b.add(new New(v, program.type(boxOf(params[i])), New.Kind.ABSTRACT, null, 0));
            }
            b.add(new FieldAccess(Stmt.STORE_ARRAY, args, program.arrayElement(), v, 0));
        }
        int r = m.returnsRef() ? b.newVar() : -1;
        b.add(new Invoke(Opcodes.INVOKEINTERFACE, "java/lang/reflect/InvocationHandler", "invoke", INVOKE_DESC, true, h,
                new int[] {b.thisVar(), method, args}, r, b.throwVar(), 0, 0));
        if (r >= 0) {
            Type ret = Type.getReturnType(m.desc());
            int rt = program.type(ret.getSort() == Type.ARRAY ? ret.getDescriptor() : ret.getInternalName());
            b.add(new Cast(b.retVar(), r, TypeFilter.of(rt, new int[0]), 0));
        }
        return b.build();
    }

    private static String boxOf(Type t) {
        switch (t.getSort()) {
            case Type.BOOLEAN: return "java/lang/Boolean";
            case Type.CHAR: return "java/lang/Character";
            case Type.BYTE: return "java/lang/Byte";
            case Type.SHORT: return "java/lang/Short";
            case Type.INT: return "java/lang/Integer";
            case Type.FLOAT: return "java/lang/Float";
            case Type.LONG: return "java/lang/Long";
            default: return "java/lang/Double";
        }
    }

    @Override
    public void onNewCSMethod(int csm) {
        JMethod m = solver.methodOf(csm);
        String[] target = proxied.get(m.id());
        Integer var = methodVars.get(m.id());
        if (target != null && var != null) {
            solver.addPointsTo(solver.varPointer(csm, var), ReflectObjects.method(solver, target[0], target[1], target[2]));
        }
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        watch.deliver(pointer, objects);
    }

    /** Notes {@code message} unless {@code where} is null (a site of the JDK's own). */
    private void report(String where, String message) {
        if (where != null) {
            unresolved.add(message);
        }
    }

    @Override
    public List<String> warnings() {
        return new ArrayList<>(unresolved);
    }
}
