package org.jphantom.discover;

import java.util.List;
import java.util.Map;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Bridge methods of a class whose signature gives phantom supertypes type arguments: the bridge
 * has the phantom method's erased descriptor, the method it calls the specialised one. Evidence
 * for the generic signatures of phantom methods ({@link MemberSignatures#bridge}).
 */
final class BridgeMethods {
    private final ClassWorld world;
    private final MemberSignatures signatures;

    BridgeMethods(ClassWorld world, MemberSignatures signatures) {
        this.world = world;
        this.signatures = signatures;
    }

    /** Records the bridges of {@code cn}. */
    void scan(ClassNode cn) {
        if (cn.signature == null) {
            return;
        }
        Map<String, List<String>> supers = null;
        for (MethodNode m : cn.methods) {
            if ((m.access & Opcodes.ACC_BRIDGE) == 0 || (m.access & Opcodes.ACC_STATIC) != 0) {
                continue;
            }
            if (supers == null) {
                supers = SupertypeArguments.ofUnknown(cn.signature, world::isKnown);
            }
            MethodInsnNode target = null;
            for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                if (insn instanceof MethodInsnNode mi && mi.owner.equals(cn.name) && mi.name.equals(m.name)
                        && !mi.desc.equals(m.desc)) {
                    target = mi;
                }
            }
            if (target != null) {
                for (Map.Entry<String, List<String>> e : supers.entrySet()) {
                    signatures.bridge(e.getKey(), m.name, m.desc, target.desc, e.getValue());
                }
            }
        }
    }
}
