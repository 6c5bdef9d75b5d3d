package org.jphantom.discover;

import java.util.function.Supplier;
import org.jphantom.model.Origin;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Where a reference of a method is read: the method, and the instruction (or -1) with the words
 * {@link Origin#what()} gives it. Most references repeat what {@link Discovery} already has, so
 * the {@link Origin} (and its strings) is built only when asked, once per position. One site
 * moves over a method's instructions ({@link #at(int, AbstractInsnNode)}); whoever keeps the
 * Origin keeps the built record, never the site.
 */
final class UseSite implements Supplier<Origin> {
    private final String owner;
    private final MethodNode method;
    private int index;
    private AbstractInsnNode insn;
    private String what;
    private Origin built;
    /** The method's name and descriptor, spelled once for all the Origins of this site. */
    private String methodText;

    UseSite(String owner, MethodNode method) {
        this.owner = owner;
        this.method = method;
    }

    /** This site at a position that is not an instruction's own reference, with fixed words. */
    UseSite at(int index, String what) {
        this.index = index;
        this.insn = null;
        this.what = what;
        this.built = null;
        return this;
    }

    /** This site at instruction {@code insn}, number {@code index} of the method. */
    UseSite at(int index, AbstractInsnNode insn) {
        this.index = index;
        this.insn = insn;
        this.what = null;
        this.built = null;
        return this;
    }

    @Override
    public Origin get() {
        if (built == null) {
            if (methodText == null) {
                methodText = method.name + method.desc;
            }
            built = new Origin(owner, methodText, index, what != null ? what : describe(insn));
        }
        return built;
    }

    private static String describe(AbstractInsnNode insn) {
        switch (insn.getType()) {
            case AbstractInsnNode.FIELD_INSN: {
                FieldInsnNode f = (FieldInsnNode) insn;
                return Names.opcode(f.getOpcode()) + " " + f.owner + "." + f.name;
            }
            case AbstractInsnNode.METHOD_INSN: {
                MethodInsnNode mi = (MethodInsnNode) insn;
                return Names.opcode(mi.getOpcode()) + " " + mi.owner + "." + mi.name + mi.desc;
            }
            case AbstractInsnNode.TYPE_INSN:
                return Names.opcode(insn.getOpcode()) + " " + ((TypeInsnNode) insn).desc;
            case AbstractInsnNode.MULTIANEWARRAY_INSN:
                return "multianewarray " + ((MultiANewArrayInsnNode) insn).desc;
            case AbstractInsnNode.LDC_INSN:
                return "ldc";
            case AbstractInsnNode.INVOKE_DYNAMIC_INSN: {
                InvokeDynamicInsnNode indy = (InvokeDynamicInsnNode) insn;
                return "invokedynamic " + indy.name + indy.desc;
            }
            case AbstractInsnNode.FRAME:
                return "StackMapTable frame";
            default:
                throw new IllegalStateException("no reference in instruction type " + insn.getType());
        }
    }
}
