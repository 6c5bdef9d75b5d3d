package org.jphantom.discover;

import java.util.List;
import java.util.Set;
import org.jphantom.world.ClassWorld;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Finds, in one method's code, where the program reads a phantom as an annotation (the evidence of
 * {@link AnnotationEvidence}): a {@code checkcast} or {@code instanceof} of a phantom (or an array
 * of one) applied to a value the instruction before it gives the static type {@code Annotation}
 * (a method's return value, a field, a parameter, a local variable of that declared type); and a
 * phantom's class literal passed as an argument that the called method's {@code Signature} types as
 * the class of an annotation type, or, for a method of a phantom (no {@code Signature} to read), as a
 * {@code Class} argument next to a {@code java.lang.reflect.AnnotatedElement} argument (an annotation
 * lookup such as junit's {@code findAnnotation(AnnotatedElement, Class<A>)}; a {@code Class} beside
 * another {@code Class} is no evidence: {@code resolveTypeArgument(Class, Class)}), or next to an
 * {@code Optional} argument that the program's own generic types declare an
 * {@code Optional<AnnotatedElement>} (junit's {@code findAnnotation(Optional, Class)}). A class literal
 * passed to a synthetic static accessor ({@code access$000}, no {@code Signature}) is handed to
 * {@link AnnotationPlaces}, which follows the accessor to the method it calls once the whole
 * program is scanned ({@link SyntheticAccessors}); so is every class literal passed as a {@code Class}
 * argument of a phantom's method, which is evidence if the program passes an annotation type's
 * there too. The producer of an argument other than the last is found by
 * ASM's source analysis of the method, run only for a method with both such a call and a phantom
 * class literal.
 */
final class AnnotationReads {
    private static final String ANNOTATION = "Ljava/lang/annotation/Annotation;";
    private static final String ANNOTATED_ELEMENT = "Ljava/lang/reflect/AnnotatedElement;";
    private static final String OPTIONAL = "Ljava/util/Optional;";
    private static final Set<String> OPTIONAL_ELEMENT = Set.of("Ljava/util/Optional<Ljava/lang/reflect/AnnotatedElement;>;",
            "Ljava/util/Optional<+Ljava/lang/reflect/AnnotatedElement;>;");

    private final ClassWorld world;
    private final AnnotationEvidence evidence;
    private final AnnotationPlaces places;

    AnnotationReads(ClassWorld world, AnnotationEvidence evidence, AnnotationPlaces places) {
        this.world = world;
        this.evidence = evidence;
        this.places = places;
    }

    /** Scans method {@code m} of program class {@code owner}. */
    void method(String owner, MethodNode m) {
        boolean literals = false;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof TypeInsnNode t && (t.getOpcode() == Opcodes.CHECKCAST || t.getOpcode() == Opcodes.INSTANCEOF)) {
                cast(owner, m, t);
            } else if (insn instanceof LdcInsnNode ldc && ldc.cst instanceof Type c && c.getSort() == Type.OBJECT
                    && !world.isKnown(c.getInternalName())) {
                literals = true;
            }
        }
        if (literals) {
            literals(owner, m);
        }
    }

    private void cast(String owner, MethodNode m, TypeInsnNode t) {
        boolean array = t.desc.startsWith("[");
        if (array && !t.desc.startsWith("[L")) {
            return;
        }
        String type = array ? t.desc.substring(2, t.desc.length() - 1) : t.desc;
        if (array && t.desc.lastIndexOf('[') != 0 || world.isKnown(type)) {
            return;
        }
        AbstractInsnNode source = previous(t);
        if (source != null && ((array ? "[" : "") + ANNOTATION).equals(staticType(m, source))) {
            evidence.readReflectively(type, "annotation interface: an Annotation is cast to it in "
                    + Names.javaName(owner) + "." + m.name + m.desc);
        }
    }

    /** The descriptor of the value {@code insn} pushes, where it says so itself; else null. */
    private static String staticType(MethodNode m, AbstractInsnNode insn) {
        if (insn instanceof MethodInsnNode mi) {
            return Type.getReturnType(mi.desc).getDescriptor();
        }
        if (insn instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC)) {
            return f.desc;
        }
        if (insn instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD) {
            return localType(m, v);
        }
        return null;
    }

    /** A parameter's declared type (javac never reuses a parameter's slot), else the debug info's. */
    private static String localType(MethodNode m, VarInsnNode v) {
        int slot = (m.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
        for (Type p : Type.getArgumentTypes(m.desc)) {
            if (slot == v.var) {
                return p.getDescriptor();
            }
            slot += p.getSize();
        }
        if (v.var < slot || m.localVariables == null) {
            return null;
        }
        int at = m.instructions.indexOf(v);
        for (LocalVariableNode lv : m.localVariables) {
            if (lv.index == v.var && m.instructions.indexOf(lv.start) <= at && at < m.instructions.indexOf(lv.end)) {
                return lv.desc;
            }
        }
        return null;
    }

    private void literals(String owner, MethodNode m) {
        Frame<SourceValue>[] frames = null;
        boolean analysed = false;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (!(insn instanceof MethodInsnNode mi) || mi.owner.startsWith("[")) {
                continue;
            }
            int mask = annotationClassParameters(world, mi.owner, mi.name, mi.desc, mi.itf);
            boolean accessor = false;
            if (mask == 0) {
                mask = accessorClassParameters(mi);
                accessor = mask != 0;
            }
            if (mask == 0) {
                mask = optionalElementCandidates(mi);
                if (mask != 0) {
                    if (!analysed) {
                        analysed = true;
                        frames = sources(owner, m);
                    }
                    if (!elementInOptional(m, mi, frames)) {
                        mask = 0;
                    }
                }
            }
            int placed = world.isKnown(mi.owner) ? 0 : classArguments(mi.desc); // AnnotationPlaces decides
            if ((mask | placed) == 0) {
                continue;
            }
            int n = Type.getArgumentTypes(mi.desc).length;
            for (int i = 0; i < n && i < Integer.SIZE; i++) {
                if (((mask | placed) & (1 << i)) == 0) {
                    continue;
                }
                AbstractInsnNode last = i == n - 1 ? previous(mi) : null;
                List<AbstractInsnNode> producers = List.of();
                if (last != null && literalType(last) != null) {
                    producers = List.of(last);
                } else {
                    if (!analysed) {
                        analysed = true;
                        frames = sources(owner, m);
                    }
                    Frame<SourceValue> f = frames == null ? null : frames[m.instructions.indexOf(mi)];
                    if (f != null && f.getStackSize() >= n) {
                        producers = List.copyOf(f.getStack(f.getStackSize() - n + i).insns);
                    }
                }
                for (AbstractInsnNode producer : producers) {
                    if ((mask & (1 << i)) != 0) {
                        literal(producer, owner, m, mi, accessor ? i : -1);
                    }
                    String type = literalType(producer);
                    if ((placed & (1 << i)) != 0 && type != null) {
                        places.passedToPhantom(type, mi.owner, mi.name, mi.desc, i, Names.javaName(owner) + "." + m.name + m.desc);
                    }
                }
            }
        }
    }

    /**
     * The arguments of a call of {@code owner.name desc} that take the class of an annotation type,
     * as a bit mask (bit i: argument i): as the known method's {@code Signature} says, or for a
     * phantom's method, its {@code Class} arguments when it also takes an {@code AnnotatedElement}.
     */
    static int annotationClassParameters(ClassWorld world, String owner, String name, String desc, boolean itf) {
        if (world.isKnown(owner)) {
            MemberInfo target = world.resolveMethod(owner, name, desc, itf);
            return target == null ? 0 : target.annotationClassParameters();
        }
        return classArgumentsBeside(desc, ANNOTATED_ELEMENT);
    }

    /**
     * The {@code Class} arguments of a method descriptor as a bit mask (bit i: argument i), if it
     * also takes an argument of type {@code beside} (a descriptor); else 0.
     */
    private static int classArgumentsBeside(String desc, String beside) {
        for (Type arg : Type.getArgumentTypes(desc)) {
            if (arg.getDescriptor().equals(beside)) {
                return classArguments(desc);
            }
        }
        return 0;
    }

    /** The {@code Class} arguments of a method descriptor as a bit mask (bit i: argument i). */
    private static int classArguments(String desc) {
        Type[] args = Type.getArgumentTypes(desc);
        int classes = 0;
        for (int i = 0; i < args.length && i < Integer.SIZE; i++) {
            if (args[i].getDescriptor().equals("Ljava/lang/Class;")) {
                classes |= 1 << i;
            }
        }
        return classes;
    }

    /**
     * The {@code Class} arguments of a call of a phantom's method that takes no
     * {@code AnnotatedElement} but an {@code Optional} (junit-platform-commons'
     * {@code findAnnotation(Optional<? extends AnnotatedElement>, Class<A>)}), as a bit mask; they
     * count only if the program's own generic types say the {@code Optional} holds an
     * {@code AnnotatedElement} ({@link #elementInOptional}).
     */
    private int optionalElementCandidates(MethodInsnNode mi) {
        if (world.isKnown(mi.owner)) {
            return 0;
        }
        return classArgumentsBeside(mi.desc, OPTIONAL);
    }

    /**
     * Whether every {@code Optional} argument of {@code call} is a parameter or local variable that
     * the program's own {@code Signature} or {@code LocalVariableTypeTable} declares an
     * {@code Optional<AnnotatedElement>} (or {@code Optional<? extends AnnotatedElement>}): junit's
     * {@code TimeoutExtension.readTimeoutFromAnnotation(Optional<AnnotatedElement> element)} passes
     * {@code element} and {@code Timeout.class}. Another producer (a call's result, whose type
     * argument the erased descriptor does not show) is no evidence.
     */
    private static boolean elementInOptional(MethodNode m, MethodInsnNode call, Frame<SourceValue>[] frames) {
        Frame<SourceValue> f = frames == null ? null : frames[m.instructions.indexOf(call)];
        Type[] args = Type.getArgumentTypes(call.desc);
        int n = args.length;
        if (f == null || f.getStackSize() < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (!args[i].getDescriptor().equals(OPTIONAL)) {
                continue;
            }
            SourceValue arg = f.getStack(f.getStackSize() - n + i);
            if (arg.insns.isEmpty()) {
                return false;
            }
            for (AbstractInsnNode producer : arg.insns) {
                String declared = producer instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD ? genericLocalType(m, v) : null;
                if (declared == null || !OPTIONAL_ELEMENT.contains(declared)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The generic type of the variable {@code v} loads: a parameter's from the method's {@code Signature}, else the debug info's. */
    private static String genericLocalType(MethodNode m, VarInsnNode v) {
        int slot = (m.access & Opcodes.ACC_STATIC) != 0 ? 0 : 1;
        Type[] params = Type.getArgumentTypes(m.desc);
        List<String> generic = m.signature == null ? List.of() : SignatureParameters.of(m.signature);
        for (int i = 0; i < params.length; i++) {
            if (slot == v.var) {
                return generic.size() == params.length ? generic.get(i) : null; // javac leaves out synthetic parameters
            }
            slot += params[i].getSize();
        }
        if (m.localVariables == null) {
            return null;
        }
        int at = m.instructions.indexOf(v);
        for (LocalVariableNode lv : m.localVariables) {
            if (lv.index == v.var && lv.signature != null && m.instructions.indexOf(lv.start) <= at
                    && at < m.instructions.indexOf(lv.end)) {
                return lv.signature;
            }
        }
        return null;
    }

    /**
     * The {@code Class} arguments of a call of a known synthetic static method (an accessor, which
     * has no {@code Signature}: whether it wants the class of an annotation type is decided by what
     * it passes them to, {@link AnnotationPlaces#followAccessors}), as a bit mask; 0 for other calls.
     */
    private int accessorClassParameters(MethodInsnNode mi) {
        if (mi.getOpcode() != Opcodes.INVOKESTATIC || !world.isKnown(mi.owner)) {
            return 0;
        }
        MemberInfo target = world.resolveMethod(mi.owner, mi.name, mi.desc, mi.itf);
        if (target == null || !target.isStatic() || (target.access() & Opcodes.ACC_SYNTHETIC) == 0) {
            return 0;
        }
        return classArguments(mi.desc);
    }

    /**
     * Records {@code insn} if it is a phantom's class literal. With {@code accessorArgument}
     * {@code >= 0} the call is a synthetic accessor's, and the literal is evidence only if the
     * accessor passes that argument on to a parameter that wants the class of an annotation type
     * (decided once the whole program is scanned).
     */
    private void literal(AbstractInsnNode insn, String owner, MethodNode m, MethodInsnNode call, int accessorArgument) {
        String type = literalType(insn);
        if (type == null || world.isKnown(type)) {
            return;
        }
        String where = " in " + Names.javaName(owner) + "." + m.name + m.desc;
        if (accessorArgument >= 0) {
            places.passedToAccessor(type, call.owner, call.name, call.desc, accessorArgument, where);
        } else {
            evidence.readReflectively(type, "annotation interface: its class literal is passed to "
                    + Names.javaName(call.owner) + "." + call.name + where);
        }
    }

    /** The class {@code insn} loads the literal of, if it is an {@code ldc} of a class (not an array); else null. */
    private static String literalType(AbstractInsnNode insn) {
        return insn instanceof LdcInsnNode ldc && ldc.cst instanceof Type c && c.getSort() == Type.OBJECT ? c.getInternalName() : null;
    }

    private static Frame<SourceValue>[] sources(String owner, MethodNode m) {
        try {
            return SourceFrames.analyze(owner, m);
        } catch (AnalyzerException | RuntimeException e) {
            return null; // code the analysis cannot follow (old jsr/ret, damaged frames): no evidence
        }
    }

    /** The instruction before {@code insn}, skipping labels, line numbers and frames; null at the start. */
    private static AbstractInsnNode previous(AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p != null && p.getOpcode() < 0) {
            p = p.getPrevious();
        }
        return p;
    }
}
