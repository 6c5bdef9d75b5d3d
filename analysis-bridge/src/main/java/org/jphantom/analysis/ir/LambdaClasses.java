package org.jphantom.analysis.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;

/**
 * The synthetic classes of {@code LambdaMetafactory} call sites, as the JDK spins them: one class
 * per site, implementing the functional interface (and, with {@code altMetafactory}, the marker
 * interfaces, the bridge descriptors and {@code Serializable}), with one synthetic field per
 * reference capture. Its functional method loads the captures from {@code this} and calls the
 * implementation method (a constructor handle allocates first); a serializable one also has the
 * {@code writeReplace()} of the JDK's class ({@link LambdaSerialization}). The methods' IR goes to
 * the consumer given at construction; the call site itself (allocation and capture stores) is the
 * builder's.
 *
 * <p>Class names follow the enclosing method (its overload ordinal when overloaded) and the site's
 * position among the method's lambda sites, so they do not depend on analysis order.
 */
final class LambdaClasses {
    /** A lambda class made: its type and, per capture, the field holding it (null for primitives). */
    record Made(int type, JField[] captureFields) {
    }

    private final Program program;
    private final BiConsumer<JMethod, MethodIR> bodies;

    LambdaClasses(Program program, BiConsumer<JMethod, MethodIR> bodies) {
        this.program = program;
        this.bodies = bodies;
    }

    /**
     * The class of the {@code ordinal}-th lambda site of {@code enclosing}: site {@code idn} for
     * interface {@code itf}, functional descriptor {@code sam}, implementation {@code impl} and
     * captures of {@code capTypes}; {@code caps} are the site's capture variables (-1: a primitive
     * or no value, which gets no field).
     */
    Made make(JMethod enclosing, int ordinal, InvokeDynamicInsnNode idn, String itf, Type sam, Handle impl,
              Type[] capTypes, int[] caps, int line) {
        List<String> interfaces = new ArrayList<>(List.of(itf));
        List<String> descs = new ArrayList<>(List.of(sam.getDescriptor()));
        boolean serializable = false;
        if (idn.bsm.getName().equals("altMetafactory") && idn.bsmArgs.length > 3
                && idn.bsmArgs[3] instanceof Integer flags) {
            int k = 4;
            if ((flags & 2) != 0 && k < idn.bsmArgs.length) {
                int count = (Integer) idn.bsmArgs[k++];
                for (int c = 0; c < count && k < idn.bsmArgs.length; c++) {
                    interfaces.add(((Type) idn.bsmArgs[k++]).getInternalName());
                }
            }
            if ((flags & 4) != 0 && k < idn.bsmArgs.length) {
                int count = (Integer) idn.bsmArgs[k++];
                for (int c = 0; c < count && k < idn.bsmArgs.length; c++) {
                    descs.add(((Type) idn.bsmArgs[k++]).getDescriptor());
                }
            }
            if ((flags & 1) != 0) {
                interfaces.add("java/io/Serializable");
                serializable = true;
            }
        }
        String owner = program.typeName(enclosing.declaringType());
        int overload = program.overloadOrdinal(enclosing);
        int lamType = program.syntheticType(owner + "$$Lambda$" + enclosing.name().replace("<", "").replace(">", "")
                + (overload > 0 ? "$" + overload : "") + "$" + ordinal, interfaces);
        String lamName = program.typeName(lamType);
        JField[] capFields = new JField[capTypes.length];
        for (int k = 0; k < capTypes.length; k++) {
            if (caps[k] >= 0) {
                capFields[k] = program.field(lamName, "cap" + k, capTypes[k].getDescriptor(), false);
            }
        }
        for (String desc : descs) {
            JMethod sm = program.syntheticMethod(lamType, idn.name, desc);
            bodies.accept(sm, body(sm, capFields, impl, line));
        }
        if (serializable) {
            JMethod wr = program.syntheticMethod(lamType, "writeReplace", "()Ljava/lang/Object;");
            bodies.accept(wr, LambdaSerialization.writeReplace(program, wr, owner, itf, idn.name,
                    sam.getDescriptor(), impl, idn.bsmArgs[2] instanceof Type it ? it.getDescriptor() : sam.getDescriptor(),
                    capFields, line));
        }
        return new Made(lamType, capFields);
    }

    /** The functional method of a lambda class: load the captures, call the implementation. */
    private MethodIR body(JMethod sam, JField[] capFields, Handle impl, int line) {
        MethodIR.Builder lb = new MethodIR.Builder(sam);
        List<Integer> all = new ArrayList<>();
        for (JField cf : capFields) {
            if (cf == null) {
                all.add(-1);
            } else {
                int v = lb.newVar();
                lb.add(new FieldAccess(Stmt.LOAD_FIELD, lb.thisVar(), cf, v, line));
                all.add(v);
            }
        }
        for (int k = 0; k < sam.paramCount(); k++) {
            all.add(lb.paramVar(k));
        }
        Type[] implArgs = Type.getArgumentTypes(impl.getDesc());
        boolean returnsRef = IRBuilder.isRef(Type.getReturnType(impl.getDesc()));
        int opcode;
        int recv = -1;
        int first = 0;
        int created = -1;
        switch (impl.getTag()) {
            case Opcodes.H_INVOKESTATIC:
                opcode = Opcodes.INVOKESTATIC;
                break;
            case Opcodes.H_INVOKEVIRTUAL:
                opcode = Opcodes.INVOKEVIRTUAL;
                break;
            case Opcodes.H_INVOKEINTERFACE:
                opcode = Opcodes.INVOKEINTERFACE;
                break;
            case Opcodes.H_INVOKESPECIAL:
                opcode = Opcodes.INVOKESPECIAL;
                break;
            case Opcodes.H_NEWINVOKESPECIAL:
                opcode = Opcodes.INVOKESPECIAL;
                created = lb.newVar();
                lb.add(new New(created, program.type(impl.getOwner()), New.Kind.NEW, null, line));
                break;
            default:
                return lb.build(); // field handles: no call
        }
        if (opcode != Opcodes.INVOKESTATIC) {
            if (created >= 0) {
                recv = created;
            } else {
                recv = all.isEmpty() ? -1 : all.get(0);
                first = 1;
            }
        }
        int[] args = new int[implArgs.length];
        for (int k = 0; k < args.length; k++) {
            int idx = first + k;
            args[k] = IRBuilder.isRef(implArgs[k]) && idx < all.size() ? all.get(idx) : -1;
        }
        int result = returnsRef && sam.returnsRef() ? lb.newVar() : -1;
        if (opcode == Opcodes.INVOKESTATIC || recv >= 0) {
            lb.add(new Invoke(opcode, impl.getOwner(), impl.getName(), impl.getDesc(), impl.isInterface(), recv,
                    args, result, lb.throwVar(), 0, line));
        }
        if (created >= 0 && sam.returnsRef()) {
            result = created;
        }
        if (result >= 0) {
            lb.add(new Copy(lb.retVar(), result, null, Copy.Role.RETURN, line));
        }
        return lb.build();
    }
}
