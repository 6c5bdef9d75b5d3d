package org.jphantom.analysis.pta.plugin;

import org.jphantom.analysis.ir.Copy;
import org.jphantom.analysis.ir.FieldAccess;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.analysis.util.LongIntMap;
import org.objectweb.asm.Opcodes;

/**
 * Summaries of the native methods that move references, as small IR bodies, and the calls the JVM
 * makes on a program's behalf:
 * <ul>
 *   <li>{@code System.arraycopy(src, _, dst, _, _)}: {@code dst[*] = src[*]};
 *   <li>{@code Object.clone()}: returns the receiver's own abstract object (fields shared, which is
 *       sound for a flow-insensitive analysis);
 *   <li>{@code Object.getClass()}: the class object of each receiver's type;
 *   <li>{@code Throwable.fillInStackTrace(int)}, {@code String.intern()}: return the receiver;
 *   <li>{@code reflect.Array.newArray}/{@code multiNewArray}: an abstract {@code Object[]};
 *   <li>{@code Thread.start0()} (what {@code Thread.start()} calls): {@code this.run()};
 *   <li>{@code AccessController.doPrivileged(action, ...)} when it has no bytecode (JDK 8's is
 *       native; JDK 17's is ordinary code and analysed as such): {@code return action.run()}.
 * </ul>
 */
public final class NativeModel implements Plugin {
    private Solver solver;
    private Program program;
    private final LongIntMap getClassThis = new LongIntMap(64);

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.program = solver.program();
    }

    @Override
    public MethodIR body(JMethod m) {
        String owner = program.typeName(m.declaringType());
        String key = m.name() + m.desc();
        switch (owner) {
            case "java/lang/System":
                if (key.equals("arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V")) {
                    MethodIR.Builder b = new MethodIR.Builder(m);
                    int t = b.newVar();
                    b.add(new FieldAccess(Stmt.LOAD_ARRAY, b.paramVar(0), program.arrayElement(), t, 0));
                    b.add(new FieldAccess(Stmt.STORE_ARRAY, b.paramVar(2), program.arrayElement(), t, 0));
                    return b.build();
                }
                return null;
            case "java/lang/Object":
                if (key.equals("clone()Ljava/lang/Object;")) {
                    return returnThis(m);
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
                    b.add(new New(t, program.type("[Ljava/lang/Object;"), New.Kind.ABSTRACT, null, 0));
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

    private static MethodIR returnThis(JMethod m) {
        MethodIR.Builder b = new MethodIR.Builder(m);
        b.add(new Copy(b.retVar(), b.thisVar(), null, Copy.Role.RETURN, 0));
        return b.build();
    }

    @Override
    public void onNewCSMethod(int csMethod) {
        JMethod m = solver.methodOf(csMethod);
        if (m.name().equals("getClass") && m.desc().equals("()Ljava/lang/Class;")
                && program.typeName(m.declaringType()).equals("java/lang/Object")) {
            MethodIR ir = m.ir();
            int thisPtr = solver.varPointer(csMethod, ir.thisVar);
            getClassThis.put(thisPtr, solver.varPointer(csMethod, ir.retVar));
        }
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        if (getClassThis.size() == 0) {
            return;
        }
        int ret = getClassThis.get(pointer);
        if (ret < 0) {
            return;
        }
        for (int o : objects) {
            int site = solver.heap().classObject(program.typeName(solver.typeOfObject(o)));
            solver.addPointsTo(ret, solver.csObject(0, site));
        }
    }
}
