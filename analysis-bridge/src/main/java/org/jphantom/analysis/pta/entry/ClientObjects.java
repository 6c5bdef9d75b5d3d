package org.jphantom.analysis.pta.entry;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.heap.HeapModel;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * The unknown client's values: one abstract "client" object per type (in the empty heap
 * context), made on first use. {@link #of} answers which of them a value of a declared type may
 * be: the client objects of every library class that is a subtype and can exist (it is concrete,
 * or a client can extend it), of the type itself when it is not a library class (a JDK class, a
 * client's own implementation), and, for an interface, of every client class that extends a
 * library class and implements the interface with a public method it inherits from there
 * (call-by-signature: such a class is a synthetic subclass, {@link Program#syntheticSubclass}).
 * Client arrays hold client objects of their element type; a client object's reference fields
 * hold the client objects of the fields' declared types.
 *
 * <p>One instance per analysis run, shared by the open-world plugins of that run.
 */
public final class ClientObjects {
    private final ClientView view;
    private Solver solver;
    private Program program;
    private HeapModel heap;
    private int[] library;
    private final Map<Integer, int[]> byType = new HashMap<>();
    private final BitSet clientSites = new BitSet();
    /** Client objects whose contents are still to be added: pairs of (cs object, type). */
    private final ArrayDeque<int[]> unfilled = new ArrayDeque<>();
    private boolean filling;

    public ClientObjects(ClientView view) {
        this.view = view;
    }

    public ClientView view() {
        return view;
    }

    /** Binds the solver of the run (the first plugin that gets it does). */
    void setSolver(Solver s) {
        if (solver == null) {
            solver = s;
            program = s.program();
            heap = s.heap();
            library = LibraryClasses.of(program);
        }
    }

    /** Whether abstract object {@code site} is a client object. */
    public boolean isClient(int site) {
        return clientSites.get(site);
    }

    /** How many client objects were made. */
    public int count() {
        return clientSites.cardinality();
    }

    /** Whether {@code type} is a class of the library (the program). */
    boolean isLibrary(int type) {
        return program.programClasses().contains(program.typeName(type));
    }

    /** The client objects (context-sensitive object indices) a value of declared type {@code type} may be. */
    public int[] of(int type) {
        int[] objs = byType.get(type);
        if (objs != null) {
            return objs;
        }
        objs = compute(type);
        byType.put(type, objs);
        if (!filling) {
            filling = true;
            try {
                while (!unfilled.isEmpty()) {
                    int[] next = unfilled.poll();
                    fill(next[0], next[1]);
                }
            } finally {
                filling = false;
            }
        }
        return objs;
    }

    /** The type of a field, parameter or return descriptor, -1 for primitives. */
    int typeOfDescriptor(String desc) {
        Type t = Type.getType(desc);
        return switch (t.getSort()) {
            case Type.ARRAY -> program.type(t.getDescriptor());
            case Type.OBJECT -> program.type(t.getInternalName());
            default -> -1;
        };
    }

    private int[] compute(int type) {
        if (type < 0 || program.typeName(type).length() == 1) {
            return new int[0];
        }
        List<Integer> out = new ArrayList<>();
        if (program.isArray(type)) {
            out.add(object(type));
        } else {
            if (!isLibrary(type)) {
                out.add(object(type));
            }
            for (int s : library) {
                if (program.isSubtype(s, type) && canExist(s)) {
                    out.add(object(s));
                }
            }
            if (program.isInterface(type)) {
                for (int c : library) {
                    if (!program.isInterface(c) && view.canExtend(c) && !program.isSubtype(c, type)
                            && inheritsImplementation(c, type)) {
                        String name = program.typeName(c) + "$$Client$$" + program.typeName(type).replace('/', '_');
                        out.add(object(program.syntheticSubclass(name, program.typeName(c),
                                List.of(program.typeName(type)))));
                    }
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private boolean canExist(int type) {
        ClassInfo info = program.info(type);
        return info != null && (!info.isAbstract() && !info.isInterface() || view.canExtend(type));
    }

    /**
     * Whether class {@code c} has a public instance method, declared in the library, for a method of
     * interface {@code itf} (other than those of Object): then a client class extending {@code c} can
     * implement {@code itf} with it.
     */
    private boolean inheritsImplementation(int c, int itf) {
        int object = program.type(Program.OBJECT);
        List<Integer> work = new ArrayList<>(List.of(itf));
        BitSet seen = new BitSet();
        while (!work.isEmpty()) {
            int i = work.remove(work.size() - 1);
            ClassInfo info = program.info(i);
            if (info == null || seen.get(i)) {
                continue;
            }
            seen.set(i);
            for (MemberInfo mi : info.methods()) {
                if (mi.isStatic() || mi.isPrivate() || mi.name().startsWith("<")
                        || program.declared(object, mi.name(), mi.desc()) != null) {
                    continue;
                }
                JMethod r = program.resolveMethod(program.typeName(c), mi.name(), mi.desc(), false);
                if (r != null && !r.isAbstract() && !r.isStatic() && (r.access() & Opcodes.ACC_PUBLIC) != 0
                        && isLibrary(r.declaringType())) {
                    return true;
                }
            }
            for (String s : info.interfaces()) {
                work.add(program.type(s));
            }
        }
        return false;
    }

    private int object(int type) {
        String name = program.typeName(type);
        int obj = heap.abstractObject("client:" + name, type, null, "<client " + name + ">");
        int cso = solver.csObject(Contexts.EMPTY, obj);
        if (!clientSites.get(obj)) {
            clientSites.set(obj);
            unfilled.add(new int[] {cso, type});
        }
        return cso;
    }

    /** A client object's contents: array elements, or every reference instance field of its class and supers. */
    private void fill(int cso, int type) {
        if (program.isArray(type)) {
            for (int o : of(program.elementType(type))) {
                solver.addPointsTo(solver.fieldPointer(cso, program.arrayElement().id()), o);
            }
            return;
        }
        for (int c = type; c >= 0; c = program.superClass(c)) {
            ClassInfo info = program.info(c);
            if (info == null) {
                continue;
            }
            for (MemberInfo f : info.fields()) {
                int ft = f.isStatic() ? -1 : typeOfDescriptor(f.desc());
                if (ft < 0) {
                    continue;
                }
                JField jf = program.field(info.name(), f.name(), f.desc(), false);
                int p = solver.fieldPointer(cso, jf.id());
                for (int o : of(ft)) {
                    solver.addPointsTo(p, o);
                }
            }
        }
    }
}
