package org.jphantom.analysis.ir;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The guards of one method: each branch on a test of a local ({@link Predicates}) whose true side
 * is entered only through that branch. There the local is given a new definition, fed from the
 * tested value through the test's {@link Guard}, so the code the branch guards sees only objects
 * the test may be true for.
 */
final class GuardSites {
    /**
     * A guard: the code from {@code start} on is entered only when the test of local {@code slot}
     * that ends at {@code branch} was true; {@code def} is the local's new definition there.
     */
    record Site(AbstractInsnNode branch, AbstractInsnNode start, int slot, Guard guard, int def) {
    }

    private GuardSites() {
    }

    /** The method's guards, their definitions numbered from {@code firstDef}; empty for most methods. */
    static List<Site> find(MethodNode node, Predicates predicates, int firstDef) {
        List<Site> sites = null;
        StraightCode code = null;
        for (AbstractInsnNode insn = node.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            int op = insn.getOpcode();
            if (op != Opcodes.IFEQ && op != Opcodes.IFNE && op != Opcodes.IFNULL && op != Opcodes.IFNONNULL) {
                continue;
            }
            if (!candidate(insn)) {
                continue;
            }
            if (code == null) {
                code = new StraightCode(node.instructions, node.tryCatchBlocks);
            }
            JumpInsnNode branch = (JumpInsnNode) insn;
            Predicates.Tested test;
            boolean trueJumps;
            if (op == Opcodes.IFEQ || op == Opcodes.IFNE) {
                AbstractInsnNode p = code.previous(branch);
                test = p instanceof MethodInsnNode call ? predicates.booleanTest(call, code) : null;
                trueJumps = op == Opcodes.IFNE;
            } else {
                test = predicates.nullTest(branch, code);
                trueJumps = op == Opcodes.IFNONNULL;
            }
            AbstractInsnNode start = test == null ? null : code.entered(branch, trueJumps);
            if (start != null) {
                if (sites == null) {
                    sites = new ArrayList<>(2);
                }
                sites.add(new Site(branch, start, test.slot(), test.guard(), firstDef + sites.size()));
            }
        }
        return sites == null ? List.of() : sites;
    }

    /** Whether the real instruction before {@code branch} may end a test: a call, a load or a cast. */
    private static boolean candidate(AbstractInsnNode branch) {
        AbstractInsnNode p = branch.getPrevious();
        while (p != null && p.getOpcode() < 0) {
            p = p.getPrevious();
        }
        if (p instanceof MethodInsnNode) {
            return true;
        }
        boolean nullCheck = branch.getOpcode() == Opcodes.IFNULL || branch.getOpcode() == Opcodes.IFNONNULL;
        return nullCheck && p != null && (p.getOpcode() == Opcodes.ALOAD || p.getOpcode() == Opcodes.CHECKCAST);
    }
}
