package org.jphantom.analysis.pta.plugin;

import java.util.Arrays;
import org.jphantom.analysis.ir.Copy;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.analysis.util.IntList;
import org.objectweb.asm.Opcodes;

/**
 * Summaries of the native methods that move references, as small IR bodies, and the calls the JVM
 * makes on a program's behalf:
 * <ul>
 *   <li>{@code System.arraycopy(src, _, dst, _, _)}: {@code dst[*] = src[*]}, at each call site;
 *   <li>{@code System.setIn0(s)}, {@code setOut0(s)}, {@code setErr0(s)} (what {@code System.setIn},
 *       {@code setOut}, {@code setErr} and the JVM's start-up call): {@code System.in/out/err = s};
 *   <li>{@code Object.clone()}: at each call site, the receiver's own abstract objects (fields
 *       shared, which is sound for a flow-insensitive analysis), rather than through the method's
 *       single receiver variable, which without contexts would hand every clone call the receivers
 *       of all;
 *   <li>{@code Object.getClass()}: at each call site, the class object of each receiver's type;
 *   <li>{@code Class.getComponentType()} (a field the JVM sets): at each call site, the class object
 *       of the component type of each array class object it is called on, so that
 *       {@code toArray(new T[0])}'s {@code Array.newInstance(a.getClass().getComponentType(), n)}
 *       makes a {@code T[]};
 *   <li>{@code Throwable.fillInStackTrace(int)}, {@code String.intern()}: return the receiver;
 *   <li>{@code reflect.Array.newArray(c, n)}, when the selector keeps containers apart: at each call (that is, each context of
 *       {@code Array.newInstance}), an array of each component class object {@code c} may be, with
 *       the caller's heap context; and, for class objects the analysis cannot name, an
 *       {@code Object[]} allocated in its body ({@code multiNewArray}: that {@code Object[]} alone);
 *   <li>{@code Thread.start0()} (what {@code Thread.start()} calls): {@code this.run()};
 *   <li>{@code AccessController.doPrivileged(action, ...)} when it has no bytecode (JDK 8's is
 *       native; JDK 17's is ordinary code and analysed as such): {@code return action.run()}.
 * </ul>
 */
public final class NativeModel implements Plugin {
    private Solver solver;
    private Program program;
    private static final String ARRAYCOPY = "arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V";
    private static final String CLONE = "clone()Ljava/lang/Object;";
    private final PointerLists getClassResults = new PointerLists();
    /** {@code Array.newArray(c, n)}: component class pointer -> (result pointer, caller) pairs. */
    private final PointerLists newArrayResults = new PointerLists();
    /**
     * Whether zero-length arrays hold nothing and the arrays of {@code Array.newArray} are typed
     * ({@link org.jphantom.analysis.pta.context.ContextSelector#separatesContainers}).
     */
    private boolean separates;
    /** {@code Class.getComponentType()}: receiver pointer -> the results it flows to. */
    private final PointerLists componentResults = new PointerLists();
    /** Per type: 1 + its class object, 0 while not made. */
    private int[] classObjects = new int[0];
    /** arraycopy: source array pointer -> temporaries its elements flow to. */
    private final PointerLists copyFrom = new PointerLists();
    /** arraycopy: destination array pointer -> temporaries that flow into its elements. */
    private final PointerLists copyTo = new PointerLists();

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.program = solver.program();
        this.separates = solver.selector().separatesContainers();
    }

    @Override
    public MethodIR body(JMethod m) {
        String owner = program.typeName(m.declaringType());
        String key = m.name() + m.desc();
        switch (owner) {
            case "java/lang/System":
                if (key.equals(ARRAYCOPY)) {
                    return new MethodIR.Builder(m).build(); // modelled per call site, see onNewCallEdge
                }
                return m.isNative() ? standardStream(m) : null;
            case "java/lang/Object":
                if (key.equals(CLONE)) {
                    MethodIR.Builder b = new MethodIR.Builder(m);
                    b.retVar();
                    return b.build(); // modelled per call site, see onNewCallEdge
                }
                if (key.equals("getClass()Ljava/lang/Class;")) {
                    MethodIR.Builder b = new MethodIR.Builder(m);
                    b.retVar();
                    return b.build();
                }
                return null;
            case "java/lang/Throwable":
                return m.isNative() && m.name().equals("fillInStackTrace") && m.returnsRef() ? returnThis(m) : null;
            case "java/lang/String":
                return key.equals("intern()Ljava/lang/String;") ? returnThis(m) : null;
            case "java/lang/reflect/Array":
                if (m.isNative() && (m.name().equals("newArray") || m.name().equals("multiNewArray"))) {
                    MethodIR.Builder b = new MethodIR.Builder(m);
                    int t = b.newVar();
                    // an allocation like any other: under contexts (a container's, ContainerRooted) one per
                    // context, so that Arrays.copyOf's arrays are each list's own
                    b.add(new New(t, program.type("[Ljava/lang/Object;"), New.Kind.ARRAY, null, 0));
                    b.add(new Copy(b.retVar(), t, null, Copy.Role.RETURN, 0));
                    return b.build();
                }
                return null;
            case "java/lang/Thread":
                if (key.equals("start0()V")) {
                    MethodIR.Builder b = new MethodIR.Builder(m);
                    b.add(new Invoke(Opcodes.INVOKEVIRTUAL, "java/lang/Thread", "run", "()V", false, b.thisVar(),
                            new int[0], -1, b.throwVar(), 0, 0));
                    return b.build();
                }
                return null;
            default:
                return null;
        }
    }

    @Override
    public MethodIR bodyWithoutCode(JMethod m) {
        if (!program.typeName(m.declaringType()).equals("java/security/AccessController")
                || !m.name().equals("doPrivileged") || m.paramCount() == 0 || !m.isStatic()) {
            return null;
        }
        String first = org.objectweb.asm.Type.getArgumentTypes(m.desc())[0].getInternalName();
        if (!first.equals("java/security/PrivilegedAction") && !first.equals("java/security/PrivilegedExceptionAction")) {
            return null;
        }
        MethodIR.Builder b = new MethodIR.Builder(m);
        int r = b.newVar();
        b.add(new Invoke(Opcodes.INVOKEINTERFACE, first, "run", "()Ljava/lang/Object;", true, b.paramVar(0),
                new int[0], r, b.throwVar(), 0, 0));
        b.add(new Copy(b.retVar(), r, null, Copy.Role.RETURN, 0));
        return b.build();
    }

    /** {@code setIn0(s)}: {@code System.in = s}; likewise {@code setOut0} and {@code setErr0}. */
    private MethodIR standardStream(JMethod m) {
        String field = switch (m.name() + m.desc()) {
            case "setIn0(Ljava/io/InputStream;)V" -> "in";
            case "setOut0(Ljava/io/PrintStream;)V" -> "out";
            case "setErr0(Ljava/io/PrintStream;)V" -> "err";
            default -> null;
        };
        if (field == null) {
            return null;
        }
        MethodIR.Builder b = new MethodIR.Builder(m);
        JField f = program.resolveField("java/lang/System", field, m.desc().substring(1, m.desc().indexOf(')')), true);
        b.add(new FieldAccess(Stmt.STORE_STATIC, -1, f, b.paramVar(0), 0));
        return b.build();
    }

    private static MethodIR returnThis(JMethod m) {
        MethodIR.Builder b = new MethodIR.Builder(m);
        b.add(new Copy(b.retVar(), b.thisVar(), null, Copy.Role.RETURN, 0));
        return b.build();
    }

    /**
     * {@code getClass()} and {@code clone()} are resolved per call site rather than through the
     * method's single receiver variable, which under context insensitivity would mix the receivers
     * of every caller.
     */
    @Override
    public void onNewCallEdge(int callSite, int callerCsMethod, int calleeCsMethod) {
        JMethod m = solver.methodOf(calleeCsMethod);
        if (m.name().equals("arraycopy") && (m.name() + m.desc()).equals(ARRAYCOPY)
                && program.typeName(m.declaringType()).equals("java/lang/System")) {
            Invoke inv = solver.callSites().get(callSite);
            if (inv.args[0] >= 0 && inv.args[2] >= 0) {
                int t = solver.tempPointer();
                int src = solver.varPointer(callerCsMethod, inv.args[0]);
                int dst = solver.varPointer(callerCsMethod, inv.args[2]);
                copyFrom.getOrMake(src).add(t);
                copyTo.getOrMake(dst).add(t);
                solver.watch(src);
                solver.watch(dst);
                // Only the new temporary needs the arrays' elements: the earlier ones of src and
                // dst have them (a shared pointer under s-kcfa has one per calling context, and
                // linking them all again made the call quadratic: 46% of antlr s-3cfa's samples).
                int elem = program.arrayElement().id();
                for (int o : solver.pointsTo(src).toSortedArray()) {
                    solver.addEdge(solver.fieldPointer(o, elem), t, null);
                }
                for (int o : solver.pointsTo(dst).toSortedArray()) {
                    if (!separates || !solver.heap().isEmptyArray(solver.cs().siteOf(o))) { // nothing is copied into it
                        solver.addEdge(t, solver.fieldPointer(o, elem), null);
                    }
                }
            }
            return;
        }
        if (m.name().equals("clone") && (m.name() + m.desc()).equals(CLONE)
                && program.typeName(m.declaringType()).equals("java/lang/Object")) {
            Invoke inv = solver.callSites().get(callSite);
            if (inv.recv >= 0 && inv.lhs >= 0) {
                solver.addEdge(solver.varPointer(callerCsMethod, inv.recv), solver.varPointer(callerCsMethod, inv.lhs), null);
            }
            return;
        }
        if (separates && m.name().equals("newArray") && m.desc().equals("(Ljava/lang/Class;I)Ljava/lang/Object;")
                && program.typeName(m.declaringType()).equals("java/lang/reflect/Array")) {
            Invoke inv = solver.callSites().get(callSite);
            if (inv.args[0] >= 0 && inv.lhs >= 0) {
                int component = solver.varPointer(callerCsMethod, inv.args[0]);
                int lhs = solver.varPointer(callerCsMethod, inv.lhs);
                IntList pairs = newArrayResults.getOrMake(component);
                for (int i = 0; i < pairs.size(); i += 2) {
                    if (pairs.get(i) == lhs) {
                        return;
                    }
                }
                pairs.add(lhs);
                pairs.add(callerCsMethod);
                solver.watch(component);
                addArrays(lhs, callerCsMethod, solver.pointsTo(component).toSortedArray());
            }
            return;
        }
        if (m.name().equals("getComponentType") && m.desc().equals("()Ljava/lang/Class;")
                && program.typeName(m.declaringType()).equals("java/lang/Class")) {
            Invoke inv = solver.callSites().get(callSite);
            if (inv.recv >= 0 && inv.lhs >= 0) {
                int recv = solver.varPointer(callerCsMethod, inv.recv);
                int lhs = solver.varPointer(callerCsMethod, inv.lhs);
                IntList targets = componentResults.getOrMake(recv);
                if (!targets.contains(lhs)) {
                    targets.add(lhs);
                    solver.watch(recv);
                    addComponents(lhs, solver.pointsTo(recv).toSortedArray());
                }
            }
            return;
        }
        if (!m.name().equals("getClass") || !m.desc().equals("()Ljava/lang/Class;")
                || !program.typeName(m.declaringType()).equals("java/lang/Object")) {
            return;
        }
        Invoke inv = solver.callSites().get(callSite);
        if (inv.recv < 0 || inv.lhs < 0) {
            return;
        }
        int recv = solver.varPointer(callerCsMethod, inv.recv);
        int lhs = solver.varPointer(callerCsMethod, inv.lhs);
        IntList targets = getClassResults.getOrMake(recv);
        for (int i = 0; i < targets.size(); i++) {
            if (targets.get(i) == lhs) {
                return;
            }
        }
        targets.add(lhs);
        solver.watch(recv);
        addClassObjects(lhs, solver.pointsTo(recv).toSortedArray());
    }

    private void copyElements(int pointer, int[] objects) {
        int elem = program.arrayElement().id();
        IntList from = copyFrom.get(pointer);
        if (from != null) {
            for (int i = 0; i < from.size(); i++) {
                for (int o : objects) {
                    solver.addEdge(solver.fieldPointer(o, elem), from.get(i), null);
                }
            }
        }
        IntList to = copyTo.get(pointer);
        if (to != null) {
            for (int i = 0; i < to.size(); i++) {
                for (int o : objects) {
                    if (!separates || !solver.heap().isEmptyArray(solver.cs().siteOf(o))) {
                        solver.addEdge(to.get(i), solver.fieldPointer(o, elem), null);
                    }
                }
            }
        }
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        if (!copyFrom.isEmpty()) {
            copyElements(pointer, objects);
        }
        if (!newArrayResults.isEmpty()) {
            IntList pairs = newArrayResults.get(pointer);
            if (pairs != null) {
                for (int i = 0; i < pairs.size(); i += 2) {
                    addArrays(pairs.get(i), pairs.get(i + 1), objects);
                }
            }
        }
        if (!componentResults.isEmpty()) {
            IntList to = componentResults.get(pointer);
            if (to != null) {
                for (int i = 0; i < to.size(); i++) {
                    addComponents(to.get(i), objects);
                }
            }
        }
        if (getClassResults.isEmpty()) {
            return;
        }
        IntList targets = getClassResults.get(pointer);
        if (targets != null) {
            for (int i = 0; i < targets.size(); i++) {
                addClassObjects(targets.get(i), objects);
            }
        }
    }

    private void addClassObjects(int pointer, int[] objects) {
        int last = -1;
        for (int o : objects) {
            int type = solver.typeOfObject(o);
            if (type != last) { // objects of one site are adjacent and share the type
                solver.addPointsTo(pointer, classObjectOf(type));
                last = type;
            }
        }
    }

    /**
     * Arrays of the classes the class objects among {@code objects} stand for, made by a call of
     * {@code Array.newArray} in {@code callerCsm}: one abstract object per array type, with the heap
     * context a {@code new} in the caller would get.
     */
    private void addArrays(int pointer, int callerCsm, int[] objects) {
        JMethod caller = solver.methodOf(callerCsm);
        int ctx = solver.cs().contextOfMethod(callerCsm);
        for (int o : objects) {
            String c = solver.heap().classConstant(solver.cs().siteOf(o));
            if (c == null || c.equals("V") || c.startsWith("[".repeat(255))) { // void, or past the JVM's 255 dimensions
                continue;
            }
            String array = "[" + (c.startsWith("[") || c.length() == 1 ? c : "L" + c + ";");
            int type = program.type(array);
            int obj = solver.heap().abstractObject("native:newArray:" + array, type, caller,
                    "Array.newInstance " + org.jphantom.analysis.lang.Signatures.javaName(array));
            solver.addPointsTo(pointer, solver.csObject(solver.selector().heapContext(ctx, caller, obj), obj));
        }
    }

    /** The class objects of the component types of the array class objects among {@code objects}. */
    private void addComponents(int pointer, int[] objects) {
        for (int o : objects) {
            String c = solver.heap().classConstant(solver.cs().siteOf(o));
            if (c != null && c.startsWith("[")) {
                String component = c.substring(1);
                if (component.startsWith("L")) {
                    component = component.substring(1, component.length() - 1);
                }
                solver.addPointsTo(pointer, classObjectOf(program.type(component)));
            }
        }
    }

    /** The context-insensitive object {@code java.lang.Class} for {@code type}, cached per type. */
    private int classObjectOf(int type) {
        if (type >= classObjects.length) {
            classObjects = Arrays.copyOf(classObjects, Math.max(type + 1, classObjects.length * 2));
        }
        int o = classObjects[type] - 1;
        if (o < 0) {
            o = solver.csObject(0, solver.heap().classObject(program.typeName(type)));
            classObjects[type] = o + 1;
        }
        return o;
    }

    /** Lists of pointers keyed by pointer: looked up on every difference at a watched pointer. */
    private static final class PointerLists {
        private IntList[] lists = new IntList[0];
        private boolean empty = true;

        boolean isEmpty() {
            return empty;
        }

        IntList get(int pointer) {
            return pointer < lists.length ? lists[pointer] : null;
        }

        IntList getOrMake(int pointer) {
            if (pointer >= lists.length) {
                lists = Arrays.copyOf(lists, Math.max(pointer + 1, lists.length * 2));
            }
            IntList l = lists[pointer];
            if (l == null) {
                l = new IntList(2);
                lists[pointer] = l;
                empty = false;
            }
            return l;
        }
    }
}
