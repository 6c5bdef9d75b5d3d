package org.jphantom.analysis.ir;

import java.util.Set;
import org.jphantom.analysis.ir.Guard.Predicate;
import org.jphantom.analysis.ir.Guard.Test;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The tests of a member meta-object that guards come from, recognised in straight code (so the
 * tested object is the one in the local variable when the test ends):
 * <ul>
 *   <li>{@code m.isAnnotationPresent(A.class)}, and {@code m.getAnnotation(A.class)} (or
 *       {@code getDeclaredAnnotation}) checked against null, directly or through a local;
 *   <li>{@code m.getName().equals("s")}, {@code "s".equals(m.getName())} and
 *       {@code m.getName().startsWith("s")};
 *   <li>a call of a method that cannot be overridden and returns true only when such tests of one
 *       of its parameters hold ({@link PredicateMethods}), such as picocli's
 *       {@code isAnnotated(AnnotatedElement)}, with the local passed for that parameter.
 * </ul>
 * {@code m} is a local holding a {@code Method}, {@code Constructor}, {@code Field} or any
 * reference typed by their supertypes; the JDK's member classes define what the tests mean.
 */
final class Predicates {
    private static final Set<String> MEMBER_TYPES = Set.of("java/lang/reflect/Method", "java/lang/reflect/Constructor",
            "java/lang/reflect/Field", "java/lang/reflect/Executable", "java/lang/reflect/AccessibleObject",
            "java/lang/reflect/AnnotatedElement", "java/lang/reflect/Member");
    private static final String CLASS_ARG = "(Ljava/lang/Class;)";

    /** A test of the reference in local {@code slot}: it held {@code guard} when the test was true. */
    record Tested(int slot, Guard guard) {
    }

    private final PredicateMethods methods;

    /** @param methods what calls of predicate methods test; null to recognise only the JDK's tests */
    Predicates(PredicateMethods methods) {
        this.methods = methods;
    }

    /** The test whose boolean result {@code call} returns, or null. */
    Tested booleanTest(MethodInsnNode call, StraightCode code) {
        if (isMemberCall(call, "isAnnotationPresent", CLASS_ARG + "Z")) {
            return annotationOf(call, code);
        }
        if (call.owner.equals("java/lang/String") && call.getOpcode() == Opcodes.INVOKEVIRTUAL) {
            Test test = call.name.equals("equals") && call.desc.equals("(Ljava/lang/Object;)Z") ? Test.NAME_EQUALS
                    : call.name.equals("startsWith") && call.desc.equals("(Ljava/lang/String;)Z") ? Test.NAME_STARTS_WITH
                    : null;
            return test == null ? null : nameTest(call, test, code);
        }
        if (methods != null && Type.getReturnType(call.desc) == Type.BOOLEAN_TYPE) {
            return methods.test(call, code, this);
        }
        return null;
    }

    /** The test a null check ({@code ifnull}/{@code ifnonnull}) of an annotation makes when it is not null, or null. */
    Tested nullTest(JumpInsnNode check, StraightCode code) {
        AbstractInsnNode p = code.previous(check);
        if (p instanceof VarInsnNode load && load.getOpcode() == Opcodes.ALOAD) {
            AbstractInsnNode store = code.previous(load);
            if (!(store instanceof VarInsnNode s && s.getOpcode() == Opcodes.ASTORE && s.var == load.var)) {
                return null;
            }
            p = code.previous(store);
            Tested t = p == null ? null : annotationLookup(p, code);
            return t == null || t.slot == load.var ? null : t;
        }
        return p == null ? null : annotationLookup(p, code);
    }

    private Tested annotationLookup(AbstractInsnNode p, StraightCode code) {
        if (p.getOpcode() == Opcodes.CHECKCAST) {
            p = code.previous(p);
        }
        if (p instanceof MethodInsnNode call && (isMemberCall(call, "getAnnotation", CLASS_ARG
                + "Ljava/lang/annotation/Annotation;") || isMemberCall(call, "getDeclaredAnnotation", CLASS_ARG
                + "Ljava/lang/annotation/Annotation;"))) {
            return annotationOf(call, code);
        }
        return null;
    }

    /** {@code aload k; ldc A.class; call}: local k annotated with A. */
    private Tested annotationOf(MethodInsnNode call, StraightCode code) {
        AbstractInsnNode c = code.previous(call);
        if (!(c instanceof LdcInsnNode ldc && ldc.cst instanceof Type t && t.getSort() == Type.OBJECT)) {
            return null;
        }
        int slot = loadedLocal(code.previous(c));
        return slot < 0 ? null : new Tested(slot, Guard.of(new Predicate(Test.ANNOTATED, t.getInternalName())));
    }

    /** {@code aload k; getName(); ldc "s"; test}, or {@code ldc "s"; aload k; getName(); equals}. */
    private Tested nameTest(MethodInsnNode call, Test test, StraightCode code) {
        AbstractInsnNode p = code.previous(call);
        String constant;
        AbstractInsnNode name;
        if (p instanceof LdcInsnNode ldc && ldc.cst instanceof String s) {
            constant = s;
            name = code.previous(p);
            if (!(name instanceof MethodInsnNode n && isMemberCall(n, "getName", "()Ljava/lang/String;"))) {
                return null;
            }
            int slot = loadedLocal(code.previous(name));
            return slot < 0 ? null : new Tested(slot, Guard.of(new Predicate(test, constant)));
        }
        if (test == Test.NAME_EQUALS && p instanceof MethodInsnNode n && isMemberCall(n, "getName",
                "()Ljava/lang/String;")) {
            AbstractInsnNode load = code.previous(n);
            int slot = loadedLocal(load);
            AbstractInsnNode before = slot < 0 ? null : code.previous(load);
            if (before instanceof LdcInsnNode ldc && ldc.cst instanceof String s) {
                return new Tested(slot, Guard.of(new Predicate(test, s)));
            }
        }
        return null;
    }

    /** The local an {@code aload} reads, or -1. */
    static int loadedLocal(AbstractInsnNode insn) {
        return insn instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD ? v.var : -1;
    }

    private static boolean isMemberCall(MethodInsnNode call, String name, String desc) {
        return call.getOpcode() != Opcodes.INVOKESTATIC && call.name.equals(name) && call.desc.equals(desc)
                && MEMBER_TYPES.contains(call.owner);
    }
}
