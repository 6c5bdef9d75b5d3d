package org.jphantom.analysis.lang;

import java.util.IdentityHashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * A method's bytecode as ASM's tree, with the bytecode offset (JVMS {@code pc}) of each call
 * instruction, which the tree itself does not keep: call sites are named by it in the JCG format
 * and in explanations. Read through {@link OffsetReader}, which reports each instruction's offset
 * before ASM visits the instruction.
 */
public final class CodeNode extends MethodNode {
    private final OffsetReader reader;
    private final Map<AbstractInsnNode, Integer> offsets = new IdentityHashMap<>();

    CodeNode(OffsetReader reader, int access, String name, String desc, String signature, String[] exceptions) {
        super(Opcodes.ASM9, access, name, desc, signature, exceptions);
        this.reader = reader;
    }

    /** The bytecode offset of call instruction {@code insn} of this method, -1 if it is not one. */
    public int offsetOf(AbstractInsnNode insn) {
        Integer o = offsets.get(insn);
        return o == null ? -1 : o;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        offsets.put(instructions.getLast(), reader.offset);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, org.objectweb.asm.Handle bsm, Object... args) {
        super.visitInvokeDynamicInsn(name, descriptor, bsm, args);
        offsets.put(instructions.getLast(), reader.offset);
    }

    /** A class reader that remembers the offset of the instruction it is about to visit. */
    static final class OffsetReader extends ClassReader {
        int offset = -1;

        OffsetReader(byte[] bytes) {
            super(bytes);
        }

        @Override
        protected void readBytecodeInstructionOffset(int bytecodeOffset) {
            offset = bytecodeOffset;
        }
    }
}
