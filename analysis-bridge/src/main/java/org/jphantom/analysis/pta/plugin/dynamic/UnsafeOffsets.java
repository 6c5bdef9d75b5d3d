package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The field an {@code Unsafe} offset names, read off the bytecode: the offset argument of an
 * accessor call comes (directly, through a local, or through a static field that the owner's
 * {@code <clinit>} sets) from {@code objectFieldOffset(X.class.getDeclaredField("f"))} with a class
 * constant and a string constant, the idiom of programs that use {@code Unsafe}. Any other offset
 * (computed, from a {@code Field} the method got elsewhere, a value with several sources) names no
 * field: then every reference field is a candidate. Results are cached per call.
 */
final class UnsafeOffsets {
    private static final String OFFSET = "objectFieldOffset";
    private final Program program;
    private final Map<String, JField> cache = new HashMap<>();

    UnsafeOffsets(Program program) {
        this.program = program;
    }

    /**
     * The field named by the offset, argument {@code argIndex} (0-based, of the descriptor) of the
     * call numbered {@code ordinal} in {@code caller}, or null.
     */
    JField fieldOf(JMethod caller, int ordinal, int argIndex) {
        String key = caller.id() + ":" + ordinal + ":" + argIndex;
        if (cache.containsKey(key)) {
            return cache.get(key);
        }
        JField f = resolve(caller, ordinal, argIndex);
        cache.put(key, f);
        return f;
    }

    private JField resolve(JMethod caller, int ordinal, int argIndex) {
        Analysed a = analyse(caller);
        if (a == null) {
            return null;
        }
        int k = -1;
        for (int i = 0; i < a.node.instructions.size(); i++) {
            AbstractInsnNode insn = a.node.instructions.get(i);
            if (insn instanceof MethodInsnNode mi && a.frames[i] != null && ++k == ordinal) {
                int n = Type.getArgumentTypes(mi.desc).length;
                return fieldFrom(a, a.frames[i].getStack(a.frames[i].getStackSize() - n + argIndex), 0);
            }
        }
        return null;
    }

    /** The field of an offset value with the sources {@code v}, following locals and static fields. */
    private JField fieldFrom(Analysed a, SourceValue v, int depth) {
        AbstractInsnNode src = single(v.insns);
        if (src == null || depth > 8) {
            return null;
        }
        if (src instanceof MethodInsnNode mi && mi.name.equals(OFFSET) && mi.desc.equals("(Ljava/lang/reflect/Field;)J")) {
            Frame<SourceValue> f = a.frameOf(src);
            return f == null ? null : declaredField(a, f.getStack(f.getStackSize() - 1));
        }
        if (src instanceof VarInsnNode load && load.getOpcode() == Opcodes.LLOAD) {
            Frame<SourceValue> f = a.frameOf(src);
            AbstractInsnNode store = f == null ? null : single(f.getLocal(load.var).insns);
            Frame<SourceValue> sf = store == null ? null : a.frameOf(store);
            return sf == null || store.getOpcode() != Opcodes.LSTORE ? null
                    : fieldFrom(a, sf.getStack(sf.getStackSize() - 1), depth + 1);
        }
        if (src instanceof FieldInsnNode get && get.getOpcode() == Opcodes.GETSTATIC && get.desc.equals("J")) {
            return staticOffset(get.owner, get.name, depth);
        }
        return null;
    }

    /** The field named by the offset that {@code owner}'s {@code <clinit>} stores into static {@code name}. */
    private JField staticOffset(String owner, String name, int depth) {
        int type = program.findType(owner);
        JMethod clinit = type < 0 ? null : program.declared(type, "<clinit>", "()V");
        Analysed a = clinit == null ? null : analyse(clinit);
        if (a == null) {
            return null;
        }
        JField found = null;
        for (int i = 0; i < a.node.instructions.size(); i++) {
            if (a.node.instructions.get(i) instanceof FieldInsnNode put && put.getOpcode() == Opcodes.PUTSTATIC
                    && put.owner.equals(owner) && put.name.equals(name) && a.frames[i] != null) {
                if (found != null) {
                    return null; // stored twice
                }
                found = fieldFrom(a, a.frames[i].getStack(a.frames[i].getStackSize() - 1), depth + 1);
                if (found == null) {
                    return null;
                }
            }
        }
        return found;
    }

    /** {@code X.class.getDeclaredField("f")} (or {@code getField}) with constants: the field, else null. */
    private JField declaredField(Analysed a, SourceValue fieldValue) {
        AbstractInsnNode src = single(fieldValue.insns);
        if (!(src instanceof MethodInsnNode mi) || !mi.owner.equals("java/lang/Class")
                || !(mi.name.equals("getDeclaredField") || mi.name.equals("getField"))) {
            return null;
        }
        Frame<SourceValue> f = a.frameOf(src);
        if (f == null) {
            return null;
        }
        AbstractInsnNode cls = single(f.getStack(f.getStackSize() - 2).insns);
        AbstractInsnNode name = single(f.getStack(f.getStackSize() - 1).insns);
        if (!(cls instanceof LdcInsnNode lc) || !(lc.cst instanceof Type t) || t.getSort() != Type.OBJECT
                || !(name instanceof LdcInsnNode ln) || !(ln.cst instanceof String fieldName)) {
            return null;
        }
        return instanceField(t.getInternalName(), fieldName, mi.name.equals("getField"));
    }

    /** The reference instance field {@code name} declared by {@code owner} (or inherited, for {@code getField}). */
    private JField instanceField(String owner, String name, boolean inherited) {
        for (int c = program.findType(owner); c >= 0; c = inherited ? program.superClass(c) : -1) {
            var info = program.info(c);
            if (info == null) {
                return null;
            }
            for (var m : info.fields()) {
                if (m.name().equals(name)) {
                    boolean ref = m.desc().startsWith("L") || m.desc().startsWith("[");
                    return (m.access() & Opcodes.ACC_STATIC) != 0 || !ref ? null
                            : program.field(m.owner(), m.name(), m.desc(), false);
                }
            }
        }
        return null;
    }

    private static AbstractInsnNode single(Set<AbstractInsnNode> insns) {
        return insns.size() == 1 ? insns.iterator().next() : null;
    }

    private Analysed analyse(JMethod m) {
        MethodNode node = program.code(m);
        if (node == null) {
            return null;
        }
        try {
            Frame<SourceValue>[] frames = new Analyzer<>(new SourceInterpreter()).analyze(
                    program.typeName(m.declaringType()), node);
            return new Analysed(node, frames);
        } catch (AnalyzerException e) {
            return null; // the IR builder reports methods it cannot analyse
        }
    }

    /** A method's instructions and the frames before each. */
    private record Analysed(MethodNode node, Frame<SourceValue>[] frames) {
        Frame<SourceValue> frameOf(AbstractInsnNode insn) {
            return frames[node.instructions.indexOf(insn)];
        }
    }
}
