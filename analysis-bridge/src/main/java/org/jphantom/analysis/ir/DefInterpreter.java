package org.jphantom.analysis.ir;

import java.util.List;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * What each instruction means for {@link DefValue}s: an instruction that produces a reference
 * defines it (its own instruction index is the definition id); loads, stores and stack shuffles
 * move values unchanged; parameters are defined at {@code instructions + slot}; a handler's
 * exception is defined at the handler label; a guard's new definition of a local follows the
 * parameters'. {@link #merge} unites definition sets and returns
 * its first argument when nothing changed, as ASM's contract asks.
 */
final class DefInterpreter extends Interpreter<DefValue> {
    private final InsnList insns;
    private final int paramBase;
    private final DefValue[] single;

    /** @param guards how many guard definitions ({@link GuardFrame}) follow the parameters' */
    DefInterpreter(InsnList insns, int maxLocals, int guards) {
        super(Opcodes.ASM9);
        this.insns = insns;
        this.paramBase = insns.size();
        this.single = new DefValue[insns.size() + maxLocals + 1 + guards];
    }

    /** The definition id of parameter slot {@code local}. */
    int paramDef(int local) {
        return paramBase + local;
    }

    /** The value defined only at {@code id}. */
    DefValue def(int id) {
        DefValue v = single[id];
        if (v == null) {
            v = new DefValue(1, new int[] {id});
            single[id] = v;
        }
        return v;
    }

    private DefValue defAt(AbstractInsnNode insn) {
        return def(insns.indexOf(insn));
    }

    private static DefValue ofType(Type t) {
        if (t == null) {
            return DefValue.UNUSABLE;
        }
        switch (t.getSort()) {
            case Type.VOID:
                return null;
            case Type.LONG:
            case Type.DOUBLE:
                return DefValue.PRIM2;
            case Type.OBJECT:
            case Type.ARRAY:
                return DefValue.NULL;
            default:
                return DefValue.PRIM1;
        }
    }

    private DefValue resultOf(Type t, AbstractInsnNode insn) {
        int sort = t.getSort();
        if (sort == Type.OBJECT || sort == Type.ARRAY) {
            return defAt(insn);
        }
        return ofType(t);
    }

    @Override
    public DefValue newValue(Type type) {
        return ofType(type);
    }

    @Override
    public DefValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
        int sort = type.getSort();
        return sort == Type.OBJECT || sort == Type.ARRAY ? def(paramDef(local)) : ofType(type);
    }

    @Override
    public DefValue newEmptyValue(int local) {
        return DefValue.UNUSABLE;
    }

    @Override
    public DefValue newExceptionValue(TryCatchBlockNode tcb,
            org.objectweb.asm.tree.analysis.Frame<DefValue> handlerFrame, Type exceptionType) {
        return def(insns.indexOf(tcb.handler));
    }

    @Override
    public DefValue newOperation(AbstractInsnNode insn) {
        switch (insn.getOpcode()) {
            case Opcodes.ACONST_NULL:
                return DefValue.NULL;
            case Opcodes.LCONST_0:
            case Opcodes.LCONST_1:
            case Opcodes.DCONST_0:
            case Opcodes.DCONST_1:
                return DefValue.PRIM2;
            case Opcodes.LDC: {
                Object cst = ((LdcInsnNode) insn).cst;
                if (cst instanceof Long || cst instanceof Double) {
                    return DefValue.PRIM2;
                }
                if (cst instanceof Integer || cst instanceof Float) {
                    return DefValue.PRIM1;
                }
                if (cst instanceof ConstantDynamic cd) {
                    return resultOf(Type.getType(cd.getDescriptor()), insn);
                }
                return defAt(insn);
            }
            case Opcodes.GETSTATIC:
                return resultOf(Type.getType(((FieldInsnNode) insn).desc), insn);
            case Opcodes.NEW:
                return defAt(insn);
            default:
                return DefValue.PRIM1;
        }
    }

    @Override
    public DefValue copyOperation(AbstractInsnNode insn, DefValue value) {
        return value;
    }

    @Override
    public DefValue unaryOperation(AbstractInsnNode insn, DefValue value) {
        switch (insn.getOpcode()) {
            case Opcodes.LNEG:
            case Opcodes.DNEG:
            case Opcodes.I2L:
            case Opcodes.I2D:
            case Opcodes.L2D:
            case Opcodes.F2L:
            case Opcodes.F2D:
            case Opcodes.D2L:
                return DefValue.PRIM2;
            case Opcodes.GETFIELD:
                return resultOf(Type.getType(((FieldInsnNode) insn).desc), insn);
            case Opcodes.NEWARRAY:
            case Opcodes.ANEWARRAY:
            case Opcodes.CHECKCAST:
                return defAt(insn);
            case Opcodes.IFEQ: case Opcodes.IFNE: case Opcodes.IFLT: case Opcodes.IFGE: case Opcodes.IFGT:
            case Opcodes.IFLE: case Opcodes.TABLESWITCH: case Opcodes.LOOKUPSWITCH: case Opcodes.IRETURN:
            case Opcodes.LRETURN: case Opcodes.FRETURN: case Opcodes.DRETURN: case Opcodes.ARETURN:
            case Opcodes.PUTSTATIC: case Opcodes.ATHROW: case Opcodes.MONITORENTER: case Opcodes.MONITOREXIT:
            case Opcodes.IFNULL: case Opcodes.IFNONNULL:
                return null;
            default:
                return DefValue.PRIM1;
        }
    }

    @Override
    public DefValue binaryOperation(AbstractInsnNode insn, DefValue value1, DefValue value2) {
        switch (insn.getOpcode()) {
            case Opcodes.AALOAD:
                return defAt(insn);
            case Opcodes.LALOAD: case Opcodes.DALOAD: case Opcodes.LADD: case Opcodes.DADD: case Opcodes.LSUB:
            case Opcodes.DSUB: case Opcodes.LMUL: case Opcodes.DMUL: case Opcodes.LDIV: case Opcodes.DDIV:
            case Opcodes.LREM: case Opcodes.DREM: case Opcodes.LSHL: case Opcodes.LSHR: case Opcodes.LUSHR:
            case Opcodes.LAND: case Opcodes.LOR: case Opcodes.LXOR:
                return DefValue.PRIM2;
            case Opcodes.IF_ICMPEQ: case Opcodes.IF_ICMPNE: case Opcodes.IF_ICMPLT: case Opcodes.IF_ICMPGE:
            case Opcodes.IF_ICMPGT: case Opcodes.IF_ICMPLE: case Opcodes.IF_ACMPEQ: case Opcodes.IF_ACMPNE:
            case Opcodes.PUTFIELD:
                return null;
            default:
                return DefValue.PRIM1;
        }
    }

    @Override
    public DefValue ternaryOperation(AbstractInsnNode insn, DefValue v1, DefValue v2, DefValue v3) {
        return null;
    }

    @Override
    public DefValue naryOperation(AbstractInsnNode insn, List<? extends DefValue> values) {
        int op = insn.getOpcode();
        if (op == Opcodes.MULTIANEWARRAY) {
            return defAt(insn);
        }
        String desc = op == Opcodes.INVOKEDYNAMIC ? ((InvokeDynamicInsnNode) insn).desc : ((MethodInsnNode) insn).desc;
        return resultOf(Type.getReturnType(desc), insn);
    }

    @Override
    public void returnOperation(AbstractInsnNode insn, DefValue value, DefValue expected) {
    }

    @Override
    public DefValue merge(DefValue v, DefValue w) {
        if (v == w) {
            return v;
        }
        if (v.defs == null || w.defs == null) {
            return v == DefValue.UNUSABLE ? v : DefValue.UNUSABLE;
        }
        int[] u = DefValue.union(v.defs, w.defs);
        if (u.length == v.defs.length) {
            return v;
        }
        return u.length == 1 ? def(u[0]) : new DefValue(1, u);
    }
}
