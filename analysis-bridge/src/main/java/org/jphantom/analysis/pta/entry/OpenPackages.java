package org.jphantom.analysis.pta.entry;

import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;

/**
 * Open packages: a client may declare classes in the library's packages, so it sees every type and
 * every member that is not private.
 */
final class OpenPackages implements ClientView {
    private final Program program;

    OpenPackages(Program program) {
        this.program = program;
    }

    @Override
    public Program program() {
        return program;
    }

    @Override
    public boolean canCall(JMethod m) {
        return !m.isPrivate();
    }

    @Override
    public boolean canExtend(int type) {
        ClassInfo info = program.info(type);
        if (info == null || info.isFinal() || info.isSealed()) {
            return false;
        }
        if (info.isInterface()) {
            return true;
        }
        for (MemberInfo c : info.methodsNamed("<init>")) {
            if (!c.isPrivate()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean canOverride(int type, JMethod m) {
        return !m.isStatic() && !m.isPrivate() && (m.access() & Opcodes.ACC_FINAL) == 0 && !m.name().equals("<init>")
                && (program.isSynthetic(type) || canExtend(type));
    }

    @Override
    public boolean canWrite(int owner, MemberInfo field) {
        return !field.isFinal() && !field.isPrivate();
    }
}
