package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * Serialization, the reading side: {@code ObjectInputStream.readObject()} (or
 * {@code readUnshared}) returns objects the analysis makes itself, one abstract object per type,
 * of every type that may be in the stream. The documented choice: the concrete serializable
 * classes of the application, {@code SerializedLambda} if the application has serializable lambdas
 * (a class with {@code $deserializeLambda$}), and every type the program writes
 * ({@link SerializationWrites}), JDK types included, except the classes of lambdas (the JDK's are
 * hidden classes; their {@code writeReplace} writes a {@code SerializedLambda} instead). Their serialized fields point to the deserialized objects their declared
 * types admit, and at each read call site the model calls, on each such object: the no-arg
 * constructor of the first non-serializable superclass (or, for an {@code Externalizable}, its own
 * public no-arg constructor and {@code readExternal(ObjectInput)}), the private
 * {@code readObject(ObjectInputStream)} and {@code readObjectNoData()} of every serializable class
 * of its chain, and {@code readResolve()}, whose result is returned too.
 */
public final class SerializationReads implements Plugin {
    private Solver solver;
    private SerialHooks hooks;
    private final CallSiteSet done = new CallSiteSet();
    /** Types that may be read, in the order they were found; and as a set. */
    private final List<Integer> types = new ArrayList<>();
    private final BitSet typeSet = new BitSet();
    /** Deserialized objects, one per type (context-sensitive object indices), and all of them. */
    private final List<Integer> objects = new ArrayList<>();
    private int all = -1;
    /** Read call sites: caller, site, stream pointer, result pointer. */
    private final List<int[]> sites = new ArrayList<>();
    private boolean applicationAdded;

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.hooks = new SerialHooks(solver.program());
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().equals("readObject") && !callee.name().equals("readUnshared")) {
            return;
        }
        String key = Calls.key(solver.program(), callee);
        if (!key.equals("java/io/ObjectInputStream.readObject()Ljava/lang/Object;")
                && !key.equals("java/io/ObjectInputStream.readUnshared()Ljava/lang/Object;")
                || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        if (inv.recv < 0) {
            return;
        }
        int result = solver.tempPointer();
        if (inv.lhs >= 0) {
            solver.addEdge(result, solver.varPointer(callerCsm, inv.lhs), null);
        }
        int[] s = {callerCsm, site, solver.varPointer(callerCsm, inv.recv), result};
        sites.add(s);
        if (!applicationAdded) {
            applicationAdded = true;
            addApplicationTypes();
        }
        for (int i = 0; i < objects.size(); i++) {
            read(s, objects.get(i));
        }
    }

    private void addApplicationTypes() {
        Program program = solver.program();
        for (String name : new TreeSet<>(program.programClasses())) {
            int t = program.type(name);
            if (program.isApplication(t) && !program.isAbstractOrInterface(t) && hooks.isSerializable(t)) {
                addType(t);
            }
        }
        if (!hooks.lambdaDeserializers().isEmpty()) {
            addType(program.type(SerialHooks.SERIALIZED_LAMBDA)); // the application's serializable lambdas
            addType(program.type("[Ljava/lang/Object;")); // ... and their captured values
        }
    }

    /** A type that may be in a stream read (one the program writes, say). */
    void addType(int type) {
        if (typeSet.get(type)) {
            return;
        }
        typeSet.set(type);
        types.add(type);
        Program program = solver.program();
        if (all < 0) {
            all = solver.tempPointer();
        }
        int obj = solver.csObject(Contexts.EMPTY, solver.heap().abstractObject("deserialized:" + program.typeName(type),
                type, null, "<deserialized:" + program.typeName(type).replace('/', '.') + ">"));
        objects.add(obj);
        solver.addPointsTo(all, obj);
        if (program.isArray(type)) {
            solver.addEdge(all, solver.fieldPointer(obj, program.arrayElement().id()),
                    org.jphantom.analysis.ir.TypeFilter.of(program.elementType(type), new int[0]));
        } else {
            for (JField f : hooks.serialFields(type)) {
                solver.addEdge(all, solver.fieldPointer(obj, f.id()), hooks.filterOf(f));
            }
        }
        for (int[] s : List.copyOf(sites)) {
            read(s, obj);
        }
    }

    /** What read call site {@code s} does with deserialized object {@code obj}. */
    private void read(int[] s, int obj) {
        int callerCsm = s[0];
        int site = s[1];
        int stream = s[2];
        int result = s[3];
        solver.addPointsTo(result, obj);
        Program program = solver.program();
        int type = solver.typeOfObject(obj);
        if (program.isArray(type)) {
            return;
        }
        int[] self = {obj};
        int[] none = new int[0];
        if (hooks.isExternalizable(type)) {
            JMethod init = program.declared(type, "<init>", "()V");
            if (init != null) {
                Calls.dispatch(solver, callerCsm, site, init, false, self, none, -1, -1);
            }
            JMethod re = program.dispatch(type, program.resolveMethod("java/io/Externalizable", "readExternal",
                    "(Ljava/io/ObjectInput;)V", true));
            if (re != null) {
                Calls.dispatch(solver, callerCsm, site, re, false, self, new int[] {stream}, -1, -1);
            }
        } else {
            JMethod init = hooks.firstNonSerializableConstructor(type);
            if (init != null) {
                Calls.dispatch(solver, callerCsm, site, init, false, self, none, -1, -1);
            }
            for (JMethod r : hooks.privateHooks(type, "readObject", "(" + SerialHooks.OIS + ")V")) {
                Calls.dispatch(solver, callerCsm, site, r, false, self, new int[] {stream}, -1, -1);
            }
            for (JMethod r : hooks.privateHooks(type, "readObjectNoData", "()V")) {
                Calls.dispatch(solver, callerCsm, site, r, false, self, none, -1, -1);
            }
        }
        JMethod resolve = hooks.inherited(type, "readResolve", "()Ljava/lang/Object;");
        if (resolve != null) {
            Calls.dispatch(solver, callerCsm, site, resolve, false, self, none, result, -1);
        }
    }
}
