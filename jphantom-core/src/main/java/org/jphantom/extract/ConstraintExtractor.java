package org.jphantom.extract;

import java.util.BitSet;
import java.util.List;
import java.util.function.Supplier;
import org.jphantom.JphantomException;
import org.jphantom.discover.Names;
import org.jphantom.model.Origin;
import org.jphantom.model.TypeKind;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Reads the constraints of thesis Figure 4.10, completed for today's verifier and linker, off
 * the finished frames of each method (a pass after the dataflow, indexed by instruction):
 * subtype constraints from every widening the verifier or linker checks (arguments, receivers,
 * returns, field stores, {@code athrow}, handler types, {@code aastore}, invokedynamic arguments
 * and LambdaMetafactory adaptations, stack map frames at branch targets and handlers) and kind
 * constraints from instructions ({@code invokeinterface} and the {@code itf} flag, {@code
 * invokevirtual}, field access, {@code new}), supertypes and annotations.
 */
public final class ConstraintExtractor {
    private static final String THROWABLE = "java/lang/Throwable";
    private static final String LMF = "java/lang/invoke/LambdaMetafactory";

    private final ConstraintSet out;

    public ConstraintExtractor(ConstraintSet out) {
        this.out = out;
    }

    /** Extracts the class-level constraints and those of the methods flagged in {@code methods}. */
    public void extract(ClassNode cn, BitSet methods) {
        classLevel(cn);
        for (int i = methods.nextSetBit(0); i >= 0; i = methods.nextSetBit(i + 1)) {
            MethodNode m = cn.methods.get(i);
            if (m.instructions.size() == 0) {
                continue;
            }
            try {
                method(cn, m, MethodFlow.compute(cn.name, m, cn.version & 0xFFFF));
            } catch (JphantomException e) {
                throw e;
            } catch (AnalyzerException | RuntimeException e) {
                // Code the verifier itself would reject (stack underflow, bad local, ...).
                throw JphantomException.input(Names.javaName(cn.name) + "." + m.name + m.desc
                        + ": cannot follow the bytecode of this method (" + e + ")", e);
            }
        }
    }

    private void classLevel(ClassNode cn) {
        boolean itf = (cn.access & Opcodes.ACC_INTERFACE) != 0;
        if (cn.superName != null && !itf) {
            String sup = cn.superName;
            out.kind(sup, TypeKind.CLASS, () -> Origin.ofClass(cn.name, "extended by " + Names.javaName(cn.name)));
        }
        for (String i : cn.interfaces) {
            out.kind(i, TypeKind.INTERFACE, () -> Origin.ofClass(cn.name, "implemented by " + Names.javaName(cn.name)));
        }
        annotationKinds(cn.name, cn.visibleAnnotations);
        annotationKinds(cn.name, cn.invisibleAnnotations);
        for (FieldNode f : cn.fields) {
            annotationKinds(cn.name, f.visibleAnnotations);
            annotationKinds(cn.name, f.invisibleAnnotations);
        }
        for (MethodNode m : cn.methods) {
            annotationKinds(cn.name, m.visibleAnnotations);
            annotationKinds(cn.name, m.invisibleAnnotations);
            if (m.visibleParameterAnnotations != null) {
                for (List<AnnotationNode> l : m.visibleParameterAnnotations) {
                    annotationKinds(cn.name, l);
                }
            }
            if (m.invisibleParameterAnnotations != null) {
                for (List<AnnotationNode> l : m.invisibleParameterAnnotations) {
                    annotationKinds(cn.name, l);
                }
            }
        }
    }

    private void annotationKinds(String owner, List<AnnotationNode> annotations) {
        if (annotations == null) {
            return;
        }
        for (AnnotationNode a : annotations) {
            String t = Type.getType(a.desc).getInternalName();
            out.kind(t, TypeKind.ANNOTATION, () -> Origin.ofClass(owner, "annotation @" + Names.javaName(t)));
            if (a.values != null) {
                for (Object v : a.values) {
                    annotationValue(owner, t, v);
                    if (v instanceof List<?> list) {
                        for (Object e : list) {
                            annotationValue(owner, t, e);
                        }
                    }
                }
            }
        }
    }

    /** Nested annotations are annotations; an enum constant's type must be an enum class. */
    private void annotationValue(String owner, String annotation, Object v) {
        if (v instanceof AnnotationNode nested) {
            annotationKinds(owner, List.of(nested));
        } else if (v instanceof String[] e && e.length == 2) {
            String enumType = Type.getType(e[0]).getInternalName();
            Supplier<Origin> o = () -> Origin.ofClass(owner, "enum constant " + e[1] + " in annotation @"
                    + Names.javaName(annotation));
            out.kind(enumType, TypeKind.CLASS, o);
            out.subtype(enumType, "java/lang/Enum", o);
        }
    }

    private void method(ClassNode cn, MethodNode m, MethodFlow flow) {
        String where = m.name + m.desc;
        Type returnType = Type.getReturnType(m.desc);
        int index = 0;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext(), index++) {
            Frame<TypeValue> f = flow.in[index];
            final int at = index;
            if (insn.getType() == AbstractInsnNode.FRAME) {
                if (f != null) {
                    assign(f, flow.declared[index], () -> new Origin(cn.name, where, at, "stack map frame"));
                }
                continue;
            }
            if (f == null || insn.getOpcode() < 0) {
                continue;
            }
            instruction(cn, m, where, returnType, insn, at, f, flow);
        }
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            int handler = m.instructions.indexOf(tcb.handler);
            if (tcb.type != null) {
                out.subtype(tcb.type, THROWABLE, () -> new Origin(cn.name, where, handler, "exception handler type"));
            }
            if (flow.typeChecked) {
                Frame<TypeValue> target = flow.labelFrames.get(tcb.handler);
                if (target != null) {
                    if (target.getStackSize() == 1 && target.getStack(0).isReference()) {
                        // the caught exception must fit the handler frame's declared stack type
                        // (a multi-catch declares the common super class of its types)
                        out.subtype(tcb.type == null ? THROWABLE : tcb.type, target.getStack(0).type(0),
                                () -> new Origin(cn.name, where, handler, "exception handler frame"));
                    }
                    handlerRange(cn.name, where, m, tcb, target, flow);
                }
            }
        }
    }

    private void handlerRange(String owner, String where, MethodNode m, TryCatchBlockNode tcb,
                              Frame<TypeValue> target, MethodFlow flow) {
        int start = m.instructions.indexOf(tcb.start);
        int end = m.instructions.indexOf(tcb.end);
        int handler = m.instructions.indexOf(tcb.handler);
        BitSet slots = new BitSet();
        for (int s = 0; s < target.getLocals(); s++) {
            TypeValue v = target.getLocal(s);
            if (v.isReference() && !"java/lang/Object".equals(v.type(0))) {
                slots.set(s);
            }
        }
        if (slots.isEmpty()) {
            return;
        }
        for (int i = start; i < end; i++) {
            Frame<TypeValue> f = flow.in[i];
            if (f == null) {
                continue;
            }
            for (int s = slots.nextSetBit(0); s >= 0; s = slots.nextSetBit(s + 1)) {
                String declaredType = target.getLocal(s).type(0);
                TypeValue v = f.getLocal(s);
                for (int k = 0; k < v.typeCount(); k++) {
                    out.subtype(v.type(k), declaredType,
                            () -> new Origin(owner, where, handler, "local of exception handler frame"));
                }
            }
        }
    }

    /** Every slot of {@code from} must be assignable to the declared type in {@code to}. */
    private void assign(Frame<TypeValue> from, Frame<TypeValue> to, Supplier<Origin> origin) {
        if (to == null) {
            return;
        }
        int locals = Math.min(from.getLocals(), to.getLocals());
        for (int s = 0; s < locals; s++) {
            assignValue(from.getLocal(s), to.getLocal(s), origin);
        }
        int stack = Math.min(from.getStackSize(), to.getStackSize());
        for (int s = 0; s < stack; s++) {
            assignValue(from.getStack(s), to.getStack(s), origin);
        }
    }

    private void assignValue(TypeValue from, TypeValue to, Supplier<Origin> origin) {
        if (!to.isReference() || !from.isReference() || to.typeCount() != 1) {
            return;
        }
        String target = to.type(0);
        for (int k = 0; k < from.typeCount(); k++) {
            out.subtype(from.type(k), target, origin);
        }
    }

    private void values(TypeValue v, String target, Supplier<Origin> origin) {
        if (v == null || !v.isReference()) {
            return;
        }
        for (int k = 0; k < v.typeCount(); k++) {
            out.subtype(v.type(k), target, origin);
        }
    }

    private void instruction(ClassNode cn, MethodNode m, String where, Type returnType, AbstractInsnNode insn,
                             int at, Frame<TypeValue> f, MethodFlow flow) {
        String owner = cn.name;
        int top = f.getStackSize() - 1;
        int opcode = insn.getOpcode();
        switch (insn.getType()) {
            case AbstractInsnNode.METHOD_INSN -> invoke(owner, where, (MethodInsnNode) insn, at, f);
            case AbstractInsnNode.FIELD_INSN -> {
                FieldInsnNode fi = (FieldInsnNode) insn;
                String what = Names.opcode(opcode) + " " + Names.javaName(fi.owner) + "." + fi.name;
                Supplier<Origin> o = () -> new Origin(owner, where, at, what);
                Type ft = Type.getType(fi.desc);
                switch (opcode) {
                    case Opcodes.GETFIELD -> {
                        out.kind(fi.owner, TypeKind.CLASS, o);
                        values(f.getStack(top), fi.owner, o);
                        protectedField(owner, fi, f.getStack(top), where, at);
                    }
                    case Opcodes.PUTFIELD -> {
                        out.kind(fi.owner, TypeKind.CLASS, o);
                        values(f.getStack(top - 1), fi.owner, o);
                        protectedField(owner, fi, f.getStack(top - 1), where, at);
                        if (isReference(ft)) {
                            values(f.getStack(top), ft.getInternalName(), o);
                        }
                    }
                    case Opcodes.PUTSTATIC -> {
                        out.kind(fi.owner, TypeKind.CLASS, o);
                        if (isReference(ft)) {
                            values(f.getStack(top), ft.getInternalName(), o);
                        }
                    }
                    default -> { }
                }
            }
            case AbstractInsnNode.TYPE_INSN -> {
                if (opcode == Opcodes.NEW) {
                    String t = ((TypeInsnNode) insn).desc;
                    out.kind(t, TypeKind.CONCRETE_CLASS, () -> new Origin(owner, where, at, "new " + Names.javaName(t)));
                }
            }
            case AbstractInsnNode.INVOKE_DYNAMIC_INSN -> invokedynamic(owner, where, (InvokeDynamicInsnNode) insn, at, f);
            case AbstractInsnNode.LDC_INSN -> {
                Object cst = ((LdcInsnNode) insn).cst;
                if (cst instanceof Handle h) {
                    handleKind(h, () -> new Origin(owner, where, at, "ldc method handle"));
                }
            }
            case AbstractInsnNode.JUMP_INSN -> {
                if (flow.typeChecked) {
                    Frame<TypeValue> after = afterPops(f, insn);
                    assign(after, flow.labelFrames.get(((JumpInsnNode) insn).label),
                            () -> new Origin(owner, where, at, "branch target frame"));
                }
            }
            case AbstractInsnNode.TABLESWITCH_INSN, AbstractInsnNode.LOOKUPSWITCH_INSN -> {
                if (flow.typeChecked) {
                    Frame<TypeValue> after = afterPops(f, insn);
                    List<LabelNode> labels = insn instanceof TableSwitchInsnNode t ? t.labels : ((LookupSwitchInsnNode) insn).labels;
                    LabelNode dflt = insn instanceof TableSwitchInsnNode t ? t.dflt : ((LookupSwitchInsnNode) insn).dflt;
                    Supplier<Origin> o = () -> new Origin(owner, where, at, "switch target frame");
                    assign(after, flow.labelFrames.get(dflt), o);
                    for (LabelNode l : labels) {
                        assign(after, flow.labelFrames.get(l), o);
                    }
                }
            }
            default -> {
                switch (opcode) {
                    case Opcodes.ARETURN -> {
                        if (returnType.getSort() != Type.OBJECT && returnType.getSort() != Type.ARRAY) {
                            // the verifier rejects this code; extract() reports it as an input error
                            throw new IllegalStateException("areturn in a method returning " + returnType.getClassName());
                        }
                        values(f.getStack(top), returnType.getInternalName(), () -> new Origin(owner, where, at, "areturn"));
                    }
                    case Opcodes.ATHROW -> values(f.getStack(top), THROWABLE, () -> new Origin(owner, where, at, "athrow"));
                    case Opcodes.AASTORE -> {
                        TypeValue array = f.getStack(top - 2);
                        TypeValue element = TypeSetInterpreter.elementOf(array);
                        if (element.isReference()) {
                            for (int k = 0; k < element.typeCount(); k++) {
                                String e = element.type(k);
                                if (!e.equals(TypeValue.NULL_TYPE)) {
                                    values(f.getStack(top), e, () -> new Origin(owner, where, at, "aastore"));
                                }
                            }
                        }
                    }
                    default -> { }
                }
            }
        }
    }

    private void protectedField(String owner, FieldInsnNode fi, TypeValue receiver, String where, int at) {
        if (receiver.isReference()) {
            out.protectedReceiver(owner, fi.owner, fi.name, fi.desc, true, receiver.types(),
                    () -> new Origin(owner, where, at, "protected access by " + Names.opcode(fi.getOpcode()) + " "
                            + Names.javaName(fi.owner) + "." + fi.name));
        }
    }

    private static Frame<TypeValue> afterPops(Frame<TypeValue> f, AbstractInsnNode insn) {
        Frame<TypeValue> after = new Frame<>(f);
        try {
            after.execute(insn, new TypeSetInterpreter());
        } catch (AnalyzerException e) {
            throw new IllegalStateException(e);
        }
        return after;
    }

    private static boolean isReference(Type t) {
        return t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY;
    }

    private void invoke(String owner, String where, MethodInsnNode mi, int at, Frame<TypeValue> f) {
        int opcode = mi.getOpcode();
        String what = Names.opcode(opcode) + " " + Names.javaName(mi.owner) + "." + mi.name + mi.desc;
        Supplier<Origin> o = () -> new Origin(owner, where, at, what);
        Type[] args = Type.getArgumentTypes(mi.desc);
        int base = f.getStackSize() - args.length;
        for (int a = 0; a < args.length; a++) {
            if (isReference(args[a])) {
                final int n = a + 1;
                values(f.getStack(base + a), args[a].getInternalName(),
                        () -> new Origin(owner, where, at, "argument " + n + " of " + what));
            }
        }
        boolean init = mi.name.equals("<init>");
        switch (opcode) {
            case Opcodes.INVOKEINTERFACE -> out.kind(mi.owner, TypeKind.INTERFACE, o);
            case Opcodes.INVOKEVIRTUAL -> out.kind(mi.owner, TypeKind.CLASS, o);
            default -> out.kind(mi.owner, mi.itf ? TypeKind.INTERFACE : TypeKind.CLASS, o);
        }
        if (opcode != Opcodes.INVOKESTATIC && !init) {
            values(f.getStack(base - 1), mi.owner, () -> new Origin(owner, where, at, "receiver of " + what));
            if (opcode == Opcodes.INVOKEVIRTUAL && f.getStack(base - 1).isReference()) {
                out.protectedReceiver(owner, mi.owner, mi.name, mi.desc, false, f.getStack(base - 1).types(),
                        () -> new Origin(owner, where, at, "protected access by " + what));
            }
        }
    }

    private void handleKind(Handle h, Supplier<Origin> o) {
        switch (h.getTag()) {
            case Opcodes.H_GETFIELD, Opcodes.H_PUTFIELD, Opcodes.H_INVOKEVIRTUAL, Opcodes.H_NEWINVOKESPECIAL ->
                    out.kind(h.getOwner(), TypeKind.CLASS, o);
            case Opcodes.H_INVOKEINTERFACE -> out.kind(h.getOwner(), TypeKind.INTERFACE, o);
            case Opcodes.H_INVOKESTATIC, Opcodes.H_INVOKESPECIAL ->
                    out.kind(h.getOwner(), h.isInterface() ? TypeKind.INTERFACE : TypeKind.CLASS, o);
            default -> { }
        }
    }

    private void invokedynamic(String owner, String where, InvokeDynamicInsnNode indy, int at, Frame<TypeValue> f) {
        String what = "invokedynamic " + indy.name + indy.desc;
        Supplier<Origin> o = () -> new Origin(owner, where, at, what);
        Type[] args = Type.getArgumentTypes(indy.desc);
        int base = f.getStackSize() - args.length;
        for (int a = 0; a < args.length; a++) {
            if (isReference(args[a])) {
                values(f.getStack(base + a), args[a].getInternalName(), o);
            }
        }
        handleKind(indy.bsm, o);
        for (Object arg : indy.bsmArgs) {
            if (arg instanceof Handle h) {
                handleKind(h, o);
            }
        }
        if (LMF.equals(indy.bsm.getOwner()) && indy.bsmArgs.length >= 3
                && indy.bsmArgs[1] instanceof Handle impl && indy.bsmArgs[2] instanceof Type instantiated) {
            lambda(indy, impl, instantiated, o);
        }
    }

    /**
     * LambdaMetafactory links only if the functional interface is an interface and each captured
     * and instantiated parameter type (and the receiver) is a subtype of the implementation
     * method's parameter type (it checks these strictly). Returns are adapted with a cast, so they
     * constrain nothing.
     */
    private void lambda(InvokeDynamicInsnNode indy, Handle impl, Type instantiated, Supplier<Origin> o) {
        Type fi = Type.getReturnType(indy.desc);
        if (fi.getSort() == Type.OBJECT) {
            out.kind(fi.getInternalName(), TypeKind.INTERFACE, o);
        }
        Type[] captured = Type.getArgumentTypes(indy.desc);
        Type[] inst = instantiated.getArgumentTypes();
        Type[] implParams = Type.getArgumentTypes(impl.getDesc());
        boolean receiver = impl.getTag() == Opcodes.H_INVOKEVIRTUAL || impl.getTag() == Opcodes.H_INVOKEINTERFACE
                || impl.getTag() == Opcodes.H_INVOKESPECIAL;
        Type[] all = new Type[captured.length + inst.length];
        System.arraycopy(captured, 0, all, 0, captured.length);
        System.arraycopy(inst, 0, all, captured.length, inst.length);
        for (int i = 0; i < all.length; i++) {
            Type target;
            if (receiver && i == 0) {
                target = Type.getObjectType(impl.getOwner());
            } else {
                int k = receiver ? i - 1 : i;
                if (k >= implParams.length) {
                    break;
                }
                target = implParams[k];
            }
            if (isReference(all[i]) && isReference(target)) {
                out.subtype(all[i].getInternalName(), target.getInternalName(), o);
            }
        }
    }
}
