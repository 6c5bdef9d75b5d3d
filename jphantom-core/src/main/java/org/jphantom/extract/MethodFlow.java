package org.jphantom.extract;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * The finished frames of one method, indexed like its {@code InsnList}, computed the way the
 * JVM verifies the method:
 * <ul>
 * <li>Type checking (JVMS 4.10.1, class files 50+ whose code carries a StackMapTable, or needs
 * none): one linear pass. At each stack map frame the state becomes the frame's declared types,
 * exactly as the verifier does; {@link #in} holds the incoming state there (null when control
 * cannot fall through) and {@link #declared} the declared one.</li>
 * <li>Type inference (JVMS 4.10.2, older class files, JSR/RET): ASM's {@link Analyzer} runs to a
 * fixpoint with {@link TypeSetInterpreter}, merging type sets at join points.</li>
 * </ul>
 * {@code in[i]} is null for unreachable code.
 */
final class MethodFlow {
    final Frame<TypeValue>[] in;
    final Frame<TypeValue>[] declared;
    final Map<LabelNode, Frame<TypeValue>> labelFrames;
    final boolean typeChecked;

    private MethodFlow(Frame<TypeValue>[] in, Frame<TypeValue>[] declared,
                       Map<LabelNode, Frame<TypeValue>> labelFrames, boolean typeChecked) {
        this.in = in;
        this.declared = declared;
        this.labelFrames = labelFrames;
        this.typeChecked = typeChecked;
    }

    static MethodFlow compute(String owner, MethodNode m, int classVersion) throws AnalyzerException {
        TypeSetInterpreter interpreter = new TypeSetInterpreter();
        if (classVersion >= Opcodes.V1_6 && (hasFrames(m) || !needsFrames(m))) {
            return typeCheck(owner, m, interpreter);
        }
        Analyzer<TypeValue> analyzer = new Analyzer<>(interpreter);
        Frame<TypeValue>[] frames = analyzer.analyze(owner, m);
        return new MethodFlow(frames, null, Map.of(), false);
    }

    private static boolean hasFrames(MethodNode m) {
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getType() == AbstractInsnNode.FRAME) {
                return true;
            }
        }
        return false;
    }

    private static boolean needsFrames(MethodNode m) {
        if (!m.tryCatchBlocks.isEmpty()) {
            return true;
        }
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            int t = n.getType();
            if (t == AbstractInsnNode.JUMP_INSN || t == AbstractInsnNode.TABLESWITCH_INSN
                    || t == AbstractInsnNode.LOOKUPSWITCH_INSN) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings("unchecked")
    private static MethodFlow typeCheck(String owner, MethodNode m, TypeSetInterpreter interpreter)
            throws AnalyzerException {
        int n = m.instructions.size();
        Frame<TypeValue>[] in = (Frame<TypeValue>[]) new Frame<?>[n];
        Frame<TypeValue>[] declared = (Frame<TypeValue>[]) new Frame<?>[n];
        Map<LabelNode, Frame<TypeValue>> labelFrames = new HashMap<>();
        Frame<TypeValue> current = initial(owner, m);
        boolean reachable = true;
        int i = 0;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext(), i++) {
            int type = insn.getType();
            if (type == AbstractInsnNode.FRAME) {
                in[i] = reachable ? new Frame<>(current) : null;
                Frame<TypeValue> d = fromFrameNode(owner, m, (FrameNode) insn, current);
                declared[i] = d;
                for (AbstractInsnNode p = insn.getPrevious(); p != null && p.getOpcode() < 0; p = p.getPrevious()) {
                    if (p instanceof LabelNode l) {
                        labelFrames.put(l, d);
                    }
                }
                current = new Frame<>(d);
                reachable = true;
                continue;
            }
            if (!reachable) {
                continue;
            }
            in[i] = new Frame<>(current);
            if (insn.getOpcode() < 0) {
                continue;
            }
            current.execute(insn, interpreter);
            switch (insn.getOpcode()) {
                case Opcodes.GOTO, Opcodes.ATHROW, Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH, Opcodes.RET,
                     Opcodes.IRETURN, Opcodes.LRETURN, Opcodes.FRETURN, Opcodes.DRETURN, Opcodes.ARETURN,
                     Opcodes.RETURN -> reachable = false;
                default -> { }
            }
        }
        return new MethodFlow(in, declared, labelFrames, true);
    }

    private static Frame<TypeValue> initial(String owner, MethodNode m) {
        Frame<TypeValue> f = new Frame<>(Math.max(m.maxLocals, 1), Math.max(m.maxStack, 1));
        Type returnType = Type.getReturnType(m.desc);
        f.setReturn(TypeValue.of(returnType));
        int local = 0;
        if ((m.access & Opcodes.ACC_STATIC) == 0) {
            f.setLocal(local++, TypeValue.reference(owner));
        }
        for (Type t : Type.getArgumentTypes(m.desc)) {
            if (local >= f.getLocals()) {
                break;
            }
            f.setLocal(local++, TypeValue.of(t));
            if (t.getSize() == 2 && local < f.getLocals()) {
                f.setLocal(local++, TypeValue.TOP);
            }
        }
        while (local < f.getLocals()) {
            f.setLocal(local++, TypeValue.TOP);
        }
        return f;
    }

    private static Frame<TypeValue> fromFrameNode(String owner, MethodNode m, FrameNode fn, Frame<TypeValue> shape) {
        Frame<TypeValue> f = new Frame<>(shape);
        int local = 0;
        List<Object> locals = fn.local == null ? List.of() : fn.local;
        for (Object o : locals) {
            if (local >= f.getLocals()) {
                break;
            }
            TypeValue v = frameValue(owner, o);
            f.setLocal(local++, v);
            if (v.getSize() == 2 && local < f.getLocals()) {
                f.setLocal(local++, TypeValue.TOP);
            }
        }
        while (local < f.getLocals()) {
            f.setLocal(local++, TypeValue.TOP);
        }
        f.clearStack();
        if (fn.stack != null) {
            for (Object o : fn.stack) {
                f.push(frameValue(owner, o));
            }
        }
        return f;
    }

    private static TypeValue frameValue(String owner, Object o) {
        if (o instanceof String s) {
            return TypeValue.reference(s);
        }
        if (o instanceof LabelNode label) {
            for (AbstractInsnNode n = label; n != null; n = n.getNext()) {
                if (n.getOpcode() == Opcodes.NEW) {
                    return TypeValue.reference(((TypeInsnNode) n).desc);
                }
                if (n.getOpcode() >= 0) {
                    break;
                }
            }
            return TypeValue.TOP;
        }
        int tag = (Integer) o;
        if (tag == Opcodes.TOP) {
            return TypeValue.TOP;
        } else if (tag == Opcodes.INTEGER) {
            return TypeValue.INT;
        } else if (tag == Opcodes.FLOAT) {
            return TypeValue.FLOAT;
        } else if (tag == Opcodes.LONG) {
            return TypeValue.LONG;
        } else if (tag == Opcodes.DOUBLE) {
            return TypeValue.DOUBLE;
        } else if (tag == Opcodes.NULL) {
            return TypeValue.NULL;
        }
        return TypeValue.reference(owner); // UNINITIALIZED_THIS
    }
}
