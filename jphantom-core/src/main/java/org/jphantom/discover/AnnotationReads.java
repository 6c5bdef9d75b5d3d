package org.jphantom.discover;

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
 * another {@code Class} is no evidence: {@code resolveTypeArgument(Class, Class)}). The producer of an argument other than the last is found by
 * ASM's source analysis of the method, run only for a method with both such a call and a phantom
 * class literal.
 */
final class AnnotationReads {
    private static final String ANNOTATION = "Ljava/lang/annotation/Annotation;";
    private static final String ANNOTATED_ELEMENT = "Ljava/lang/reflect/AnnotatedElement;";

    private final ClassWorld world;
    private final AnnotationEvidence evidence;

    AnnotationReads(ClassWorld world, AnnotationEvidence evidence) {
        this.world = world;
        this.evidence = evidence;
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
            int mask = annotationClassParameters(mi);
            if (mask == 0) {
                continue;
            }
            int n = Type.getArgumentTypes(mi.desc).length;
            for (int i = 0; i < n; i++) {
                if ((mask & (1 << i)) == 0) {
                    continue;
                }
                if (i == n - 1 && literal(previous(mi), owner, m, mi)) {
                    continue;
                }
                if (!analysed) {
                    analysed = true;
                    frames = sources(owner, m);
                }
                Frame<SourceValue> f = frames == null ? null : frames[m.instructions.indexOf(mi)];
                if (f != null && f.getStackSize() >= n) {
                    SourceValue arg = f.getStack(f.getStackSize() - n + i);
                    for (AbstractInsnNode producer : arg.insns) {
                        literal(producer, owner, m, mi);
                    }
                }
            }
        }
    }

    /** The arguments of the call that take the class of an annotation type, as a bit mask (bit i: argument i). */
    private int annotationClassParameters(MethodInsnNode mi) {
        if (world.isKnown(mi.owner)) {
            MemberInfo target = world.resolveMethod(mi.owner, mi.name, mi.desc, mi.itf);
            return target == null ? 0 : target.annotationClassParameters();
        }
        Type[] args = Type.getArgumentTypes(mi.desc);
        int classes = 0;
        boolean element = false;
        for (int i = 0; i < args.length && i < Integer.SIZE; i++) {
            String d = args[i].getDescriptor();
            element |= d.equals(ANNOTATED_ELEMENT);
            if (d.equals("Ljava/lang/Class;")) {
                classes |= 1 << i;
            }
        }
        return element ? classes : 0;
    }

    /** Records {@code insn} if it is a phantom's class literal; whether it is one. */
    private boolean literal(AbstractInsnNode insn, String owner, MethodNode m, MethodInsnNode call) {
        if (insn instanceof LdcInsnNode ldc && ldc.cst instanceof Type c && c.getSort() == Type.OBJECT
                && !world.isKnown(c.getInternalName())) {
            evidence.readReflectively(c.getInternalName(), "annotation interface: its class literal is passed to "
                    + Names.javaName(call.owner) + "." + call.name + " in " + Names.javaName(owner) + "." + m.name + m.desc);
            return true;
        }
        return false;
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
