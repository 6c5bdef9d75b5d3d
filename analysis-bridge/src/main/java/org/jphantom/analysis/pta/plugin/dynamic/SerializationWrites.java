package org.jphantom.analysis.pta.plugin.dynamic;

import org.jphantom.analysis.pta.plugin.PointerListeners;
import java.util.BitSet;
import java.util.List;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * Serialization, the writing side: at each call of {@code ObjectOutputStream.writeObject(o)} (or
 * {@code writeUnshared}) the objects written are {@code o}'s, the objects their
 * {@code writeReplace()} returns, and, transitively, those in their serialized (non-static,
 * non-transient) fields and array elements ({@code Class} objects are written as class
 * descriptors: not followed, never read back as objects). For each written object of a serializable class the
 * model calls, from that call site, {@code writeReplace()}, the private
 * {@code writeObject(ObjectOutputStream)} of every serializable class of its chain (with the
 * stream), and {@code writeExternal(ObjectOutput)} for an {@code Externalizable}. The types
 * written are what {@link SerializationReads} may read back.
 */
public final class SerializationWrites implements Plugin {
    private Solver solver;
    private PointerListeners watch;
    private SerialHooks hooks;
    private final CallSiteSet done = new CallSiteSet();
    private final SerializationReads reads;
    private int classType;

    /** @param reads told every type written (may be null) */
    public SerializationWrites(SerializationReads reads) {
        this.reads = reads;
    }

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.watch = new PointerListeners(solver);
        this.hooks = new SerialHooks(solver.program());
        this.classType = solver.program().type("java/lang/Class");
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.name().equals("writeObject") && !callee.name().equals("writeUnshared")) {
            return;
        }
        String key = Calls.key(solver.program(), callee);
        if (!key.equals("java/io/ObjectOutputStream.writeObject(Ljava/lang/Object;)V")
                && !key.equals("java/io/ObjectOutputStream.writeUnshared(Ljava/lang/Object;)V")
                || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        int arg = Calls.var(solver, callerCsm, inv.args[0]);
        if (arg < 0 || inv.recv < 0) {
            return;
        }
        int written = solver.tempPointer();
        solver.addEdge(arg, written, null);
        int stream = solver.varPointer(callerCsm, inv.recv);
        BitSet seenTypes = new BitSet();
        watch.watch(written, objs -> written(callerCsm, site, stream, written, objs, seenTypes));
    }

    private void written(int callerCsm, int site, int stream, int written, int[] objs, BitSet seenTypes) {
        Program program = solver.program();
        for (int o : objs) {
            int type = solver.typeOfObject(o);
            if (program.isArray(type)) {
                if (program.typeName(program.elementType(type)).length() == 1) {
                    continue; // primitive elements
                }
                solver.addEdge(solver.fieldPointer(o, program.arrayElement().id()), written, null);
                if (reads != null) {
                    reads.addType(type);
                }
                continue;
            }
            if (!hooks.isSerializable(type) || type == classType) {
                continue; // a Class is written as a class descriptor, not as an object with fields
            }
            for (JField f : hooks.serialFields(type)) {
                solver.addEdge(solver.fieldPointer(o, f.id()), written, null);
            }
            int[] self = {o};
            JMethod replace = hooks.inherited(type, "writeReplace", "()Ljava/lang/Object;");
            if (replace != null) {
                Calls.dispatch(solver, callerCsm, site, replace, false, self, new int[0], written, -1);
            }
            if (hooks.isExternalizable(type)) {
                JMethod we = program.dispatch(type, program.resolveMethod("java/io/Externalizable", "writeExternal",
                        "(Ljava/io/ObjectOutput;)V", true));
                if (we != null) {
                    Calls.dispatch(solver, callerCsm, site, we, false, self, new int[] {stream}, -1, -1);
                }
            } else {
                for (JMethod w : hooks.privateHooks(type, "writeObject", "(" + SerialHooks.OOS + ")V")) {
                    Calls.dispatch(solver, callerCsm, site, w, false, self, new int[] {stream}, -1, -1);
                }
            }
            if (!seenTypes.get(type)) {
                seenTypes.set(type);
                if (reads != null && !program.isSynthetic(type)) {
                    reads.addType(type);
                }
            }
        }
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        watch.deliver(pointer, objects);
    }
}
