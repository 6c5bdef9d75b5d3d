package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * {@code Unsafe}. {@code allocateInstance(c)} ({@code sun.misc} and {@code jdk.internal.misc})
 * returns one abstract object per class constant {@code c} may be, after initialising the class.
 * The reference accessors of {@code sun.misc.Unsafe}, what programs use ({@code getObject},
 * {@code putObject}, {@code compareAndSwapObject}, {@code getAndSetObject} and their volatile and
 * ordered variants), are field and array accesses on the base object: on the field the offset
 * names when {@link UnsafeOffsets} reads it off the bytecode ({@code objectFieldOffset} of
 * {@code X.class.getDeclaredField("f")}, directly, through a local or a static field), else on
 * every reference field of the base object's class and superclasses (filtered by the field's
 * type), or the element of an array. Bases that are {@code Class} objects (static
 * fields, through {@code staticFieldBase}) are not modelled. The JDK's own calls of
 * {@code jdk.internal.misc.Unsafe} keep the plain model (results of body-less methods).
 */
public final class UnsafeModel extends CallSiteModel implements Warnings {
    /** Accessor name -> {index of the value argument or -1, 1 if it returns the old value}. */
    private static final Map<String, int[]> ACCESSORS = Map.of(
            "getObject", new int[] {-1, 1}, "getObjectVolatile", new int[] {-1, 1},
            "putObject", new int[] {2, 0}, "putObjectVolatile", new int[] {2, 0}, "putOrderedObject", new int[] {2, 0},
            "compareAndSwapObject", new int[] {3, 0}, "getAndSetObject", new int[] {2, 1});

    private final TreeSet<String> unresolved = new TreeSet<>();
    private UnsafeOffsets offsets;

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        String owner = solver.program().typeName(callee.declaringType());
        boolean sun = owner.equals("sun/misc/Unsafe");
        if (!sun && !owner.equals("jdk/internal/misc/Unsafe")) {
            return;
        }
        boolean allocate = callee.name().equals("allocateInstance");
        int[] accessor = sun ? ACCESSORS.get(callee.name()) : null;
        if (!allocate && accessor == null || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        String where = Calls.reportable(solver, site)
                ? solver.callGraph().callerOf(site).signature(solver.program()) + "/" + inv.ordinal : null;
        if (allocate) {
            int cls = Calls.var(solver, callerCsm, inv.args[0]);
            int lhs = Calls.var(solver, callerCsm, inv.lhs);
            int result = lhs >= 0 ? lhs : solver.tempPointer(); // the class is initialised all the same
            if (cls >= 0) {
                watch.watch(cls, objs -> allocate(objs, result, where));
            }
            return;
        }
        if (!callee.desc().startsWith("(Ljava/lang/Object;J")) {
            return;
        }
        int base = Calls.var(solver, callerCsm, inv.args[0]);
        int value = accessor[0] >= 0 ? Calls.var(solver, callerCsm, inv.args[accessor[0]]) : -1;
        int result = accessor[1] == 1 ? Calls.var(solver, callerCsm, inv.lhs) : -1;
        if (base >= 0 && (value >= 0 || result >= 0)) {
            if (offsets == null) {
                offsets = new UnsafeOffsets(solver.program());
            }
            JField named = offsets.fieldOf(solver.callGraph().callerOf(site), inv.ordinal, 1);
            watch.watch(base, objs -> access(objs, named, value, result));
        }
    }

    private void allocate(int[] classObjects, int result, String where) {
        Program program = solver.program();
        for (int o : classObjects) {
            String name = solver.heap().classConstant(solver.cs().siteOf(o));
            if (name == null) {
                report(where, "Unsafe.allocateInstance at " + where + " on a class object that is no constant: no object");
                continue;
            }
            int type = program.type(name);
            if (program.info(type) == null || program.isAbstractOrInterface(type)) {
                continue; // the JVM throws InstantiationException
            }
            solver.initClass(type);
            int obj = solver.heap().abstractObject("unsafe:" + name, type, null, "<unsafe:" + name.replace('/', '.') + ">");
            solver.addPointsTo(result, solver.csObject(Contexts.EMPTY, obj));
        }
    }

    /** The accesses on each of {@code bases}: of field {@code named} if the offset names one, else of every candidate. */
    private void access(int[] bases, JField named, int value, int result) {
        Program program = solver.program();
        int classType = program.type("java/lang/Class");
        for (int o : bases) {
            int type = solver.typeOfObject(o);
            if (type == classType) {
                continue;
            }
            if (named != null) {
                if (!program.isArray(type) && program.isSubtype(type, program.type(named.owner()))) {
                    Type t = Type.getType(named.desc());
                    int ft = program.type(t.getSort() == Type.ARRAY ? t.getDescriptor() : t.getInternalName());
                    link(o, named, TypeFilter.of(ft, new int[0]), value, result);
                }
                continue;
            }
            if (program.isArray(type)) {
                int elem = program.elementType(type);
                if (program.typeName(elem).length() > 1) {
                    link(o, program.arrayElement(), TypeFilter.of(elem, new int[0]), value, result);
                }
                continue;
            }
            for (int c = type; c >= 0; c = program.superClass(c)) {
                ClassInfo info = program.info(c);
                if (info == null) {
                    continue;
                }
                for (MemberInfo f : info.fields()) {
                    if ((f.access() & Opcodes.ACC_STATIC) == 0 && (f.desc().startsWith("L") || f.desc().startsWith("["))) {
                        Type t = Type.getType(f.desc());
                        int ft = program.type(t.getSort() == Type.ARRAY ? t.getDescriptor() : t.getInternalName());
                        link(o, program.field(f.owner(), f.name(), f.desc(), false), TypeFilter.of(ft, new int[0]),
                                value, result);
                    }
                }
            }
        }
    }

    private void link(int obj, JField field, TypeFilter filter, int value, int result) {
        int fp = solver.fieldPointer(obj, field.id());
        if (value >= 0) {
            solver.addEdge(value, fp, filter);
        }
        if (result >= 0) {
            solver.addEdge(fp, result, null);
        }
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
