package org.jphantom.discover;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jphantom.JphantomException;
import org.jphantom.model.Origin;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InnerClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.RecordComponentNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * Finds every type and member a class references, from every place the JVM can load a class
 * from: supertypes, descriptors, instruction operands, constants, method handles, invokedynamic
 * bootstrap arguments, exception handlers, throws clauses, StackMapTable frames, annotations and
 * the InnerClasses, EnclosingMethod, NestHost, NestMembers, PermittedSubclasses and Record
 * attributes. Types the world lacks become phantoms in the {@link Discovery}. It also tells which
 * methods need the dataflow: those that mention a phantom type or a known type whose ancestry
 * contains one; all other constraints are between fixed types and need no solving.
 */
public final class ReferenceScanner {
    private static final String LMF = "java/lang/invoke/LambdaMetafactory";

    private final ClassWorld world;
    private final Discovery discovery;
    private final Map<String, Boolean> relevant = new HashMap<>();
    private final Map<String, String[]> descriptorClasses = new HashMap<>();
    private final Predicate<String> concealed;
    private final Map<String, Boolean> concealedCache = new HashMap<>();
    private final HandlerAttribution handlers;
    private final AnnotationReads annotationReads;
    /** The class being scanned. */
    private String current;

    public ReferenceScanner(ClassWorld world, Discovery discovery) {
        this(world, discovery, name -> false);
    }

    /**
     * @param concealed whether a known class lies in a platform package that its module does not
     *     export to the program (an access the JVM refuses); the scanner records the program
     *     classes that name such a class where the JVM checks access ({@link Discovery#concealedUses()})
     */
    public ReferenceScanner(ClassWorld world, Discovery discovery, Predicate<String> concealed) {
        this.world = world;
        this.discovery = discovery;
        this.concealed = concealed;
        this.handlers = new HandlerAttribution(world);
        this.annotationReads = new AnnotationReads(world, discovery.annotationEvidence());
    }

    /**
     * Whether constraints involving {@code type} (internal name or array descriptor) can matter
     * to the solver: the type or its element type is phantom, or has a phantom ancestor.
     */
    public boolean isRelevant(String type) {
        Boolean r = relevant.get(type);
        if (r == null) {
            String t = type;
            if (t.startsWith("[")) {
                Type el = Type.getType(t).getElementType();
                t = el.getSort() == Type.OBJECT ? el.getInternalName() : null;
            }
            r = t != null && (!world.isKnown(t) || world.hasPhantomAncestor(t));
            relevant.put(type, r);
        }
        return r;
    }

    /**
     * Scans one program class.
     *
     * @return the indexes (in {@code cn.methods}) of the methods whose code needs the dataflow
     */
    public BitSet scan(ClassNode cn) {
        Supplier<Origin> classOrigin = fixed(Origin.ofClass(cn.name, "declaration"));
        boolean classRelevant = isRelevant(cn.name);
        current = cn.name;
        discovery.genericArity().classOrMethodSignature(cn.signature);
        discovery.kindEvidence().signature(cn.signature);
        if (cn.superName != null) {
            type(cn.superName, fixed(Origin.ofClass(cn.name, "super class")));
            access(cn.superName);
        }
        for (String itf : cn.interfaces) {
            type(itf, fixed(Origin.ofClass(cn.name, "super interface")));
            access(itf);
            if ((cn.access & Opcodes.ACC_INTERFACE) == 0 && !world.isKnown(itf)) {
                discovery.annotationEvidence().implementedByClass(itf);
            }
        }
        annotations(cn.visibleAnnotations, classOrigin);
        annotations(cn.invisibleAnnotations, classOrigin);
        uses(cn.visibleAnnotations, cn.invisibleAnnotations, "TYPE");
        if (cn.outerClass != null) {
            type(cn.outerClass, fixed(Origin.ofClass(cn.name, "EnclosingMethod")));
            if (cn.outerMethod != null && cn.outerMethodDesc != null) {
                methodDesc(cn.outerMethodDesc, fixed(Origin.ofClass(cn.name, "EnclosingMethod")));
            }
        }
        if (cn.nestHostClass != null) {
            type(cn.nestHostClass, fixed(Origin.ofClass(cn.name, "NestHost")));
            if (!world.isKnown(cn.nestHostClass)) {
                discovery.nestHostClaim(cn.nestHostClass, cn.name);
            }
        }
        list(cn.nestMembers, fixed(Origin.ofClass(cn.name, "NestMembers")));
        list(cn.permittedSubclasses, fixed(Origin.ofClass(cn.name, "PermittedSubclasses")));
        if (cn.innerClasses != null) {
            for (InnerClassNode ic : cn.innerClasses) {
                type(ic.name, fixed(Origin.ofClass(cn.name, "InnerClasses")));
                if (!world.isKnown(ic.name)) {
                    discovery.kindEvidence().innerClassFlags(ic.name, ic.access);
                    discovery.annotationEvidence().innerClassFlags(ic.name, ic.access);
                }
                if (ic.outerName != null && ic.innerName != null && !world.isKnown(ic.name)) {
                    discovery.innerClass(new InnerClassRef(ic.name, ic.outerName, ic.innerName, ic.access,
                            ic.outerName.equals(cn.name)));
                }
                if (ic.outerName != null) {
                    type(ic.outerName, fixed(Origin.ofClass(cn.name, "InnerClasses")));
                }
            }
        }
        if (cn.recordComponents != null) {
            for (RecordComponentNode rc : cn.recordComponents) {
                Supplier<Origin> o = fixed(Origin.ofClass(cn.name, "record component " + rc.name));
                discovery.genericArity().typeSignature(rc.signature);
                fieldDesc(rc.descriptor, o);
                annotations(rc.visibleAnnotations, o);
                annotations(rc.invisibleAnnotations, o);
            }
        }
        for (FieldNode f : cn.fields) {
            Supplier<Origin> o = fixed(Origin.ofClass(cn.name, "field " + f.name));
            fieldDesc(f.desc, o);
            valueUses(f.desc);
            discovery.genericArity().typeSignature(f.signature);
            annotations(f.visibleAnnotations, o);
            annotations(f.invisibleAnnotations, o);
            uses(f.visibleAnnotations, f.invisibleAnnotations, "FIELD");
        }
        bridges(cn);
        BitSet analyse = new BitSet();
        List<MethodNode> methods = cn.methods;
        for (int i = 0; i < methods.size(); i++) {
            if (method(cn, methods.get(i), classRelevant)) {
                analyse.set(i);
            }
        }
        return analyse;
    }

    private boolean method(ClassNode cn, MethodNode m, boolean classRelevant) {
        UseSite head = new UseSite(cn.name, m).at(-1, "method descriptor");
        boolean rel = methodDesc(m.desc, head) | classRelevant;
        valueUses(m.desc);
        discovery.genericArity().classOrMethodSignature(m.signature);
        discovery.kindEvidence().signature(m.signature);
        if (m.exceptions != null) {
            for (String e : m.exceptions) {
                discovery.kindEvidence().classUse(e);
                discovery.superClassEvidence().named(e);
                rel |= type(e, new UseSite(cn.name, m).at(-1, "throws clause"));
            }
        }
        annotations(m.visibleAnnotations, head);
        annotations(m.invisibleAnnotations, head);
        uses(m.visibleAnnotations, m.invisibleAnnotations, m.name.equals("<init>") ? "CONSTRUCTOR" : "METHOD");
        if (m.visibleParameterAnnotations != null) {
            for (List<AnnotationNode> l : m.visibleParameterAnnotations) {
                annotations(l, head);
                uses(l, null, "PARAMETER");
            }
        }
        if (m.invisibleParameterAnnotations != null) {
            for (List<AnnotationNode> l : m.invisibleParameterAnnotations) {
                annotations(l, head);
                uses(null, l, "PARAMETER");
            }
        }
        if (m.annotationDefault != null) {
            annotationValue(null, null, m.annotationDefault, head);
        }
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            if (tcb.type != null) {
                discovery.kindEvidence().classUse(tcb.type);
                discovery.superClassEvidence().named(tcb.type);
                rel |= type(tcb.type, new UseSite(cn.name, m).at(m.instructions.indexOf(tcb.handler), "exception handler"));
            }
        }
        if (m.localVariables != null) {
            for (LocalVariableNode lv : m.localVariables) {
                discovery.genericArity().typeSignature(lv.signature);
                rel |= fieldDesc(lv.desc, head);
            }
        }
        annotationReads.method(cn.name, m);
        discovery.fieldSignatures().method(m, owner -> !owner.startsWith("[") && !world.isKnown(owner));
        // One site for every instruction: its Origin is built only if a discovery keeps it.
        UseSite site = new UseSite(cn.name, m);
        Map<Integer, Set<String>> attributed = null;
        int index = 0;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext(), index++) {
            rel |= instruction(site.at(index, insn), insn);
            if (insn.getOpcode() == Opcodes.ATHROW) {
                thrown(m, insn, index);
            }
            if (insn instanceof MethodInsnNode mi && !world.isKnown(mi.owner) && !mi.owner.startsWith("[")) {
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
        return rel;
    }

    private boolean instruction(UseSite o, AbstractInsnNode insn) {
        switch (insn.getType()) {
            case AbstractInsnNode.FIELD_INSN: {
                FieldInsnNode f = (FieldInsnNode) insn;
                access(f.owner);
                privateAccess(f.owner, f.name, f.desc, true);
                boolean rel = type(f.owner, o) | fieldDesc(f.desc, o);
                boolean isStatic = f.getOpcode() == Opcodes.GETSTATIC || f.getOpcode() == Opcodes.PUTSTATIC;
                valueUses(f.desc);
                if (isStatic) {
                    discovery.kindEvidence().classUse(f.owner);
                }
                member(f.owner, f.name, f.desc, true, isStatic, false, o);
                return rel;
            }
            case AbstractInsnNode.METHOD_INSN: {
                MethodInsnNode mi = (MethodInsnNode) insn;
                access(mi.owner);
                if (mi.getOpcode() == Opcodes.INVOKEVIRTUAL && mi.name.equals("ordinal") && mi.desc.equals("()I")) {
                    discovery.superClassEvidence().enumUse(mi.owner);
                }
                privateAccess(mi.owner, mi.name, mi.desc, false);
                boolean rel = type(mi.owner, o) | methodDesc(mi.desc, o);
                valueUses(mi.desc);
                member(mi.owner, mi.name, mi.desc, false, mi.getOpcode() == Opcodes.INVOKESTATIC, mi.itf, o);
                return rel;
            }
            case AbstractInsnNode.TYPE_INSN: {
                TypeInsnNode t = (TypeInsnNode) insn;
                access(t.desc);
                if (t.getOpcode() != Opcodes.NEW) {
                    if (t.desc.startsWith("[")) {
                        valueUses(t.desc);
                    } else {
                        discovery.kindEvidence().value(t.desc);
                    }
                }
                return type(t.desc, o);
            }
            case AbstractInsnNode.MULTIANEWARRAY_INSN: {
                MultiANewArrayInsnNode t = (MultiANewArrayInsnNode) insn;
                access(t.desc);
                return type(t.desc, o);
            }
            case AbstractInsnNode.LDC_INSN: {
                Object cst = ((LdcInsnNode) insn).cst;
                if (cst instanceof Type t && (t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY)) {
                    access(t.getInternalName());
                }
                return constant(cst, o);
            }
            case AbstractInsnNode.INVOKE_DYNAMIC_INSN: {
                InvokeDynamicInsnNode indy = (InvokeDynamicInsnNode) insn;
                boolean rel = methodDesc(indy.desc, o) | handle(indy.bsm, o);
                for (Object arg : indy.bsmArgs) {
                    rel |= constant(arg, o);
                }
                Type fi = Type.getReturnType(indy.desc);
                if (LMF.equals(indy.bsm.getOwner()) && indy.bsmArgs.length >= 1 && indy.bsmArgs[0] instanceof Type sam
                        && fi.getSort() == Type.OBJECT) {
                    // the functional interface method that the lambda implements
                    member(fi.getInternalName(), indy.name, sam.getDescriptor(), false, false, true, o);
                    if (!world.isKnown(fi.getInternalName()) && indy.bsmArgs.length >= 3
                            && indy.bsmArgs[2] instanceof Type inst && inst.getSort() == Type.METHOD) {
                        discovery.memberSignatures().lambda(fi.getInternalName(), indy.name, sam.getDescriptor(),
                                inst.getDescriptor());
                    }
                }
                return rel;
            }
            case AbstractInsnNode.FRAME: {
                FrameNode fn = (FrameNode) insn;
                return frameTypes(fn.local, o) | frameTypes(fn.stack, o);
            }
            default:
                return false;
        }
    }

    /**
     * A class the JVM resolves with an access check (JVMS 5.4.4): a super type, or the class an
     * instruction names (an array's element type). Records a use of a concealed platform class.
     */
    private void access(String name) {
        String c = name;
        if (c.startsWith("[")) {
            int l = c.indexOf('L');
            if (l < 0) {
                return;
            }
            c = c.substring(l + 1, c.length() - 1);
        }
        Boolean hidden = concealedCache.get(c);
        if (hidden == null) {
            hidden = concealed.test(c);
            concealedCache.put(c, hidden);
        }
        if (hidden) {
            discovery.concealedUse(current, c);
        }
    }

    /**
     * A use of a member that another program class declares private: the JVM allows it between
     * nestmates only (JVMS 5.4.4). Records the use when the two classes are not nestmates (a damaged
     * NestHost or NestMembers attribute, or code compiled for another nest).
     */
    private void privateAccess(String owner, String name, String desc, boolean field) {
        if (owner.equals(current) || !world.isProgramClass(owner)) {
            return;
        }
        org.jphantom.world.ClassInfo declaring = world.lookup(owner);
        org.jphantom.world.MemberInfo m = field ? declaring.field(name, desc) : declaring.method(name, desc);
        if (m != null && m.isPrivate() && !world.nestHostOf(current).equals(world.nestHostOf(owner))) {
            discovery.privateAccess(current, owner + "." + name + (field ? ":" : "") + desc);
        }
    }

    private boolean frameTypes(List<Object> types, Supplier<Origin> o) {
        boolean rel = false;
        if (types != null) {
            for (Object t : types) {
                if (t instanceof String s) {
                    rel |= type(s, o);
                }
            }
        }
        return rel;
    }

    private boolean constant(Object cst, Supplier<Origin> o) {
        if (cst instanceof Type t) {
            return t.getSort() == Type.METHOD ? methodDesc(t.getDescriptor(), o) : fieldDesc(t.getDescriptor(), o);
        } else if (cst instanceof Handle h) {
            return handle(h, o);
        } else if (cst instanceof ConstantDynamic cd) {
            boolean rel = fieldDesc(cd.getDescriptor(), o) | handle(cd.getBootstrapMethod(), o);
            for (int i = 0; i < cd.getBootstrapMethodArgumentCount(); i++) {
                rel |= constant(cd.getBootstrapMethodArgument(i), o);
            }
            return rel;
        }
        return false;
    }

    /**
     * Bridge methods of a class whose signature gives phantom supertypes type arguments: the bridge
     * has the phantom method's erased descriptor, the method it calls the specialised one.
     */
    private void bridges(ClassNode cn) {
        if (cn.signature == null) {
            return;
        }
        Map<String, List<String>> supers = null;
        for (MethodNode m : cn.methods) {
            if ((m.access & Opcodes.ACC_BRIDGE) == 0 || (m.access & Opcodes.ACC_STATIC) != 0) {
                continue;
            }
            if (supers == null) {
                supers = SupertypeArguments.of(cn.signature);
                supers.keySet().removeIf(world::isKnown);
            }
            MethodInsnNode target = null;
            for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
                if (insn instanceof MethodInsnNode mi && mi.owner.equals(cn.name) && mi.name.equals(m.name)
                        && !mi.desc.equals(m.desc)) {
                    target = mi;
                }
            }
            if (target != null) {
                for (Map.Entry<String, List<String>> e : supers.entrySet()) {
                    discovery.memberSignatures().bridge(e.getKey(), m.name, m.desc, target.desc, e.getValue());
                }
            }
        }
    }

    /**
     * {@code throw new P(..)} of a phantom {@code P} (the {@code athrow} right after P's constructor
     * call) that neither a handler nor {@code m}'s {@code throws} clause covers: P is unchecked.
     */
    private void thrown(MethodNode m, AbstractInsnNode athrow, int index) {
        AbstractInsnNode prev = athrow.getPrevious();
        while (prev != null && prev.getOpcode() < 0) {
            prev = prev.getPrevious();
        }
        if (!(prev instanceof MethodInsnNode init) || prev.getOpcode() != Opcodes.INVOKESPECIAL
                || !init.name.equals("<init>") || world.isKnown(init.owner) || init.owner.startsWith("[")) {
            return;
        }
        for (String c : covering(m, index)) {
            if (c.equals(init.owner) || c.equals("java/lang/Exception") || c.equals("java/lang/Throwable")
                    || !world.isKnown(c)) {
                return; // covered, possibly by a phantom supertype
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

    private boolean handle(Handle h, Supplier<Origin> o) {
        boolean rel = type(h.getOwner(), o);
        if (h.getTag() >= Opcodes.H_INVOKEVIRTUAL && !world.isKnown(h.getOwner())) {
            discovery.caughtExceptions().use(h.getOwner(), h.getName(), h.getDesc(), Set.of(), Set.of());
        }
        int tag = h.getTag();
        boolean field = tag <= Opcodes.H_PUTSTATIC;
        rel |= field ? fieldDesc(h.getDesc(), o) : methodDesc(h.getDesc(), o);
        boolean isStatic = tag == Opcodes.H_GETSTATIC || tag == Opcodes.H_PUTSTATIC || tag == Opcodes.H_INVOKESTATIC;
        member(h.getOwner(), h.getName(), h.getDesc(), field, isStatic, h.isInterface(), o);
        return rel;
    }

    private void member(String owner, String name, String desc, boolean field, boolean isStatic, boolean itf,
                        Supplier<Origin> o) {
        discovery.member(owner, name, desc, field, isStatic, itf, o);
    }

    private void list(List<String> names, Supplier<Origin> o) {
        if (names != null) {
            for (String n : names) {
                type(n, o);
            }
        }
    }

    private void uses(List<AnnotationNode> visible, List<AnnotationNode> invisible, String target) {
        discovery.annotationUses().record(visible, true, target);
        discovery.annotationUses().record(invisible, false, target);
    }

    private void annotations(List<AnnotationNode> annotations, Supplier<Origin> o) {
        if (annotations == null) {
            return;
        }
        for (AnnotationNode a : annotations) {
            annotation(a, o);
        }
    }

    private void annotation(AnnotationNode a, Supplier<Origin> o) {
        String type = Type.getType(a.desc).getInternalName();
        fieldDesc(a.desc, o);
        if (a.values != null) {
            for (int i = 0; i + 1 < a.values.size(); i += 2) {
                annotationValue(type, (String) a.values.get(i), a.values.get(i + 1), o);
            }
        }
    }

    private void annotationValue(String annotationType, String name, Object value, Supplier<Origin> o) {
        String desc = null;
        if (value instanceof String[] e) {
            fieldDesc(e[0], o);
            desc = e[0];
            // the constant is a static field of the enum type (read reflectively by the JVM)
            member(Type.getType(e[0]).getInternalName(), e[1], e[0], true, true, false, o);
        } else if (value instanceof Type t) {
            fieldDesc(t.getDescriptor(), o);
            desc = "Ljava/lang/Class;";
        } else if (value instanceof AnnotationNode nested) {
            annotation(nested, o);
            desc = nested.desc;
        } else if (value instanceof List<?> list) {
            String elementDesc = null;
            for (Object v : list) {
                annotationValue(null, null, v, o);
                if (elementDesc == null) {
                    elementDesc = elementDesc(v);
                }
            }
            desc = "[" + (elementDesc == null ? "Ljava/lang/String;" : elementDesc);
        } else if (value != null) {
            desc = elementDesc(value);
        }
        if (annotationType != null && name != null && desc != null && !world.isKnown(annotationType)) {
            discovery.annotationElement(annotationType, name, desc);
        }
    }

    private static String elementDesc(Object v) {
        if (v instanceof String[] e) {
            return e[0];
        } else if (v instanceof Type) {
            return "Ljava/lang/Class;";
        } else if (v instanceof AnnotationNode n) {
            return n.desc;
        } else if (v instanceof String) {
            return "Ljava/lang/String;";
        } else if (v instanceof Integer) {
            return "I";
        } else if (v instanceof Long) {
            return "J";
        } else if (v instanceof Float) {
            return "F";
        } else if (v instanceof Double) {
            return "D";
        } else if (v instanceof Boolean) {
            return "Z";
        } else if (v instanceof Byte) {
            return "B";
        } else if (v instanceof Character) {
            return "C";
        } else if (v instanceof Short) {
            return "S";
        }
        return null;
    }

    /**
     * Records the class types of a descriptor (a method's parameters and return, or a field's type;
     * element types of arrays) as handled values.
     */
    private void valueUses(String desc) {
        for (String c : classesIn(desc)) {
            discovery.kindEvidence().value(c);
        }
    }

    private boolean methodDesc(String desc, Supplier<Origin> o) {
        return descriptor(desc, o);
    }

    private boolean fieldDesc(String desc, Supplier<Origin> o) {
        return descriptor(desc, o);
    }

    private boolean descriptor(String desc, Supplier<Origin> o) {
        boolean rel = false;
        for (String c : classesIn(desc)) {
            rel |= type(c, o);
        }
        return rel;
    }

    /**
     * The class names a well-formed method or field descriptor mentions, in order (element types of
     * arrays included). Descriptors repeat across a program, so each is parsed once per scanner.
     */
    private String[] classesIn(String desc) {
        String[] classes = descriptorClasses.get(desc);
        if (classes == null) {
            List<String> found = new ArrayList<>(2);
            for (int i = 0; i < desc.length(); i++) {
                if (desc.charAt(i) == 'L') {
                    int end = desc.indexOf(';', i);
                    found.add(desc.substring(i + 1, end));
                    i = end;
                }
            }
            classes = found.toArray(String[]::new);
            descriptorClasses.put(desc, classes);
        }
        return classes;
    }

    /** Records a referenced type (internal name or array descriptor); returns its relevance. */
    private boolean type(String name, Supplier<Origin> o) {
        if (name.startsWith("[")) {
            return fieldDesc(name, o);
        }
        if (!world.isKnown(name)) {
            if (!Names.isValidClassName(name)) {
                Origin where = o.get();
                throw JphantomException.input(where.className().replace('/', '.') + ": references an invalid class name '"
                        + name + "' (" + where + ")");
            }
            discovery.phantomType(name, o);
            return true;
        }
        return isRelevant(name);
    }

    static String opcodeName(int opcode) {
        return Names.opcode(opcode);
    }

    private static Supplier<Origin> fixed(Origin o) {
        return () -> o;
    }
}
