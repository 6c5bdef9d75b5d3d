package org.jphantom.discover;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.jphantom.model.Origin;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Records what one method of a program class references: its descriptor, signature, throws
 * clause, annotations, handlers, local variables, and every instruction's operands (members,
 * types, constants, method handles, invokedynamic bootstrap arguments, StackMapTable frames); the
 * exceptions around each call of a phantom method; {@code throw new P(..)} of an unchecked
 * phantom. Answers whether the method's code needs the dataflow: it mentions a relevant type.
 */
final class MethodScanner {
    private static final String LMF = "java/lang/invoke/LambdaMetafactory";

    private final Discovery discovery;
    private final References refs;
    private final AnnotationScanner annotations;
    private final HandlerAttribution handlers;
    private final AnnotationReads annotationReads;
    private final CheckedCover cover;
    private final ElidedCasts elidedCasts;

    MethodScanner(ClassWorld world, Discovery discovery, References refs, AnnotationScanner annotations) {
        this.discovery = discovery;
        this.refs = refs;
        this.annotations = annotations;
        this.handlers = new HandlerAttribution(world);
        this.annotationReads = new AnnotationReads(world, discovery.annotationEvidence(), discovery.annotationPlaces());
        this.cover = new CheckedCover(world);
        this.elidedCasts = new ElidedCasts(world, discovery.memberTypeArguments());
    }

    /**
     * Records method {@code m} of {@code cn}.
     *
     * @param classRelevant whether the class itself is relevant (then every method needs the dataflow)
     * @return whether the method's code needs the dataflow
     */
    boolean scan(ClassNode cn, MethodNode m, boolean classRelevant) {
        UseSite head = new UseSite(cn.name, m).at(-1, "method descriptor");
        boolean rel = refs.descriptor(m.desc, head) | classRelevant;
        refs.values(m.desc);
        discovery.genericArity().classOrMethodSignature(m.signature);
        discovery.kindEvidence().signature(m.signature);
        discovery.syntheticAccessors().method(cn.name, m);
        discovery.annotationPlaces().method(cn.name, cn.superName, m);
        if (m.exceptions != null) {
            for (String e : m.exceptions) {
                discovery.kindEvidence().classUse(e);
                discovery.superClassEvidence().named(e);
                rel |= refs.type(e, new UseSite(cn.name, m).at(-1, "throws clause"));
            }
        }
        annotations.annotations(m.visibleAnnotations, head);
        annotations.annotations(m.invisibleAnnotations, head);
        annotations.uses(m.visibleAnnotations, m.invisibleAnnotations, m.name.equals("<init>") ? "CONSTRUCTOR" : "METHOD");
        if (m.visibleParameterAnnotations != null) {
            for (List<AnnotationNode> l : m.visibleParameterAnnotations) {
                annotations.annotations(l, head);
                annotations.uses(l, null, "PARAMETER");
            }
        }
        if (m.invisibleParameterAnnotations != null) {
            for (List<AnnotationNode> l : m.invisibleParameterAnnotations) {
                annotations.annotations(l, head);
                annotations.uses(null, l, "PARAMETER");
            }
        }
        if (m.annotationDefault != null) {
            annotations.annotationDefault(m.annotationDefault, head);
        }
        for (int i = 0; i < m.tryCatchBlocks.size(); i++) {
            TryCatchBlockNode tcb = m.tryCatchBlocks.get(i);
            if (tcb.type != null) {
                discovery.kindEvidence().classUse(tcb.type);
                discovery.superClassEvidence().named(tcb.type);
                rel |= refs.type(tcb.type, new UseSite(cn.name, m).at(m.instructions.indexOf(tcb.handler), "exception handler"));
            }
        }
        if (m.localVariables != null) {
            for (int i = 0; i < m.localVariables.size(); i++) {
                LocalVariableNode lv = m.localVariables.get(i);
                discovery.genericArity().typeSignature(lv.signature);
                rel |= refs.descriptor(lv.desc, head);
            }
        }
        // One site for every instruction: its Origin is built only if a discovery keeps it.
        UseSite site = new UseSite(cn.name, m);
        Map<Integer, Set<String>> attributed = null;
        int index = 0;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext(), index++) {
            boolean relevant = instruction(site.at(index, insn), insn);
            rel |= relevant;
            if (insn.getOpcode() == Opcodes.ATHROW && javacChecked(cn)) {
                thrown(m, insn, index);
            }
            // (a call of a phantom's method is relevant: the known owners of the others are not looked up again)
            if (relevant && insn instanceof MethodInsnNode mi && !mi.owner.startsWith("[") && !refs.known(mi.owner)) {
                if (attributed == null) {
                    attributed = handlers.attribute(m);
                }
                Set<String> evidence = new HashSet<>();
                for (String e : attributed.getOrDefault(index, Set.of())) {
                    if (handlers.accessible(mi.owner, e)) {
                        evidence.add(e);
                    }
                }
                discovery.caughtExceptions().use(mi.owner, mi.name, mi.desc, covering(m, index), evidence);
            }
        }
        if (rel) {
            // These find evidence only where the code names a phantom (a cast to one, its class
            // literal, a member of one), and a method that does is relevant: the others (nearly
            // all) are not walked again.
            annotationReads.method(cn.name, m);
            discovery.fieldSignatures().method(m, owner -> !owner.startsWith("[") && !refs.known(owner));
            elidedCasts.method(cn.name, m, owner -> !refs.known(owner));
        }
        return rel;
    }

    private boolean instruction(UseSite o, AbstractInsnNode insn) {
        switch (insn.getType()) {
            case AbstractInsnNode.FIELD_INSN: {
                FieldInsnNode f = (FieldInsnNode) insn;
                boolean isStatic = f.getOpcode() == Opcodes.GETSTATIC || f.getOpcode() == Opcodes.PUTSTATIC;
                boolean rel = refs.memberInstruction(f.owner, f.name, f.desc, true, isStatic, false, o);
                // only phantoms' kinds are ever asked for (and a phantom owner makes the reference relevant)
                if (rel && isStatic && !f.owner.startsWith("[") && !refs.known(f.owner)) {
                    if (f.getOpcode() == Opcodes.GETSTATIC && KindEvidence.ofMemberType(f.desc, f.owner)) {
                        discovery.kindEvidence().memberConstant(f.owner);
                    } else {
                        discovery.kindEvidence().classUse(f.owner);
                    }
                }
                return rel;
            }
            case AbstractInsnNode.METHOD_INSN: {
                MethodInsnNode mi = (MethodInsnNode) insn;
                if (mi.getOpcode() == Opcodes.INVOKEVIRTUAL && mi.name.equals("ordinal") && mi.desc.equals("()I")) {
                    discovery.superClassEvidence().enumUse(mi.owner);
                }
                return refs.memberInstruction(mi.owner, mi.name, mi.desc, false, mi.getOpcode() == Opcodes.INVOKESTATIC,
                        mi.itf, o);
            }
            case AbstractInsnNode.TYPE_INSN: {
                TypeInsnNode t = (TypeInsnNode) insn;
                refs.access(t.desc);
                if (t.getOpcode() != Opcodes.NEW) {
                    if (t.desc.startsWith("[")) {
                        refs.values(t.desc);
                    } else if (!refs.known(t.desc)) {
                        discovery.kindEvidence().value(t.desc); // only phantoms' kinds are ever asked for
                    }
                }
                return refs.type(t.desc, o);
            }
            case AbstractInsnNode.MULTIANEWARRAY_INSN: {
                MultiANewArrayInsnNode t = (MultiANewArrayInsnNode) insn;
                refs.access(t.desc);
                return refs.type(t.desc, o);
            }
            case AbstractInsnNode.LDC_INSN: {
                Object cst = ((LdcInsnNode) insn).cst;
                if (cst instanceof Type t && (t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY)) {
                    refs.access(t.getInternalName());
                }
                return refs.constant(cst, o);
            }
            case AbstractInsnNode.INVOKE_DYNAMIC_INSN:
                return invokeDynamic((InvokeDynamicInsnNode) insn, o);
            case AbstractInsnNode.FRAME: {
                FrameNode fn = (FrameNode) insn;
                return frameTypes(fn.local, o) | frameTypes(fn.stack, o);
            }
            default:
                return false;
        }
    }

    private boolean invokeDynamic(InvokeDynamicInsnNode indy, Supplier<Origin> o) {
        boolean rel = refs.descriptor(indy.desc, o) | refs.handle(indy.bsm, o);
        for (Object arg : indy.bsmArgs) {
            rel |= refs.constant(arg, o);
        }
        Type fi = Type.getReturnType(indy.desc);
        if (LMF.equals(indy.bsm.getOwner()) && indy.bsmArgs.length >= 1 && indy.bsmArgs[0] instanceof Type sam
                && fi.getSort() == Type.OBJECT) {
            // the functional interface method that the lambda implements
            refs.member(fi.getInternalName(), indy.name, sam.getDescriptor(), false, false, true, o);
            if (!refs.known(fi.getInternalName()) && indy.bsmArgs.length >= 3
                    && indy.bsmArgs[2] instanceof Type inst && inst.getSort() == Type.METHOD) {
                discovery.memberSignatures().lambda(fi.getInternalName(), indy.name, sam.getDescriptor(),
                        inst.getDescriptor());
            }
        }
        return rel;
    }

    private boolean frameTypes(List<Object> types, Supplier<Origin> o) {
        boolean rel = false;
        if (types != null) {
            for (int i = 0; i < types.size(); i++) {
                if (types.get(i) instanceof String s) {
                    rel |= refs.type(s, o);
                }
            }
        }
        return rel;
    }

    /**
     * Whether javac's exception checking (JLS 11.2) stands behind {@code cn}'s code: its
     * {@code SourceFile} attribute is absent or names a {@code .java} file. scalac, kotlinc and
     * groovyc check no exceptions, so a throw that nothing covers in a class they compiled says
     * nothing about the exception (pekko throws {@code scala.MatchError}, a
     * {@code RuntimeException}, and would throw a checked exception the same way).
     */
    private static boolean javacChecked(ClassNode cn) {
        return cn.sourceFile == null || cn.sourceFile.endsWith(".java");
    }

    /**
     * {@code throw new P(..)} of a phantom {@code P} (the {@code athrow} right after P's constructor
     * call) that neither a handler nor {@code m}'s {@code throws} clause covers ({@link CheckedCover}):
     * P is unchecked.
     */
    private void thrown(MethodNode m, AbstractInsnNode athrow, int index) {
        AbstractInsnNode prev = athrow.getPrevious();
        while (prev != null && prev.getOpcode() < 0) {
            prev = prev.getPrevious();
        }
        if (!(prev instanceof MethodInsnNode init) || prev.getOpcode() != Opcodes.INVOKESPECIAL
                || !init.name.equals("<init>") || init.owner.startsWith("[") || refs.known(init.owner)) {
            return;
        }
        for (String c : covering(m, index)) {
            if (c.equals(init.owner) || cover.covers(c, init.owner)) {
                return; // P may be a checked exception below c
            }
        }
        discovery.superClassEvidence().thrownUndeclared(init.owner);
    }

    /** The handler types around instruction {@code index} of {@code m}, and {@code m}'s throws clause. */
    private static Set<String> covering(MethodNode m, int index) {
        Set<String> out = new HashSet<>();
        if (m.exceptions != null) {
            out.addAll(m.exceptions);
        }
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            if (tcb.type != null && m.instructions.indexOf(tcb.start) <= index && index < m.instructions.indexOf(tcb.end)) {
                out.add(tcb.type);
            }
        }
        return out;
    }
}
