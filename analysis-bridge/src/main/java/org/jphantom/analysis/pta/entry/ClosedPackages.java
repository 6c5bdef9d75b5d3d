package org.jphantom.analysis.pta.entry;

import java.util.ArrayDeque;
import java.util.BitSet;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;

/**
 * Closed packages: a client lives in packages of its own, so it sees the public types, calls their
 * public members and, in the types it can extend, their protected ones. A public method that a
 * package-private class declares is still callable when a public subtype inherits it, and an
 * instance method of any class is when it overrides a method of a public supertype (the client
 * calls it through that type on an object the library handed out).
 */
final class ClosedPackages implements ClientView {
    private final Program program;
    private int[] library;

    ClosedPackages(Program program) {
        this.program = program;
    }

    @Override
    public Program program() {
        return program;
    }

    private boolean isPublic(int type) {
        ClassInfo info = program.info(type);
        return info != null && info.isPublic();
    }

    private static boolean is(int access, int flag) {
        return (access & flag) != 0;
    }

    @Override
    public boolean canCall(JMethod m) {
        if (m.name().equals("<clinit>")) {
            return true;
        }
        boolean pub = is(m.access(), Opcodes.ACC_PUBLIC);
        boolean prot = is(m.access(), Opcodes.ACC_PROTECTED);
        if (!pub && !prot) {
            return false;
        }
        int c = m.declaringType();
        if (m.name().equals("<init>")) {
            return isPublic(c) && (pub || canExtend(c));
        }
        if (exposes(c, m, prot) || !m.isStatic() && overridesVisible(c, m)) {
            return true;
        }
        if (library == null) {
            library = LibraryClasses.of(program);
        }
        for (int p : library) {
            if (p != c && program.isSubtype(p, c) && exposes(p, m, prot)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a client reaches {@code m} through public type {@code p}: {@code p.m} means {@code m}. */
    private boolean exposes(int p, JMethod m, boolean prot) {
        if (!isPublic(p) || (prot && !canExtend(p))) {
            return false;
        }
        if (m.isStatic()) {
            return program.resolveMethod(program.typeName(p), m.name(), m.desc(), program.isInterface(p)) == m;
        }
        return program.dispatch(p, m) == m || program.isAbstractOrInterface(p)
                && program.resolveMethod(program.typeName(p), m.name(), m.desc(), program.isInterface(p)) == m;
    }

    /**
     * Whether {@code m} overrides a public or protected method of a public proper supertype of
     * {@code c}: a client holding an object of a class it cannot name (a private iterator, a
     * package-private implementation) calls it through that supertype.
     */
    private boolean overridesVisible(int c, JMethod m) {
        ArrayDeque<Integer> work = new ArrayDeque<>();
        BitSet seen = new BitSet();
        work.add(c);
        while (!work.isEmpty()) {
            int t = work.poll();
            ClassInfo info = program.info(t);
            if (info == null || seen.get(t)) {
                continue;
            }
            seen.set(t);
            if (t != c && info.isPublic()) {
                MemberInfo sup = info.method(m.name(), m.desc());
                if (sup != null && !sup.isStatic() && is(sup.access(), Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) {
                    return true;
                }
            }
            if (info.superName() != null) {
                work.add(program.type(info.superName()));
            }
            for (String i : info.interfaces()) {
                work.add(program.type(i));
            }
        }
        return false;
    }

    @Override
    public boolean canExtend(int type) {
        ClassInfo info = program.info(type);
        if (info == null || !info.isPublic() || info.isFinal() || info.isSealed()) {
            return false;
        }
        if (info.isInterface()) {
            return true;
        }
        for (MemberInfo c : info.methodsNamed("<init>")) {
            if (is(c.access(), Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean canOverride(int type, JMethod m) {
        return !m.isStatic() && (m.access() & Opcodes.ACC_FINAL) == 0 && !m.name().equals("<init>")
                && is(m.access(), Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)
                && (program.isSynthetic(type) || canExtend(type));
    }

    @Override
    public boolean canWrite(int owner, MemberInfo field) {
        if (field.isFinal() || !isPublic(owner)) {
            return false;
        }
        return is(field.access(), Opcodes.ACC_PUBLIC) || is(field.access(), Opcodes.ACC_PROTECTED) && canExtend(owner);
    }
}
