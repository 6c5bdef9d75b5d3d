package org.jphantom.extract;

import java.util.List;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * Moves {@link TypeValue}s through instructions the way the verifier moves types. It only says
 * what a value is; it records nothing. Constraints are read from the finished frames afterwards
 * ({@link ConstraintExtractor}), so running several times per instruction before the fixpoint
 * is harmless.
 */
final class TypeSetInterpreter extends Interpreter<TypeValue> {

    TypeSetInterpreter() {
        super(Opcodes.ASM9);
    }

    @Override
    public TypeValue newValue(Type type) {
        return TypeValue.of(type);
    }

    @Override
    public TypeValue newReturnTypeValue(Type type) {
        return TypeValue.of(type);
    }

    @Override
    public TypeValue newEmptyValue(int local) {
        return TypeValue.TOP;
    }

    @Override
    public TypeValue newExceptionValue(org.objectweb.asm.tree.TryCatchBlockNode tryCatch,
                                       org.objectweb.asm.tree.analysis.Frame<TypeValue> handlerFrame, Type exceptionType) {
        return TypeValue.reference(exceptionType.getInternalName());
    }

    @Override
    public TypeValue newOperation(AbstractInsnNode insn) {
        switch (insn.getOpcode()) {
            case Opcodes.ACONST_NULL:
                return TypeValue.NULL;
            case Opcodes.ICONST_M1: case Opcodes.ICONST_0: case Opcodes.ICONST_1: case Opcodes.ICONST_2:
            case Opcodes.ICONST_3: case Opcodes.ICONST_4: case Opcodes.ICONST_5:
            case Opcodes.BIPUSH: case Opcodes.SIPUSH:
                return TypeValue.INT;
            case Opcodes.LCONST_0: case Opcodes.LCONST_1:
                return TypeValue.LONG;
            case Opcodes.FCONST_0: case Opcodes.FCONST_1: case Opcodes.FCONST_2:
                return TypeValue.FLOAT;
            case Opcodes.DCONST_0: case Opcodes.DCONST_1:
                return TypeValue.DOUBLE;
            case Opcodes.LDC:
                return constant(((LdcInsnNode) insn).cst);
            case Opcodes.JSR:
                return TypeValue.RETURN_ADDRESS;
            case Opcodes.GETSTATIC:
                return TypeValue.of(Type.getType(((FieldInsnNode) insn).desc));
            case Opcodes.NEW:
                return TypeValue.reference(((TypeInsnNode) insn).desc);
            default:
                throw new IllegalArgumentException("unexpected opcode " + insn.getOpcode());
        }
    }

    private static TypeValue constant(Object cst) {
        if (cst instanceof Integer) {
            return TypeValue.INT;
        } else if (cst instanceof Float) {
            return TypeValue.FLOAT;
        } else if (cst instanceof Long) {
            return TypeValue.LONG;
        } else if (cst instanceof Double) {
            return TypeValue.DOUBLE;
        } else if (cst instanceof String) {
            return TypeValue.reference("java/lang/String");
        } else if (cst instanceof Type t) {
            return TypeValue.reference(t.getSort() == Type.METHOD ? "java/lang/invoke/MethodType" : "java/lang/Class");
        } else if (cst instanceof Handle) {
            return TypeValue.reference("java/lang/invoke/MethodHandle");
        } else if (cst instanceof ConstantDynamic cd) {
            return TypeValue.of(Type.getType(cd.getDescriptor()));
        }
        throw new IllegalArgumentException("unexpected constant " + cst);
    }

    @Override
    public TypeValue copyOperation(AbstractInsnNode insn, TypeValue value) {
        return value;
    }

    @Override
    public TypeValue unaryOperation(AbstractInsnNode insn, TypeValue value) {
        switch (insn.getOpcode()) {
            case Opcodes.INEG: case Opcodes.IINC: case Opcodes.L2I: case Opcodes.F2I: case Opcodes.D2I:
            case Opcodes.I2B: case Opcodes.I2C: case Opcodes.I2S: case Opcodes.ARRAYLENGTH: case Opcodes.INSTANCEOF:
                return TypeValue.INT;
            case Opcodes.FNEG: case Opcodes.I2F: case Opcodes.L2F: case Opcodes.D2F:
                return TypeValue.FLOAT;
            case Opcodes.LNEG: case Opcodes.I2L: case Opcodes.F2L: case Opcodes.D2L:
                return TypeValue.LONG;
            case Opcodes.DNEG: case Opcodes.I2D: case Opcodes.L2D: case Opcodes.F2D:
                return TypeValue.DOUBLE;
            case Opcodes.GETFIELD:
                return TypeValue.of(Type.getType(((FieldInsnNode) insn).desc));
            case Opcodes.NEWARRAY:
                return TypeValue.reference(primitiveArray(((IntInsnNode) insn).operand));
            case Opcodes.ANEWARRAY:
                return TypeValue.reference(Type.getType("[" + Type.getObjectType(((TypeInsnNode) insn).desc).getDescriptor()).getInternalName());
            case Opcodes.CHECKCAST:
                return TypeValue.reference(((TypeInsnNode) insn).desc);
            default:
                // IFxx, switches, xRETURN, PUTSTATIC, ATHROW, MONITORENTER/EXIT
                return null;
        }
    }

    private static String primitiveArray(int operand) {
        return switch (operand) {
            case Opcodes.T_BOOLEAN -> "[Z";
            case Opcodes.T_CHAR -> "[C";
            case Opcodes.T_BYTE -> "[B";
            case Opcodes.T_SHORT -> "[S";
            case Opcodes.T_INT -> "[I";
            case Opcodes.T_FLOAT -> "[F";
            case Opcodes.T_DOUBLE -> "[D";
            case Opcodes.T_LONG -> "[J";
            default -> throw new IllegalArgumentException("bad newarray type " + operand);
        };
    }

    @Override
    public TypeValue binaryOperation(AbstractInsnNode insn, TypeValue value1, TypeValue value2) {
        switch (insn.getOpcode()) {
            case Opcodes.IALOAD: case Opcodes.BALOAD: case Opcodes.CALOAD: case Opcodes.SALOAD:
            case Opcodes.IADD: case Opcodes.ISUB: case Opcodes.IMUL: case Opcodes.IDIV: case Opcodes.IREM:
            case Opcodes.ISHL: case Opcodes.ISHR: case Opcodes.IUSHR: case Opcodes.IAND: case Opcodes.IOR:
            case Opcodes.IXOR: case Opcodes.LCMP: case Opcodes.FCMPL: case Opcodes.FCMPG: case Opcodes.DCMPL:
            case Opcodes.DCMPG:
                return TypeValue.INT;
            case Opcodes.FALOAD: case Opcodes.FADD: case Opcodes.FSUB: case Opcodes.FMUL: case Opcodes.FDIV:
            case Opcodes.FREM:
                return TypeValue.FLOAT;
            case Opcodes.LALOAD: case Opcodes.LADD: case Opcodes.LSUB: case Opcodes.LMUL: case Opcodes.LDIV:
            case Opcodes.LREM: case Opcodes.LSHL: case Opcodes.LSHR: case Opcodes.LUSHR: case Opcodes.LAND:
            case Opcodes.LOR: case Opcodes.LXOR:
                return TypeValue.LONG;
            case Opcodes.DALOAD: case Opcodes.DADD: case Opcodes.DSUB: case Opcodes.DMUL: case Opcodes.DDIV:
            case Opcodes.DREM:
                return TypeValue.DOUBLE;
            case Opcodes.AALOAD:
                return elementOf(value1);
            default:
                // IF_xCMPxx, PUTFIELD
                return null;
        }
    }

    /** The component types of an array value; null flows to null, non-arrays to Object. */
    static TypeValue elementOf(TypeValue array) {
        TypeValue out = null;
        for (int i = 0; i < array.typeCount(); i++) {
            String t = array.type(i);
            TypeValue e;
            if (t.equals(TypeValue.NULL_TYPE)) {
                e = TypeValue.NULL;
            } else if (t.startsWith("[")) {
                e = TypeValue.of(Type.getType(t.substring(1)));
            } else {
                e = TypeValue.reference("java/lang/Object");
            }
            out = out == null ? e : out.merge(e);
        }
        return out == null ? TypeValue.NULL : out;
    }

    @Override
    public TypeValue ternaryOperation(AbstractInsnNode insn, TypeValue value1, TypeValue value2, TypeValue value3) {
        return null;
    }

    @Override
    public TypeValue naryOperation(AbstractInsnNode insn, List<? extends TypeValue> values) {
        int opcode = insn.getOpcode();
        if (opcode == Opcodes.MULTIANEWARRAY) {
            return TypeValue.reference(Type.getType(((MultiANewArrayInsnNode) insn).desc).getInternalName());
        } else if (opcode == Opcodes.INVOKEDYNAMIC) {
            return TypeValue.of(Type.getReturnType(((InvokeDynamicInsnNode) insn).desc));
        }
        return TypeValue.of(Type.getReturnType(((MethodInsnNode) insn).desc));
    }

    @Override
    public void returnOperation(AbstractInsnNode insn, TypeValue value, TypeValue expected) {
        // Read from the frames afterwards.
    }

    @Override
    public TypeValue merge(TypeValue value1, TypeValue value2) {
        return value1.merge(value2);
    }
}
