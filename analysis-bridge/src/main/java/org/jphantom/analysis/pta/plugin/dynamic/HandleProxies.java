package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Cast;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * {@code MethodHandleProxies.asInterfaceInstance(intf, target)}: per call site and interface whose
 * class constant {@code intf} may be, one abstract object of a synthetic class that implements
 * the interface (named after it, so every analysis makes the same class), holding {@code target}'s
 * handle objects in a field of its own. Each abstract method of the interface has the body
 * {@code return (R) this.target.invoke(args...)}, with the method's own descriptor, so
 * {@link MethodHandleInvocations} runs the handles (by arity and with its casts, as the JDK's
 * {@code asType} to the method's type does). A call on the instance thus reaches the targets of
 * that site's handles only. Class objects that are no constants are reported.
 */
final class HandleProxies extends CallSiteModel implements Warnings {
    private static final String AS_INSTANCE = "java/lang/invoke/MethodHandleProxies.asInterfaceInstance("
            + "Ljava/lang/Class;Ljava/lang/invoke/MethodHandle;)Ljava/lang/Object;";
    private static final String MH = "java/lang/invoke/MethodHandle";
    /** The synthetic methods this plugin gives bodies to, by method id. */
    private final Map<Integer, Boolean> wrappers = new HashMap<>();
    private final TreeSet<String> unresolved = new TreeSet<>();

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().equals("asInterfaceInstance") || !Calls.key(solver.program(), callee).equals(AS_INSTANCE)
                || !Calls.reportable(solver, site) || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        int intf = Calls.var(solver, callerCsm, inv.args[0]);
        int handle = Calls.var(solver, callerCsm, inv.args[1]);
        int result = Calls.var(solver, callerCsm, inv.lhs);
        if (intf < 0 || result < 0) {
            return;
        }
        String where = solver.callGraph().callerOf(site).signature(solver.program()) + "/" + inv.ordinal;
        watch.watch(intf, objs -> {
            for (int o : objs) {
                String c = solver.heap().classConstant(solver.cs().siteOf(o));
                int type = c == null ? -1 : solver.program().findType(c);
                if (type < 0 || !solver.program().isInterface(type)) {
                    unresolved.add("method handles: asInterfaceInstance at " + where + " of "
                            + solver.heap().describe(solver.cs().siteOf(o)) + ": no known interface, no instance");
                    continue;
                }
                int obj = instance(c, where);
                solver.addPointsTo(result, obj);
                if (handle >= 0) {
                    solver.addEdge(handle, solver.fieldPointer(obj, targetField(c).id()), null);
                }
            }
        });
    }

    /** The wrapper instance of interface {@code intf} made at {@code where}. */
    private int instance(String intf, String where) {
        Program program = solver.program();
        String typeName = "$MHProxy$" + intf.replace('/', '_');
        int type = program.findType(typeName);
        if (type < 0) {
            type = program.syntheticType(typeName, List.of(intf));
            for (String[] m : abstractMethods(intf).values()) {
                wrappers.put(program.syntheticMethod(type, m[1], m[2]).id(), Boolean.TRUE);
            }
        }
        int obj = solver.heap().abstractObject("mhproxy:" + where + ":" + typeName, type, null,
                "<mhproxy:" + intf.substring(intf.lastIndexOf('/') + 1) + ">");
        return solver.csObject(Contexts.EMPTY, obj);
    }

    private JField targetField(String intf) {
        return solver.program().field("$MHProxy$" + intf.replace('/', '_'), "jphantom$target", "L" + MH + ";", false);
    }

    /** name+desc -> {interface, name, desc}: the abstract methods of {@code intf} and its superinterfaces, not Object's. */
    private Map<String, String[]> abstractMethods(String intf) {
        return InterfaceMethods.collect(solver.program(), List.of(intf), m -> {
            boolean objects = m.name().equals("toString") || m.name().equals("hashCode") || m.name().equals("equals");
            return (m.access() & Opcodes.ACC_ABSTRACT) != 0 && (m.access() & Opcodes.ACC_STATIC) == 0 && !objects;
        });
    }

    @Override
    public MethodIR body(JMethod m) {
        return wrappers.containsKey(m.id()) ? wrapperBody(m) : null;
    }

    /** {@code return (R) this.target.invoke(args...)}. */
    private MethodIR wrapperBody(JMethod m) {
        Program program = solver.program();
        MethodIR.Builder b = new MethodIR.Builder(m);
        int h = b.newVar();
        String owner = program.typeName(m.declaringType());
        JField target = program.field(owner, "jphantom$target", "L" + MH + ";", false);
        b.add(new FieldAccess(Stmt.LOAD_FIELD, b.thisVar(), target, h, 0));
        int[] args = new int[m.paramCount()];
        for (int i = 0; i < args.length; i++) {
            args[i] = b.paramVar(i);
        }
        int r = m.returnsRef() ? b.newVar() : -1;
        b.add(new Invoke(Opcodes.INVOKEVIRTUAL, MH, "invoke", m.desc(), false, h, args, r, b.throwVar(), 0, 0));
        if (r >= 0) {
            Type ret = Type.getReturnType(m.desc());
            int rt = program.type(ret.getSort() == Type.ARRAY ? ret.getDescriptor() : ret.getInternalName());
            b.add(new Cast(b.retVar(), r, TypeFilter.of(rt, new int[0]), 0));
        }
        return b.build();
    }

    @Override
    public List<String> warnings() {
        return new ArrayList<>(unresolved);
    }
}
