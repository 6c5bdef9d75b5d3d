package org.jphantom.discover;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.jphantom.world.ClassWorld;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * Finds the casts javac inserted where a generic value read from a phantom member is used: in
 * {@code String s = holder.names.get(0)} the bytecode reads the phantom field {@code names}
 * (erased {@code List}), calls {@code List.get} (whose {@code Signature} returns {@code E}) and
 * casts the result to {@code String}; javac wrote that cast because the field is a
 * {@code List<String>}. From each {@code checkcast} it walks back through the calls that produced
 * the cast value, using the known methods' own signatures ({@code Iterator<E> iterator()},
 * {@code Set<Map.Entry<K,V>> entrySet()}, {@code E next()}), through local variables and through
 * earlier casts to a known generic class, to a phantom field read or phantom method call, and
 * records which type argument of that member's type the cast names ({@link MemberTypeArguments}).
 * The walk stops at anything else: a wildcard, a static or inherited known method, a variable of
 * the method itself. A static phantom method gets no evidence: its result most often depends on
 * its own type parameters, which each call instantiates anew. The result of a phantom instance
 * method stored straight into a generic local is evidence too, so a use of another instantiation
 * ({@code List<T> xs = p.all()}) makes the evidence disagree. A method's sources are analysed
 * ({@link SourceFrames}) only when it reads a phantom member of an object type, casts the result of
 * a call and calls a known method that returns a type variable of its class (without one, no walk
 * gets past its first call).
 */
final class ElidedCasts {
    private static final int DEPTH = 8;

    private final ClassWorld world;
    private final KnownGenerics generics;
    private final MemberTypeArguments evidence;

    ElidedCasts(ClassWorld world, MemberTypeArguments evidence) {
        this.world = world;
        this.generics = new KnownGenerics(world);
        this.evidence = evidence;
    }

    /** Reads the elided casts of {@code m} (of class {@code owner}); {@code phantom} tells a phantom owner. */
    void method(String owner, MethodNode m, Predicate<String> phantom) {
        if (!scan(m, phantom) || !startsPath(m, phantom)) {
            return;
        }
        Frame<SourceValue>[] frames;
        try {
            frames = SourceFrames.analyze(owner, m);
        } catch (AnalyzerException | RuntimeException e) {
            return; // code the analysis cannot follow (old jsr/ret, damaged frames): no evidence
        }
        Walk walk = new Walk(m, frames, phantom);
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn.getOpcode() == Opcodes.CHECKCAST && frames[m.instructions.indexOf(insn)] != null) {
                String target = ((TypeInsnNode) insn).desc;
                String type = target.startsWith("[") ? target : "L" + target + ";";
                TypeTree t = TypeTree.parse(type);
                if (t != null && generics.writable(t)) {
                    walk.operand(insn, List.of(), type, 0);
                }
            }
        }
    }

    /**
     * One pass over {@code m}'s code: records the results of phantom instance methods stored straight
     * into a generic local ({@link MemberTypeArguments#returnedInto}) and tells whether {@code m} reads
     * a phantom member of an object type and casts a call's result (a candidate for the analysis).
     */
    private boolean scan(MethodNode m, Predicate<String> phantom) {
        boolean generic = genericLocals(m);
        boolean read = false, cast = false;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof FieldInsnNode f) {
                read = read || (f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC)
                        && f.desc.charAt(0) == 'L' && !f.owner.startsWith("[") && phantom.test(f.owner);
            } else if (insn instanceof MethodInsnNode mi) {
                if ((generic || !read) && mi.desc.endsWith(";") && !mi.owner.startsWith("[") && phantom.test(mi.owner)) {
                    read = read || mi.desc.charAt(mi.desc.lastIndexOf(')') + 1) == 'L';
                    if (generic && mi.getOpcode() != Opcodes.INVOKESTATIC) {
                        returnedInto(m, mi);
                    }
                }
            } else if (!cast && insn.getOpcode() == Opcodes.CHECKCAST) {
                cast = FieldSignatures.previous(insn) instanceof MethodInsnNode;
            }
        }
        return read && cast;
    }

    private static boolean genericLocals(MethodNode m) {
        if (m.localVariables != null) {
            for (LocalVariableNode lv : m.localVariables) {
                if (lv.signature != null) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Evidence from phantom instance method call {@code mi} when its result is stored straight into a generic local. */
    private void returnedInto(MethodNode m, MethodInsnNode mi) {
        AbstractInsnNode next = FieldSignatures.next(mi);
        if (next instanceof VarInsnNode v && v.getOpcode() == Opcodes.ASTORE) {
            TypeTree local = TypeTree.parse(FieldSignatures.localSignature(m, v, true));
            String ret = Type.getReturnType(mi.desc).getDescriptor();
            if (local != null && local.sort() == 'L' && !local.nested() && ret.equals("L" + local.name() + ";")) {
                evidence.returnedInto(CaughtExceptions.key(mi.owner, mi.name, mi.desc), local);
            }
        }
    }

    /**
     * Whether {@code m} calls a known method that returns a type variable of its class
     * ({@code E List.get(int)}): the walk back from a cast finds evidence only through such a call
     * ({@link Walk#call}), so a method without one needs no analysis.
     */
    private boolean startsPath(MethodNode m, Predicate<String> phantom) {
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof MethodInsnNode mi && mi.desc.endsWith(";") && classVariable(mi, phantom) >= 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The position, among the type parameters of known class {@code mi.owner}, of the type variable
     * that instance method {@code mi} (declared by that class) returns; -1 when it returns anything
     * else, or the call is static, of a phantom, or of an inherited method.
     */
    private int classVariable(MethodInsnNode mi, Predicate<String> phantom) {
        TypeTree.Method sig = declaredSignature(mi, phantom);
        if (sig == null || sig.returnType().sort() != 'T') {
            return -1;
        }
        String variable = sig.returnType().name();
        return sig.formals().contains(variable) ? -1 : generics.formals(mi.owner).indexOf(variable);
    }

    /**
     * The {@code Signature} of the known instance method {@code mi} calls, when its owner is plainly
     * generic and declares it itself; null otherwise.
     */
    private TypeTree.Method declaredSignature(MethodInsnNode mi, Predicate<String> phantom) {
        if (mi.owner.startsWith("[") || phantom.test(mi.owner) || mi.getOpcode() == Opcodes.INVOKESTATIC
                || !world.isKnown(mi.owner)) {
            return null;
        }
        MemberInfo target = world.resolveMethod(mi.owner, mi.name, mi.desc, mi.itf);
        List<String> formals = generics.formals(mi.owner);
        if (target == null || !target.owner().equals(mi.owner) || formals == null || formals.isEmpty()) {
            return null; // declared elsewhere: its variables are another class's, which this walk does not map
        }
        return TypeTree.parseMethod(target.signature());
    }

    /** The walk back from the casts of one method. */
    private final class Walk {
        private final MethodNode m;
        private final Frame<SourceValue>[] frames;
        private final Predicate<String> phantom;

        Walk(MethodNode m, Frame<SourceValue>[] frames, Predicate<String> phantom) {
            this.m = m;
            this.frames = frames;
            this.phantom = phantom;
        }

        /** The value on top of the stack before {@code insn} has {@code type} at {@code path}. */
        void operand(AbstractInsnNode insn, List<Integer> path, String type, int depth) {
            Frame<SourceValue> f = frames[m.instructions.indexOf(insn)];
            if (f != null && f.getStackSize() > 0) {
                produced(f.getStack(f.getStackSize() - 1), path, type, depth);
            }
        }

        private void produced(SourceValue value, List<Integer> path, String type, int depth) {
            if (depth > DEPTH || value.insns.isEmpty()) {
                return;
            }
            Set<AbstractInsnNode> seen = new HashSet<>();
            for (AbstractInsnNode p : value.insns) {
                if (seen.add(p)) {
                    producer(p, path, type, depth + 1);
                }
            }
        }

        private void producer(AbstractInsnNode p, List<Integer> path, String type, int depth) {
            if (p instanceof FieldInsnNode f && (f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC)) {
                if (!path.isEmpty() && !f.owner.startsWith("[") && phantom.test(f.owner)) {
                    evidence.field(f.owner + "." + f.name + ":" + f.desc, path, type);
                }
            } else if (p instanceof MethodInsnNode mi) {
                call(mi, path, type, depth);
            } else if (p instanceof VarInsnNode v && v.getOpcode() == Opcodes.ALOAD) {
                Frame<SourceValue> f = frames[m.instructions.indexOf(v)];
                if (f != null && v.var < f.getLocals()) {
                    for (AbstractInsnNode store : f.getLocal(v.var).insns) {
                        if (store.getOpcode() == Opcodes.ASTORE) {
                            operand(store, path, type, depth);
                        }
                    }
                }
            } else if (p.getOpcode() == Opcodes.CHECKCAST && !path.isEmpty()) {
                operand(p, path, type, depth); // an earlier elided cast to a generic class: follow its operand
            }
        }

        private void call(MethodInsnNode mi, List<Integer> path, String type, int depth) {
            if (mi.owner.startsWith("[")) {
                return;
            }
            if (phantom.test(mi.owner)) {
                if (!path.isEmpty() && mi.getOpcode() != Opcodes.INVOKESTATIC) {
                    evidence.returned(CaughtExceptions.key(mi.owner, mi.name, mi.desc), path, type);
                }
                return;
            }
            TypeTree.Method sig = declaredSignature(mi, phantom);
            if (sig == null) {
                return;
            }
            List<String> formals = generics.formals(mi.owner);
            TypeTree node = sig.returnType();
            for (int i = 0; ; i++) {
                if (node.sort() == 'T') {
                    int j = formals.indexOf(node.name());
                    if (j < 0 || sig.formals().contains(node.name())) {
                        return; // the method's own variable, or not the class's
                    }
                    List<Integer> receiverPath = new ArrayList<>();
                    receiverPath.add(j);
                    receiverPath.addAll(path.subList(i, path.size()));
                    Frame<SourceValue> f = frames[m.instructions.indexOf(mi)];
                    int args = Type.getArgumentTypes(mi.desc).length;
                    if (f != null && f.getStackSize() > args) {
                        produced(f.getStack(f.getStackSize() - args - 1), receiverPath, type, depth);
                    }
                    return;
                }
                if (i == path.size() || node.sort() != 'L' || node.nested() || path.get(i) >= node.arguments().size()) {
                    return; // a concrete type says nothing of the receiver's arguments
                }
                node = node.arguments().get(path.get(i));
            }
        }
    }
}
