package org.jphantom.verify;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jphantom.verify.SymbolicRef.Op;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Lists the symbolic references the code of one class resolves at run time: owners and members
 * of field and method instructions, {@code new}, type checks, array creation, class, method type,
 * method handle and dynamic constants, {@code invokedynamic} bootstrap methods and their
 * arguments, and catch types. Unreachable code counts like any other.
 */
final class ReferenceCollector {
    private ReferenceCollector() {
    }

    /**
     * Each distinct reference of {@code node}'s code, in the order of first occurrence, mapped
     * to the method ({@code name + descriptor}) where it first occurs.
     */
    static Map<SymbolicRef, String> collect(ClassNode node) {
        Map<SymbolicRef, String> refs = new LinkedHashMap<>();
        for (MethodNode m : node.methods) {
            String where = m.name + m.desc;
            for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
                if (tcb.type != null) {
                    refs.putIfAbsent(SymbolicRef.type(Op.CLASS, tcb.type), where);
                }
            }
            for (AbstractInsnNode insn : m.instructions) {
                collect(insn, m.name, (ref) -> refs.putIfAbsent(ref, where));
            }
        }
        return refs;
    }

    private interface Sink {
        void add(SymbolicRef ref);
    }

    private static void collect(AbstractInsnNode insn, String methodName, Sink sink) {
        if (insn instanceof FieldInsnNode f) {
            Op op = switch (f.getOpcode()) {
                case Opcodes.GETFIELD -> Op.GETFIELD;
                case Opcodes.PUTFIELD -> Op.PUTFIELD;
                case Opcodes.GETSTATIC -> Op.GETSTATIC;
                default -> Op.PUTSTATIC;
            };
            boolean inInit = op == Op.PUTFIELD && methodName.equals("<init>")
                    || op == Op.PUTSTATIC && methodName.equals("<clinit>");
            sink.add(new SymbolicRef(op, f.owner, f.name, f.desc, false, inInit));
        } else if (insn instanceof MethodInsnNode mi) {
            Op op = switch (mi.getOpcode()) {
                case Opcodes.INVOKEVIRTUAL -> Op.INVOKEVIRTUAL;
                case Opcodes.INVOKESPECIAL -> Op.INVOKESPECIAL;
                case Opcodes.INVOKESTATIC -> Op.INVOKESTATIC;
                default -> Op.INVOKEINTERFACE;
            };
            sink.add(SymbolicRef.member(op, mi.owner, mi.name, mi.desc, mi.itf));
        } else if (insn instanceof TypeInsnNode t) {
            sink.add(SymbolicRef.type(t.getOpcode() == Opcodes.NEW ? Op.NEW : Op.CLASS, t.desc));
        } else if (insn instanceof MultiANewArrayInsnNode ma) {
            sink.add(SymbolicRef.type(Op.CLASS, ma.desc));
        } else if (insn instanceof LdcInsnNode ldc) {
            constant(ldc.cst, sink);
        } else if (insn instanceof InvokeDynamicInsnNode indy) {
            sink.add(SymbolicRef.type(Op.METHOD_TYPE, indy.desc));
            handle(indy.bsm, sink);
            for (Object arg : indy.bsmArgs) {
                constant(arg, sink);
            }
        }
    }

    private static void constant(Object cst, Sink sink) {
        if (cst instanceof Type t) {
            switch (t.getSort()) {
                case Type.OBJECT -> sink.add(SymbolicRef.type(Op.CLASS, t.getInternalName()));
                case Type.ARRAY -> sink.add(SymbolicRef.type(Op.CLASS, t.getDescriptor()));
                case Type.METHOD -> sink.add(SymbolicRef.type(Op.METHOD_TYPE, t.getDescriptor()));
                default -> {
                    // primitive class constants (e.g. condy arguments) name no class
                }
            }
        } else if (cst instanceof Handle h) {
            handle(h, sink);
        } else if (cst instanceof ConstantDynamic cd) {
            constant(Type.getType(cd.getDescriptor()), sink);
            handle(cd.getBootstrapMethod(), sink);
            for (int i = 0; i < cd.getBootstrapMethodArgumentCount(); i++) {
                constant(cd.getBootstrapMethodArgument(i), sink);
            }
        }
    }

    private static void handle(Handle h, Sink sink) {
        Op op = switch (h.getTag()) {
            case Opcodes.H_GETFIELD -> Op.REF_GETFIELD;
            case Opcodes.H_GETSTATIC -> Op.REF_GETSTATIC;
            case Opcodes.H_PUTFIELD -> Op.REF_PUTFIELD;
            case Opcodes.H_PUTSTATIC -> Op.REF_PUTSTATIC;
            case Opcodes.H_INVOKEVIRTUAL -> Op.REF_INVOKEVIRTUAL;
            case Opcodes.H_INVOKESTATIC -> Op.REF_INVOKESTATIC;
            case Opcodes.H_INVOKESPECIAL -> Op.REF_INVOKESPECIAL;
            case Opcodes.H_NEWINVOKESPECIAL -> Op.REF_NEWINVOKESPECIAL;
            default -> Op.REF_INVOKEINTERFACE;
        };
        sink.add(SymbolicRef.member(op, h.getOwner(), h.getName(), h.getDesc(), h.isInterface()));
    }
}
