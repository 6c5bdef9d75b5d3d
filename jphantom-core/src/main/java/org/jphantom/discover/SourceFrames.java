package org.jphantom.discover;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The frames of ASM's {@code Analyzer} with a {@link SourceInterpreter} (which instructions
 * produced each local and stack value before each instruction), computed with the same edges and
 * the same transfer but visiting pending instructions in code order. ASM's analyzer takes them
 * last in, first out: where long code lies inside exception handlers (each instruction merges its
 * frames into each handler), a handler's frame changes again and again and its code is analysed
 * again each time, which made one class initializer of 1,400 instructions cost seconds. The
 * analysis is a least fixpoint of monotone unions, so the order changes nothing in the frames:
 * {@code SourceFramesTest} compares both on real code. A method with subroutines ({@code jsr})
 * is left to ASM's analyzer.
 */
final class SourceFrames {
    private SourceFrames() {
    }

    /** The frame before each instruction of {@code m} (null where unreachable), as ASM's analyzer gives them. */
    static Frame<SourceValue>[] analyze(String owner, MethodNode m) throws AnalyzerException {
        if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || hasSubroutines(m.instructions)) {
            return new Analyzer<>(new SourceInterpreter()).analyze(owner, m);
        }
        return new Run(owner, m).frames();
    }

    private static boolean hasSubroutines(InsnList insns) {
        for (AbstractInsnNode insn = insns.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn.getOpcode() == Opcodes.JSR || insn.getOpcode() == Opcodes.RET) {
                return true;
            }
        }
        return false;
    }

    /** One analysis. */
    private static final class Run {
        private final SourceInterpreter interpreter = new SourceInterpreter();
        private final InsnList insns;
        private final int size;
        private final List<TryCatchBlockNode>[] handlers;
        private final Frame<SourceValue>[] frames;
        private final BitSet pending = new BitSet();

        @SuppressWarnings("unchecked")
        Run(String owner, MethodNode m) throws AnalyzerException {
            insns = m.instructions;
            size = insns.size();
            handlers = (List<TryCatchBlockNode>[]) new List<?>[size];
            frames = (Frame<SourceValue>[]) new Frame<?>[size];
            for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
                for (int i = insns.indexOf(tcb.start), end = insns.indexOf(tcb.end); i < end; i++) {
                    if (handlers[i] == null) {
                        handlers[i] = new ArrayList<>();
                    }
                    handlers[i].add(tcb);
                }
            }
            try {
                merge(0, initial(owner, m));
            } catch (RuntimeException e) {
                throw new AnalyzerException(insns.get(0), "Error at instruction 0: " + e.getMessage(), e);
            }
        }

        Frame<SourceValue>[] frames() throws AnalyzerException {
            Frame<SourceValue> current = new Frame<>(frames[0]);
            Frame<SourceValue> handler = new Frame<>(frames[0]);
            for (int i = pending.nextSetBit(0); i >= 0; i = next(i)) {
                pending.clear(i);
                Frame<SourceValue> before = frames[i];
                AbstractInsnNode insn = insns.get(i);
                try {
                    int type = insn.getType();
                    current.init(before);
                    if (type == AbstractInsnNode.LABEL || type == AbstractInsnNode.LINE || type == AbstractInsnNode.FRAME) {
                        merge(i + 1, before);
                    } else {
                        current.execute(insn, interpreter);
                        successors(i, insn, current);
                    }
                    if (handlers[i] != null) {
                        for (TryCatchBlockNode tcb : handlers[i]) {
                            Type catchType = Type.getObjectType(tcb.type == null ? "java/lang/Throwable" : tcb.type);
                            int target = insns.indexOf(tcb.handler);
                            handler.init(before).clearStack();
                            SourceValue exception = interpreter.newExceptionValue(tcb, handler, catchType);
                            handler.push(exception);
                            merge(target, handler);
                            handler.init(current).clearStack();
                            handler.push(exception);
                            merge(target, handler);
                        }
                    }
                } catch (AnalyzerException e) {
                    throw new AnalyzerException(e.node, "Error at instruction " + i + ": " + e.getMessage(), e);
                } catch (RuntimeException e) {
                    throw new AnalyzerException(insn, "Error at instruction " + i + ": " + e.getMessage(), e);
                }
            }
            return frames;
        }

        /** The next pending instruction from {@code i} on, else the first pending one (a new sweep). */
        private int next(int i) {
            int n = pending.nextSetBit(i);
            return n >= 0 ? n : pending.nextSetBit(0);
        }

        private void successors(int i, AbstractInsnNode insn, Frame<SourceValue> after) throws AnalyzerException {
            int opcode = insn.getOpcode();
            if (insn instanceof JumpInsnNode jump) {
                if (opcode != Opcodes.GOTO) {
                    merge(i + 1, after);
                }
                merge(insns.indexOf(jump.label), after);
            } else if (insn instanceof LookupSwitchInsnNode ls) {
                merge(insns.indexOf(ls.dflt), after);
                for (LabelNode l : ls.labels) {
                    merge(insns.indexOf(l), after);
                }
            } else if (insn instanceof TableSwitchInsnNode ts) {
                merge(insns.indexOf(ts.dflt), after);
                for (LabelNode l : ts.labels) {
                    merge(insns.indexOf(l), after);
                }
            } else if (opcode != Opcodes.ATHROW && (opcode < Opcodes.IRETURN || opcode > Opcodes.RETURN)) {
                merge(i + 1, after);
            }
        }

        private void merge(int i, Frame<SourceValue> frame) throws AnalyzerException {
            boolean changed;
            if (frames[i] == null) {
                frames[i] = new Frame<>(frame);
                changed = true;
            } else {
                changed = frames[i].merge(frame, interpreter);
            }
            if (changed) {
                pending.set(i);
            }
        }

        /** The frame on entry, as ASM's analyzer makes it. */
        private Frame<SourceValue> initial(String owner, MethodNode m) {
            Frame<SourceValue> f = new Frame<>(m.maxLocals, m.maxStack);
            int local = 0;
            boolean instance = (m.access & Opcodes.ACC_STATIC) == 0;
            if (instance) {
                f.setLocal(local, interpreter.newParameterValue(true, local, Type.getObjectType(owner)));
                local++;
            }
            for (Type t : Type.getArgumentTypes(m.desc)) {
                f.setLocal(local, interpreter.newParameterValue(instance, local, t));
                local++;
                if (t.getSize() == 2) {
                    f.setLocal(local, interpreter.newEmptyValue(local));
                    local++;
                }
            }
            while (local < m.maxLocals) {
                f.setLocal(local, interpreter.newEmptyValue(local));
                local++;
            }
            f.setReturn(interpreter.newReturnTypeValue(Type.getReturnType(m.desc)));
            return f;
        }
    }
}
