package org.jphantom.analysis.lang;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.util.LongIntMap;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.Opcodes;

/**
 * JVMS 5.4.6 method selection over a {@link Program}'s types: the method an {@code invokevirtual}
 * or {@code invokeinterface} of a resolved method runs on an object of a given type, searching the
 * receiver's class and its super classes (package-private methods override only within their
 * package), then the maximally-specific superinterface methods, of which exactly one must be
 * non-abstract. Answers are cached per (receiver type, resolved method).
 */
final class MethodSelection {
    private final Program program;
    private final LongIntMap cache = new LongIntMap(1 << 12);

    MethodSelection(Program program) {
        this.program = program;
    }

    /** The selected method, or null if none is (abstract, missing, or ambiguous defaults). */
    JMethod dispatch(int receiverType, JMethod method) {
        long key = LongIntMap.key(receiverType, method.id());
        int cached = cache.get(key);
        if (cached >= 0) {
            return cached == 0 ? null : program.method(cached - 1);
        }
        JMethod m = select(receiverType, method);
        cache.put(key, m == null ? 0 : m.id() + 1);
        return m;
    }

    private JMethod select(int receiverType, JMethod resolvedMethod) {
        if (resolvedMethod.isPrivate() || resolvedMethod.isStatic()) {
            return resolvedMethod.isStatic() ? null : resolvedMethod;
        }
        String name = resolvedMethod.name();
        String desc = resolvedMethod.desc();
        boolean packagePrivate = (resolvedMethod.access()
                & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) == 0;
        String resolvedPackage = ClassWorld.packageOf(program.typeName(resolvedMethod.declaringType()));
        int start = program.isArray(receiverType) ? program.type(Program.OBJECT) : receiverType;
        for (int c = start; c >= 0; c = program.superClass(c)) {
            JMethod m = program.declared(c, name, desc);
            if (m == null || m.isStatic() || (m.isPrivate() && m != resolvedMethod)) {
                continue;
            }
            if (packagePrivate && m != resolvedMethod
                    && !ClassWorld.packageOf(program.typeName(c)).equals(resolvedPackage)) {
                continue;
            }
            return m.isAbstract() ? null : m;
        }
        return maximallySpecificDefault(start, name, desc);
    }

    private JMethod maximallySpecificDefault(int type, String name, String desc) {
        List<JMethod> candidates = new ArrayList<>();
        for (int s : program.supersOf(type)) {
            if (!program.isInterface(s)) {
                continue;
            }
            JMethod m = program.declared(s, name, desc);
            if (m != null && !m.isStatic() && !m.isPrivate()) {
                candidates.add(m);
            }
        }
        JMethod chosen = null;
        for (JMethod m : candidates) {
            boolean maximal = true;
            for (JMethod other : candidates) {
                if (other != m && program.isSubtype(other.declaringType(), m.declaringType())) {
                    maximal = false;
                    break;
                }
            }
            if (maximal && !m.isAbstract()) {
                if (chosen != null) {
                    return null; // ambiguous: IncompatibleClassChangeError at run time
                }
                chosen = m;
            }
        }
        return chosen;
    }
}
