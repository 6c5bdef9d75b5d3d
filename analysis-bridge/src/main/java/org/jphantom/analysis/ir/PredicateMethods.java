package org.jphantom.analysis.ir;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Boolean methods that are tests of a parameter: a method returns true only when a {@link Guard}
 * holds for one of its reference parameters (picocli's {@code isAnnotated(AnnotatedElement e)}
 * is {@code e.isAnnotationPresent(Option.class) || ...}). Found by an edge-sensitive pass over the
 * method's bytecode: the value of a recognised test ({@link Predicates}) is "true only if its guard
 * holds", a branch on it lets the guard hold on the edge it takes when true, {@code iconst_1}
 * stands for what holds on its path and {@code iconst_0} is never true; what reaches
 * {@code ireturn} is the method's answer. A method with code the pass does not model (stores,
 * arithmetic, handlers, switches) is no test. Only calls whose target is exact (static, private or
 * final methods) use a summary. Summaries are made once per method.
 */
final class PredicateMethods {
    private static final int MAX_INSTRUCTIONS = 400;

    /** A summary: true only when {@code guard} holds for parameter {@code param} (0 = the first declared). */
    private record Summary(int param, Guard guard) {
    }

    private static final Summary NONE = new Summary(-1, null);

    private final Program program;
    private final Map<JMethod, Summary> summaries = new HashMap<>();
    private final Set<JMethod> computing = new HashSet<>();

    PredicateMethods(Program program) {
        this.program = program;
    }

    /** The test that {@code call}, a call of a boolean method, makes of a local passed to it, or null. */
    Predicates.Tested test(MethodInsnNode call, StraightCode code, Predicates predicates) {
        if (call.owner.startsWith("[") || call.desc.indexOf('L') < 0 && call.desc.indexOf('[') < 0
                || program.world().isPlatformName(call.owner)) {
            return null; // no reference to test, or the JDK's (which tests no members of the program)
        }
        JMethod target = program.resolveMethod(call.owner, call.name, call.desc,
                call.getOpcode() == Opcodes.INVOKEINTERFACE || call.itf);
        if (target == null || !exact(call, target)) {
            return null;
        }
        Summary s = summary(target);
        if (s == NONE) {
            return null;
        }
        // the arguments, each pushed by one instruction right before the call
        int n = Type.getArgumentTypes(call.desc).length;
        AbstractInsnNode push = call;
        for (int k = n - 1; k >= s.param; k--) {
            push = code.previous(push);
            if (push == null || !simplePush(push)) {
                return null;
            }
        }
        int slot = Predicates.loadedLocal(push);
        return slot < 0 ? null : new Predicates.Tested(slot, s.guard);
    }

    private boolean exact(MethodInsnNode call, JMethod target) {
        return call.getOpcode() == Opcodes.INVOKESTATIC ? target.isStatic()
                : call.getOpcode() != Opcodes.INVOKEINTERFACE && !target.isStatic()
                && (target.isPrivate() || (target.access() & Opcodes.ACC_FINAL) != 0);
    }

    private static boolean simplePush(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        return (op >= Opcodes.ACONST_NULL && op <= Opcodes.ALOAD) || op == Opcodes.GETSTATIC;
    }

    private Summary summary(JMethod m) {
        Summary s = summaries.get(m);
        if (s != null) {
            return s;
        }
        if (!computing.add(m)) {
            return NONE; // a recursive test: not modelled
        }
        try {
            s = compute(m);
        } finally {
            computing.remove(m);
        }
        summaries.put(m, s);
        return s;
    }

    private Summary compute(JMethod m) {
        MethodNode node = program.code(m);
        if (node == null || !node.tryCatchBlocks.isEmpty() || node.instructions.size() > MAX_INSTRUCTIONS
                || !Type.getReturnType(m.desc()).equals(Type.BOOLEAN_TYPE)) {
            return NONE;
        }
        Truth answer = new Pass(node, new StraightCode(node.instructions, node.tryCatchBlocks),
                new Predicates(this)).run();
        if (answer == null || answer.slot < 0) {
            return NONE;
        }
        int slot = m.isStatic() ? 0 : 1;
        Type[] params = Type.getArgumentTypes(m.desc());
        for (int i = 0; i < params.length; i++) {
            if (slot == answer.slot) {
                return IRBuilder.isRef(params[i]) ? new Summary(i, answer.guard) : NONE;
            }
            slot += params[i].getSize();
        }
        return NONE;
    }

    /**
     * What an int value (or a path) says: {@link #NEVER} true; true only if {@link #guard} holds
     * for local {@link #slot}; or nothing ({@code null} stands for that).
     */
    private record Truth(int slot, Guard guard) {
        static Truth join(Truth a, Truth b) {
            if (a == NEVER) {
                return b;
            }
            if (b == NEVER) {
                return a;
            }
            if (a == null || b == null || a.slot != b.slot) {
                return null;
            }
            return a.equals(b) ? a : new Truth(a.slot, a.guard.or(b.guard));
        }
    }

    private static final Truth NEVER = new Truth(-1, null);

    /** The pass over one method: per instruction, what holds on the way there and the stack's truths. */
    private static final class Pass {
        final InsnList insns;
        final StraightCode code;
        final Predicates predicates;
        final Set<Integer> storedLocals = new HashSet<>();
        final Truth[] facts;
        final Truth[][] stacks;
        final boolean[] reached;
        final ArrayDeque<Integer> work = new ArrayDeque<>();
        Truth answer = NEVER;

        Pass(MethodNode node, StraightCode code, Predicates predicates) {
            this.insns = node.instructions;
            this.code = code;
            this.predicates = predicates;
            int n = insns.size();
            this.facts = new Truth[n];
            this.stacks = new Truth[n][];
            this.reached = new boolean[n];
            for (AbstractInsnNode i = insns.getFirst(); i != null; i = i.getNext()) {
                if (i instanceof VarInsnNode v && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE) {
                    storedLocals.add(v.var);
                }
            }
        }

        /** The method's answer, or null when it is no test (or its code is not modelled). */
        Truth run() {
            flow(0, null, new Truth[0]);
            while (!work.isEmpty()) {
                int i = work.poll();
                if (!step(i, insns.get(i), facts[i], stacks[i])) {
                    return null;
                }
            }
            return answer == NEVER ? null : answer;
        }

        private void flow(int to, Truth fact, Truth[] stack) {
            if (to >= facts.length) {
                return;
            }
            if (!reached[to]) {
                reached[to] = true;
                facts[to] = fact;
                stacks[to] = stack;
                work.add(to);
                return;
            }
            Truth[] old = stacks[to];
            if (old.length != stack.length) {
                stacks[to] = null; // inconsistent depths: step() fails on it
                work.add(to);
                return;
            }
            Truth f = Truth.join(facts[to], fact);
            Truth[] merged = old.clone();
            for (int k = 0; k < merged.length; k++) {
                merged[k] = Truth.join(old[k], stack[k]);
            }
            if (!java.util.Objects.equals(f, facts[to]) || !Arrays.equals(merged, old)) {
                facts[to] = f;
                stacks[to] = merged;
                work.add(to);
            }
        }

        private boolean step(int i, AbstractInsnNode insn, Truth fact, Truth[] stack) {
            if (stack == null) {
                return false;
            }
            int op = insn.getOpcode();
            if (op < 0) {
                flow(i + 1, fact, stack);
                return true;
            }
            switch (op) {
                case Opcodes.ICONST_0:
                    flow(i + 1, fact, push(stack, NEVER));
                    return true;
                case Opcodes.ICONST_1:
                    flow(i + 1, fact, push(stack, fact));
                    return true;
                case Opcodes.ACONST_NULL: case Opcodes.ICONST_M1: case Opcodes.ICONST_2: case Opcodes.ICONST_3:
                case Opcodes.ICONST_4: case Opcodes.ICONST_5: case Opcodes.BIPUSH: case Opcodes.SIPUSH:
                case Opcodes.LDC: case Opcodes.ILOAD: case Opcodes.ALOAD: case Opcodes.GETSTATIC:
                    flow(i + 1, fact, push(stack, null));
                    return true;
                case Opcodes.CHECKCAST:
                    flow(i + 1, fact, stack);
                    return true;
                case Opcodes.GETFIELD: case Opcodes.INSTANCEOF:
                    flow(i + 1, fact, push(pop(stack, 1), null));
                    return true;
                case Opcodes.POP:
                    flow(i + 1, fact, pop(stack, 1));
                    return true;
                case Opcodes.INVOKEVIRTUAL: case Opcodes.INVOKESPECIAL: case Opcodes.INVOKESTATIC:
                case Opcodes.INVOKEINTERFACE: {
                    MethodInsnNode call = (MethodInsnNode) insn;
                    int args = Type.getArgumentTypes(call.desc).length + (op == Opcodes.INVOKESTATIC ? 0 : 1);
                    if (stack.length < args) {
                        return false;
                    }
                    Truth[] after = pop(stack, args);
                    if (Type.getReturnType(call.desc) != Type.VOID_TYPE) {
                        Predicates.Tested t = predicates.booleanTest(call, code);
                        after = push(after, t == null || storedLocals.contains(t.slot()) ? null
                                : new Truth(t.slot(), t.guard()));
                    }
                    flow(i + 1, fact, after);
                    return true;
                }
                case Opcodes.IFEQ: case Opcodes.IFNE: {
                    if (stack.length < 1) {
                        return false;
                    }
                    Truth v = stack[stack.length - 1];
                    Truth[] after = pop(stack, 1);
                    int target = insns.indexOf(((JumpInsnNode) insn).label);
                    Truth whenTrue = v == null ? fact : v;
                    // ifne jumps when the value is true; ifeq falls through then. A NEVER value is never true.
                    int trueEdge = op == Opcodes.IFNE ? target : i + 1;
                    int falseEdge = op == Opcodes.IFNE ? i + 1 : target;
                    if (v != NEVER) {
                        flow(trueEdge, whenTrue, after);
                    }
                    flow(falseEdge, fact, after);
                    return true;
                }
                case Opcodes.IFNULL: case Opcodes.IFNONNULL: case Opcodes.IFLT: case Opcodes.IFGE: case Opcodes.IFGT:
                case Opcodes.IFLE: {
                    if (stack.length < 1) {
                        return false;
                    }
                    Truth[] after = pop(stack, 1);
                    flow(insns.indexOf(((JumpInsnNode) insn).label), fact, after);
                    flow(i + 1, fact, after);
                    return true;
                }
                case Opcodes.GOTO:
                    flow(insns.indexOf(((JumpInsnNode) insn).label), fact, stack);
                    return true;
                case Opcodes.IRETURN:
                    if (stack.length < 1) {
                        return false;
                    }
                    answer = Truth.join(answer, stack[stack.length - 1]);
                    return true;
                case Opcodes.ATHROW:
                    return true;
                default:
                    return false;
            }
        }

        private static Truth[] push(Truth[] stack, Truth v) {
            Truth[] out = Arrays.copyOf(stack, stack.length + 1);
            out[stack.length] = v;
            return out;
        }

        private static Truth[] pop(Truth[] stack, int n) {
            return Arrays.copyOf(stack, stack.length - n);
        }
    }
}
