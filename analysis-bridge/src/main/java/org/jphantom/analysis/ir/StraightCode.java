package org.jphantom.analysis.ir;

import java.util.IdentityHashMap;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Which instructions of one method run straight after one another: an instruction is entered only
 * from the one before it unless a label in between is the target of a jump, a switch or an
 * exception handler. Pattern matchers walk back over straight code; a guard's region starts where
 * only its branch leads.
 */
final class StraightCode {
    /** How many jumps, switch cases and handlers name each label. */
    private final Map<LabelNode, Integer> references = new IdentityHashMap<>();

    StraightCode(InsnList insns, Iterable<TryCatchBlockNode> handlers) {
        for (AbstractInsnNode insn = insns.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof JumpInsnNode j) {
                reference(j.label);
            } else if (insn instanceof TableSwitchInsnNode t) {
                reference(t.dflt);
                t.labels.forEach(this::reference);
            } else if (insn instanceof LookupSwitchInsnNode l) {
                reference(l.dflt);
                l.labels.forEach(this::reference);
            }
        }
        for (TryCatchBlockNode h : handlers) {
            reference(h.handler);
            reference(h.handler); // a handler is entered from every instruction it covers
        }
    }

    private void reference(LabelNode label) {
        references.merge(label, 1, Integer::sum);
    }

    /**
     * The instruction that runs right before {@code insn} and is the only way into it, or null (the
     * method's first instruction, or a label in between that something else leads to).
     */
    AbstractInsnNode previous(AbstractInsnNode insn) {
        for (AbstractInsnNode p = insn.getPrevious(); p != null; p = p.getPrevious()) {
            if (p instanceof LabelNode l) {
                if (references.containsKey(l)) {
                    return null;
                }
            } else if (p.getOpcode() >= 0) {
                return fallsThrough(p) ? p : null;
            }
        }
        return null;
    }

    /**
     * The first instruction of the code only {@code branch}'s {@code jumping} side enters (its
     * target, or what follows it), or null when other paths enter that code too.
     */
    AbstractInsnNode entered(JumpInsnNode branch, boolean jumping) {
        AbstractInsnNode p;
        if (jumping) {
            if (references.getOrDefault(branch.label, 0) != 1) {
                return null;
            }
            AbstractInsnNode before = branch.label.getPrevious();
            while (before != null && before.getOpcode() < 0 && !(before instanceof LabelNode l && references.containsKey(l))) {
                before = before.getPrevious();
            }
            if (before == null || before.getOpcode() < 0 || fallsThrough(before)) {
                return null; // the method's entry, or the code before the label, runs into it too
            }
            p = branch.label.getNext();
        } else {
            p = branch.getNext();
        }
        for (; p != null; p = p.getNext()) {
            if (p instanceof LabelNode l) {
                if (references.containsKey(l)) {
                    return null;
                }
            } else if (p.getOpcode() >= 0) {
                return p;
            }
        }
        return null;
    }

    /** Whether the instruction after {@code insn} may run next ({@code jsr} returns there). */
    private static boolean fallsThrough(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        return switch (op) {
            case Opcodes.GOTO, Opcodes.RET, Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH, Opcodes.ATHROW,
                 Opcodes.IRETURN, Opcodes.LRETURN, Opcodes.FRETURN, Opcodes.DRETURN, Opcodes.ARETURN,
                 Opcodes.RETURN -> false;
            default -> true;
        };
    }
}
