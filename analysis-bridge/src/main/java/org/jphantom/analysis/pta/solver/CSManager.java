package org.jphantom.analysis.pta.solver;

import java.util.Arrays;
import java.util.BitSet;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.ContextInfo;
import org.jphantom.analysis.pta.context.ContextSelector;
import org.jphantom.analysis.pta.heap.HeapModel;
import org.jphantom.analysis.util.IntList;
import org.jphantom.analysis.util.LongIntMap;

/**
 * The context-sensitive elements of one analysis, each interned to a dense index: methods
 * {@code (context, method)}, objects {@code (heap context, abstract object)}, and pointers:
 * variables of context-sensitive methods, instance fields of context-sensitive objects (array
 * elements are one field), static fields, and plugins' temporaries.
 *
 * <p>A selector that {@linkplain ContextSelector#selectsVariables selects per variable} may give a
 * variable a shorter context than its method's: then every method context that maps the variable
 * to that context shares one pointer, and each of them is one of the pointer's users (its creator and
 * {@link #moreUsers}), whose statements run when the pointer gets new objects.
 */
public final class CSManager implements ContextInfo {
    public static final int VAR = 0;
    public static final int INSTANCE_FIELD = 1;
    public static final int STATIC_FIELD = 2;
    /** A pointer that stands for no variable or field: a plugin's temporary. */
    public static final int TEMP = 3;

    private final Program program;
    private final HeapModel heap;
    private final MethodBodies bodies;
    private final PointerFlowGraph graph;
    private ContextSelector selector;
    private boolean perVariable;
    /** Told when a method context starts using a variable pointer that another one created. */
    private SharedUse sharedUse = (p, csm) -> { };
    /** Whether a plugin added a statement that dereferences a variable. */
    private AddedUse addedUse = (m, var) -> false;

    /** Whether statements added by a plugin dereference variable {@code var} of {@code m}. */
    interface AddedUse {
        boolean test(JMethod m, int var);
    }

    /** A method context that became a further user of a shared variable pointer. */
    interface SharedUse {
        void added(int pointer, int csMethod);
    }

    // context-sensitive methods
    private final LongIntMap csMethodIds = new LongIntMap(1 << 12);
    private final IntList csmMethod = new IntList(1 << 12);
    private final IntList csmCtx = new IntList(1 << 12);
    /** The context-sensitive methods of each method, by method id, in the order they were made. */
    private IntList[] csmsOfMethod = new IntList[1 << 10];

    // context-sensitive objects
    private final LongIntMap csObjIds = new LongIntMap(1 << 12);
    private final IntList csObjSite = new IntList(1 << 12);
    private final IntList csObjCtx = new IntList(1 << 12);
    private int[] csObjType = new int[1 << 12];

    // pointers
    private int[][] csmVarPtrs = new int[1 << 12][];
    private final LongIntMap fieldPtrs = new LongIntMap(1 << 14);
    private int[] staticPtrs = new int[256];
    /** Variables mapped to a shorter context: (csMethod of that context, var) -> pointer. */
    private final LongIntMap sharedVarPtrs = new LongIntMap(1 << 8);
    private byte[] ptrKind = new byte[1 << 14];
    private int[] ptrA = new int[1 << 14];
    private int[] ptrB = new int[1 << 14];
    /** Variables that statements dereference or call on (new objects there trigger statements). */
    private final BitSet derefed = new BitSet();
    /** For a shared variable pointer: its users after the first (who is {@link #pointerA}). */
    private IntList[] moreUsers = new IntList[0];

    CSManager(Program program, HeapModel heap, MethodBodies bodies, WorkList work) {
        this.program = program;
        this.heap = heap;
        this.bodies = bodies;
        this.graph = new PointerFlowGraph(program, this, work);
        Arrays.fill(staticPtrs, -1);
    }

    PointerFlowGraph graph() {
        return graph;
    }

    void setSelector(ContextSelector selector, SharedUse sharedUse, AddedUse addedUse) {
        this.selector = selector;
        this.perVariable = selector.selectsVariables();
        if (perVariable) {
            graph.perVariable();
        }
        this.sharedUse = sharedUse;
        this.addedUse = addedUse;
    }

    // ------------------------------------------------------------------ methods

    /** The context-sensitive method {@code (ctx, method)}. */
    public int csMethod(int ctx, JMethod method) {
        long key = LongIntMap.key(ctx, method.id());
        int id = csMethodIds.get(key);
        if (id < 0) {
            id = csmMethod.size();
            csmMethod.add(method.id());
            csmCtx.add(ctx);
            int mid = method.id();
            if (mid >= csmsOfMethod.length) {
                csmsOfMethod = Arrays.copyOf(csmsOfMethod, Math.max(mid + 1, csmsOfMethod.length * 2));
            }
            if (csmsOfMethod[mid] == null) {
                csmsOfMethod[mid] = new IntList(1);
            }
            csmsOfMethod[mid].add(id);
            if (id == csmVarPtrs.length) {
                csmVarPtrs = Arrays.copyOf(csmVarPtrs, id * 2);
            }
            csMethodIds.put(key, id);
        }
        return id;
    }

    public JMethod methodOf(int csMethod) {
        return program.method(csmMethod.get(csMethod));
    }

    public int contextOfMethod(int csMethod) {
        return csmCtx.get(csMethod);
    }

    public int csMethodCount() {
        return csmMethod.size();
    }

    /**
     * How many context-sensitive methods of {@code method} exist; they are {@link #csMethodOf
     * csMethodOf(method, 0..n)}, in the order they were made (later ones come after).
     */
    public int csMethodCount(JMethod method) {
        int mid = method.id();
        IntList l = mid < csmsOfMethod.length ? csmsOfMethod[mid] : null;
        return l == null ? 0 : l.size();
    }

    /** The {@code i}-th context-sensitive method of {@code method} made, {@code i < csMethodCount(method)}. */
    public int csMethodOf(JMethod method, int i) {
        return csmsOfMethod[method.id()].get(i);
    }

    // ------------------------------------------------------------------ objects

    /** The context-sensitive object {@code (heapCtx, site)}. */
    public int csObject(int heapCtx, int site) {
        long key = LongIntMap.key(heapCtx, site);
        int id = csObjIds.get(key);
        if (id < 0) {
            id = csObjSite.size();
            csObjSite.add(site);
            csObjCtx.add(heapCtx);
            if (id == csObjType.length) {
                csObjType = Arrays.copyOf(csObjType, id * 2);
            }
            csObjType[id] = heap.typeOf(site);
            csObjIds.put(key, id);
        }
        return id;
    }

    public int csObjectCount() {
        return csObjSite.size();
    }

    @Override
    public int heapContextOf(int csObject) {
        return csObjCtx.get(csObject);
    }

    @Override
    public int siteOf(int csObject) {
        return csObjSite.get(csObject);
    }

    @Override
    public int typeOfSite(int site) {
        return heap.typeOf(site);
    }

    @Override
    public int allocatingClassOf(int site) {
        int m = heap.methodOf(site);
        return m < 0 ? -1 : program.method(m).declaringType();
    }

    @Override
    public Program program() {
        return program;
    }

    public int typeOfObject(int csObject) {
        return csObjType[csObject];
    }

    // ------------------------------------------------------------------ pointers

    /** The pointer of variable {@code var} of a context-sensitive method. */
    public int varPointer(int csMethod, int var) {
        int[] ptrs = csmVarPtrs[csMethod];
        if (ptrs == null) {
            ptrs = new int[bodies.of(methodOf(csMethod)).varCount];
            Arrays.fill(ptrs, -1);
            csmVarPtrs[csMethod] = ptrs;
        }
        int p = ptrs[var];
        if (p < 0) {
            if (!perVariable) {
                p = newPointer(VAR, csMethod, var);
                ptrs[var] = p;
            } else {
                long key = sharedKey(csMethod, var);
                p = sharedVarPtrs.get(key);
                if (p < 0) {
                    p = newPointer(VAR, csMethod, var);
                    sharedVarPtrs.put(key, p);
                    ptrs[var] = p;
                } else {
                    addUser(p, csMethod);
                    ptrs[var] = p;
                    if (derefed.get(p)) {
                        sharedUse.added(p, csMethod); // after ptrs[var] is set: its statements may ask again
                    }
                }
            }
        }
        return p;
    }

    /** Under a per-variable selector: the key of the variable in the context the selector gives it. */
    private long sharedKey(int csMethod, int var) {
        JMethod m = methodOf(csMethod);
        int ctx = csmCtx.get(csMethod);
        int varCtx = selector.variableContext(ctx, m, var);
        return LongIntMap.key(varCtx == ctx ? csMethod : csMethod(varCtx, m), var);
    }

    /**
     * Whether variable {@code var} has one pointer in {@code csmA} and {@code csmB}, two contexts
     * of one method (true for a negative {@code var}, which stands for no variable). Creates no
     * pointer: two contexts share a variable's pointer exactly when the selector gives the
     * variable the same context in both.
     */
    boolean samePointer(int csmA, int csmB, int var) {
        if (csmA == csmB || var < 0) {
            return true;
        }
        if (!perVariable) {
            return false;
        }
        JMethod m = methodOf(csmA);
        return selector.variableContext(csmCtx.get(csmA), m, var)
                == selector.variableContext(csmCtx.get(csmB), m, var);
    }

    /**
     * The context-sensitive method under which a call edge from call {@code inv} in {@code csm}
     * is recorded: {@code csm} itself, or, when the selector gives every variable of the call
     * (receiver, arguments, result, exception) the empty context, the method in the empty
     * context, so that the contexts of a method bind such a call to one callee context once: the
     * edge they would each add moves the same objects between the same pointers.
     */
    int callerKey(int csm, org.jphantom.analysis.ir.Invoke inv) {
        int ctx = csmCtx.get(csm);
        if (!perVariable || ctx == org.jphantom.analysis.pta.context.Contexts.EMPTY) {
            return csm;
        }
        JMethod m = methodOf(csm);
        if (!insensitive(ctx, m, inv.recv) || !insensitive(ctx, m, inv.lhs) || !insensitive(ctx, m, inv.exception)) {
            return csm;
        }
        for (int v : inv.args) {
            if (!insensitive(ctx, m, v)) {
                return csm;
            }
        }
        return csMethod(org.jphantom.analysis.pta.context.Contexts.EMPTY, m);
    }

    private boolean insensitive(int ctx, JMethod m, int var) {
        return var < 0 || selector.variableContext(ctx, m, var) == org.jphantom.analysis.pta.context.Contexts.EMPTY;
    }

    private void addUser(int p, int csMethod) {
        if (p >= moreUsers.length) {
            moreUsers = Arrays.copyOf(moreUsers, Math.max(p + 1, moreUsers.length * 2));
        }
        if (moreUsers[p] == null) {
            moreUsers[p] = new IntList(2);
        }
        moreUsers[p].add(csMethod);
    }

    /**
     * The method contexts after the first ({@link #pointerA}) whose statements use variable
     * pointer {@code p}, under a per-variable selector; null if {@code p} has just one.
     */
    IntList moreUsers(int p) {
        return p < moreUsers.length ? moreUsers[p] : null;
    }


    /** The pointer of field {@code field} of a context-sensitive object. */
    public int fieldPointer(int csObject, int field) {
        long key = LongIntMap.key(csObject, field);
        int p = fieldPtrs.get(key);
        if (p < 0) {
            p = newPointer(INSTANCE_FIELD, csObject, field);
            fieldPtrs.put(key, p);
        }
        return p;
    }

    /** The pointer of static field {@code field}. */
    public int staticPointer(int field) {
        if (field >= staticPtrs.length) {
            int old = staticPtrs.length;
            staticPtrs = Arrays.copyOf(staticPtrs, Math.max(field + 1, old * 2));
            Arrays.fill(staticPtrs, old, staticPtrs.length, -1);
        }
        int p = staticPtrs[field];
        if (p < 0) {
            p = newPointer(STATIC_FIELD, field, 0);
            staticPtrs[field] = p;
        }
        return p;
    }

    /** A fresh pointer of kind {@link #TEMP}, for a plugin's intermediate values. */
    public int tempPointer() {
        return newPointer(TEMP, -1, -1);
    }

    private int newPointer(int kind, int a, int b) {
        int p = graph.addNode();
        if (p == ptrKind.length) {
            int n = p * 2;
            ptrKind = Arrays.copyOf(ptrKind, n);
            ptrA = Arrays.copyOf(ptrA, n);
            ptrB = Arrays.copyOf(ptrB, n);
        }
        ptrKind[p] = (byte) kind;
        if (kind == VAR) {
            JMethod m = methodOf(a);
            if (bodies.of(m).uses(b).length > 0 || addedUse.test(m, b)) {
                derefed.set(p);
            }
        }
        ptrA[p] = a;
        ptrB[p] = b;
        return p;
    }

    /** Looks up the pointer of a variable without creating it; -1 if absent. */
    public int findVarPointer(int csMethod, int var) {
        int[] ptrs = csmVarPtrs[csMethod];
        return ptrs == null || var >= ptrs.length ? -1 : ptrs[var];
    }

    public int pointerCount() {
        return graph.nodeCount();
    }

    /** {@link #VAR}, {@link #INSTANCE_FIELD}, {@link #STATIC_FIELD} or {@link #TEMP}. */
    public int pointerKind(int p) {
        return ptrKind[p];
    }

    /** Variables: the (first) context-sensitive method; fields: the context-sensitive object; statics: the field. */
    int pointerA(int p) {
        return ptrA[p];
    }

    /** Variables: the variable; instance fields: the field. */
    int pointerB(int p) {
        return ptrB[p];
    }

    /** Whether statements dereference or call on variable pointer {@code p}. */
    boolean isDerefed(int p) {
        return derefed.get(p);
    }

    /** Notes that a statement added later dereferences {@code p}; false if one did already. */
    boolean setDerefed(int p) {
        if (derefed.get(p)) {
            return false;
        }
        derefed.set(p);
        return true;
    }
}
