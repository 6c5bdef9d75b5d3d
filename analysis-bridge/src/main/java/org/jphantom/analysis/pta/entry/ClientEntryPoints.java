package org.jphantom.analysis.pta.entry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Type;

/**
 * Enters the library the way a client can: each entry point becomes reachable in the empty context
 * (its class initialised first), with the client objects of its declaring class as {@code this} and
 * of each parameter's declared type as the argument. Fields a client can write hold client objects
 * too: static ones from the start, instance ones wherever a reachable method loads them (a client
 * may have stored into any object that escaped to it). What entry points return escapes to the
 * client ({@link ClientEscapes}). Give this plugin first.
 */
public final class ClientEntryPoints implements Plugin {
    private final List<JMethod> entries;
    private final ClientObjects clients;
    private final ClientEscapes escapes;
    private Solver solver;
    private Program program;
    /** Per method id: pairs (variable, declared type) of its loads of client-writable fields. */
    private final Map<Integer, int[]> writableLoads = new HashMap<>();

    /** @param escapes where what the entry points return goes (to the client) */
    public ClientEntryPoints(List<JMethod> entries, ClientObjects clients, ClientEscapes escapes) {
        this.entries = List.copyOf(entries);
        this.clients = clients;
        this.escapes = escapes;
    }

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.program = solver.program();
        clients.setSolver(solver);
    }

    @Override
    public void onStart() {
        for (JMethod m : entries) {
            int csm = solver.addEntry(m);
            MethodIR ir = solver.ir(m);
            if (ir.thisVar >= 0) {
                add(solver.varPointer(csm, ir.thisVar), clients.of(m.declaringType()));
            }
            Type[] params = Type.getArgumentTypes(m.desc());
            for (int k = 0; k < ir.paramVars.length && k < params.length; k++) {
                if (ir.paramVars[k] >= 0) {
                    add(solver.varPointer(csm, ir.paramVars[k]), clients.of(clients.typeOfDescriptor(params[k].getDescriptor())));
                }
            }
            if (ir.retVar >= 0) {
                escapes.escape(solver.varPointer(csm, ir.retVar));
            }
        }
        for (int c : LibraryClasses.of(program)) {
            ClassInfo info = program.info(c);
            if (info == null) {
                continue;
            }
            for (MemberInfo f : info.fields()) {
                int ft = f.isStatic() ? clients.typeOfDescriptor(f.desc()) : -1;
                if (ft >= 0 && clients.view().canWrite(c, f)) {
                    JField jf = program.field(info.name(), f.name(), f.desc(), true);
                    add(solver.staticPointer(jf.id()), clients.of(ft));
                }
            }
        }
    }

    @Override
    public void onNewCSMethod(int csm) {
        JMethod m = solver.methodOf(csm);
        int[] loads = writableLoads.computeIfAbsent(m.id(), id -> writableLoads(solver.ir(m)));
        for (int i = 0; i < loads.length; i += 2) {
            add(solver.varPointer(csm, loads[i]), clients.of(loads[i + 1]));
        }
    }

    private int[] writableLoads(MethodIR ir) {
        List<Integer> out = new ArrayList<>();
        for (Stmt s : ir.stmts) {
            if (s.kind != Stmt.LOAD_FIELD || !(s instanceof FieldAccess fa) || fa.var < 0) {
                continue;
            }
            JField f = fa.field;
            int owner = program.type(f.owner());
            if (!clients.isLibrary(owner)) {
                continue;
            }
            ClassInfo info = program.info(owner);
            MemberInfo mi = info == null ? null : info.field(f.name(), f.desc());
            int ft = clients.typeOfDescriptor(f.desc());
            if (mi != null && ft >= 0 && clients.view().canWrite(owner, mi)) {
                out.add(fa.var);
                out.add(ft);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private void add(int pointer, int[] objs) {
        for (int o : objs) {
            solver.addPointsTo(pointer, o);
        }
    }
}
