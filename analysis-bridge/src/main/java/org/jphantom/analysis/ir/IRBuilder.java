package org.jphantom.analysis.ir;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Turns the bytecode of one method into {@link MethodIR}. A first pass runs ASM's {@link Analyzer}
 * with {@link DefInterpreter}, so each reference operand is known as the set of definitions that
 * reach it; a second pass, over the finished frames indexed by instruction, emits one statement
 * per reference-relevant instruction. A definition is one variable; a use that several
 * definitions reach reads a merge variable fed by a copy from each (one per distinct set). Where a
 * branch on a test of a local guards code ({@link GuardSites}), the local gets a new definition
 * there, fed through the test's {@link Guard}.
 *
 * <p>{@code invokedynamic} with {@code LambdaMetafactory} allocates an object of a synthetic class
 * (one per call site) that implements the functional interface; its method loads the captured
 * values from the object's synthetic fields and calls the implementation method; a serializable
 * one ({@code altMetafactory} with {@code FLAG_SERIALIZABLE}) also has the {@code writeReplace()}
 * of the JDK's class ({@link LambdaSerialization}). Other
 * {@code invokedynamic} sites (string concatenation, records' object methods, switches) allocate an
 * abstract object of their return type and are kept as {@link DynamicCall}s for the models.
 */
public final class IRBuilder {
    private final Program program;
    private final List<String> warnings = new ArrayList<>();
    private final LambdaClasses lambdaClasses;
    private final Predicates predicates;

    /** @param syntheticBodies receives the IR of each method of a synthetic (lambda) class made */
    public IRBuilder(Program program, BiConsumer<JMethod, MethodIR> syntheticBodies) {
        this.program = program;
        this.lambdaClasses = new LambdaClasses(program, syntheticBodies);
        this.predicates = new Predicates(new PredicateMethods(program));
    }

    /** Methods whose bytecode could not be analysed (their IR is empty), one line each. */
    public List<String> warnings() {
        return warnings;
    }

    public MethodIR build(JMethod m, MethodNode node) {
        return new Pass(m, node).run();
    }

    static boolean isRef(Type t) {
        return t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY;
    }

    private static boolean isRefDesc(String desc) {
        return desc.charAt(0) == 'L' || desc.charAt(0) == '[';
    }

    /** The type name {@link Program#type} expects for a field/array descriptor. */
    private static String typeNameOf(String desc) {
        return desc.charAt(0) == 'L' ? desc.substring(1, desc.length() - 1) : desc;
    }

    private final class Pass {
        final JMethod m;
        final MethodNode node;
        final InsnList insns;
        final MethodIR.Builder b;
        int[] defVar;
        final Map<DefValue, Integer> mergeVars = new HashMap<>();
        int ordinal;
        int lambdas;
        /** The non-lambda invokedynamic sites, emitted last: their ordinals follow the calls'. */
        final List<DynamicSite> dynamicSites = new ArrayList<>();
        int line;

        Pass(JMethod m, MethodNode node) {
            this.m = m;
            this.node = node;
            this.insns = node.instructions;
            this.b = new MethodIR.Builder(m);
        }

        MethodIR run() {
            int n = insns.size();
            List<GuardSites.Site> guards = GuardSites.find(node, predicates, n + node.maxLocals + 1);
            DefInterpreter interp = new DefInterpreter(insns, node.maxLocals, guards.size());
            // most methods have no guard: no maps for them
            Map<AbstractInsnNode, GuardSites.Site> branches = guards.isEmpty() ? Map.of() : new java.util.IdentityHashMap<>();
            Analyzer<DefValue> analyzer;
            if (guards.isEmpty()) {
                analyzer = new Analyzer<>(interp);
            } else {
                Map<AbstractInsnNode, List<GuardSites.Site>> starts = new java.util.IdentityHashMap<>();
                for (GuardSites.Site g : guards) {
                    starts.computeIfAbsent(g.start(), k -> new ArrayList<>(1)).add(g);
                    branches.put(g.branch(), g);
                }
                analyzer = GuardFrame.analyzer(interp, starts);
            }
            Frame<DefValue>[] frames;
            String owner = program.typeName(m.declaringType());
            try {
                frames = analyzer.analyze(owner, node);
            } catch (AnalyzerException | RuntimeException e) {
                warnings.add(m.signature(program) + ": bytecode not analysable, method treated as empty ("
                        + e.getMessage() + ")");
                return b.build();
            }
            defVar = new int[n + node.maxLocals + 1 + guards.size()];
            java.util.Arrays.fill(defVar, -1);
            // Parameters: their definitions are the builder's parameter variables.
            int slot = 0;
            if (!m.isStatic()) {
                defVar[interp.paramDef(0)] = b.thisVar();
                slot = 1;
            }
            Type[] params = Type.getArgumentTypes(m.desc());
            for (int i = 0; i < params.length; i++) {
                if (b.paramVar(i) >= 0 && slot < node.maxLocals) {
                    defVar[interp.paramDef(slot)] = b.paramVar(i);
                }
                slot += params[i].getSize();
            }
            boolean[] used = usedDefinitions(frames, n);
            for (int i = 0; i < n; i++) {
                AbstractInsnNode insn = insns.get(i);
                if (insn instanceof LineNumberNode ln) {
                    line = ln.line;
                    continue;
                }
                Frame<DefValue> f = frames[i];
                if (f == null || insn.getOpcode() < 0) {
                    continue;
                }
                emit(i, insn, f, used[i], analyzer);
                GuardSites.Site g = branches.isEmpty() ? null : branches.get(insn);
                if (g != null) {
                    int tested = var(f.getLocal(g.slot()));
                    if (tested >= 0) {
                        b.add(new Copy(defVar(g.def()), tested, TypeFilter.guarded(g.guard()), Copy.Role.GUARD, line));
                    }
                }
            }
            for (DynamicSite d : dynamicSites) {
                b.add(new DynamicCall(d.bootstrap, d.bootstrapArgs, d.name, d.desc, d.args, d.lhs, d.exception, ordinal++,
                        d.line));
            }
            return b.build();
        }

        /**
         * Definitions some instruction consumes (other than moving it between stack and locals):
         * every value on the stack when such an instruction runs is counted, which over-approximates
         * and never misses one. Results nobody uses (say, of {@code StringBuilder.append}) get no
         * variable, so no points-to set.
         */
        private boolean[] usedDefinitions(Frame<DefValue>[] frames, int n) {
            boolean[] used = new boolean[n];
            for (int i = 0; i < n; i++) {
                Frame<DefValue> f = frames[i];
                if (f == null || !consumes(insns.get(i).getOpcode())) {
                    continue;
                }
                for (int s = 0, size = f.getStackSize(); s < size; s++) {
                    int[] defs = f.getStack(s).defs;
                    if (defs != null) {
                        for (int d : defs) {
                            if (d < n) {
                                used[d] = true;
                            }
                        }
                    }
                }
            }
            return used;
        }

        private boolean consumes(int op) {
            if (op < 0) {
                return false;
            }
            switch (op) {
                case Opcodes.NOP: case Opcodes.ILOAD: case Opcodes.LLOAD: case Opcodes.FLOAD: case Opcodes.DLOAD:
                case Opcodes.ALOAD: case Opcodes.ISTORE: case Opcodes.LSTORE: case Opcodes.FSTORE: case Opcodes.DSTORE:
                case Opcodes.ASTORE: case Opcodes.POP: case Opcodes.POP2: case Opcodes.DUP: case Opcodes.DUP_X1:
                case Opcodes.DUP_X2: case Opcodes.DUP2: case Opcodes.DUP2_X1: case Opcodes.DUP2_X2: case Opcodes.SWAP:
                case Opcodes.GOTO: case Opcodes.IINC: case Opcodes.JSR: case Opcodes.RET: case Opcodes.IFNULL:
                case Opcodes.IFNONNULL: case Opcodes.IF_ACMPEQ: case Opcodes.IF_ACMPNE: case Opcodes.INSTANCEOF:
                case Opcodes.MONITORENTER: case Opcodes.MONITOREXIT: case Opcodes.ARRAYLENGTH:
                    return false;
                default:
                    return true;
            }
        }

        private int defVar(int d) {
            int v = defVar[d];
            if (v < 0) {
                v = b.newVar();
                defVar[d] = v;
            }
            return v;
        }

        /** The variable of an operand: -1 for non-references and null. */
        private int var(DefValue v) {
            int[] defs = v.defs;
            if (defs == null || defs.length == 0) {
                return -1;
            }
            if (defs.length == 1) {
                return defVar(defs[0]);
            }
            Integer mv = mergeVars.get(v);
            if (mv == null) {
                mv = b.newVar();
                mergeVars.put(v, mv);
                for (int d : defs) {
                    b.add(new Copy(mv, defVar(d), null, Copy.Role.MERGE, line));
                }
            }
            return mv;
        }

        private DefValue stack(Frame<DefValue> f, int depth) {
            return f.getStack(f.getStackSize() - 1 - depth);
        }

        /**
         * The length an array allocation takes when the instruction right before it pushes a
         * constant (no label in between, so no other path reaches the allocation), else -1.
         */
        private int constantLength(AbstractInsnNode alloc) {
            AbstractInsnNode p = alloc.getPrevious();
            while (p != null && (p instanceof LineNumberNode || p instanceof org.objectweb.asm.tree.FrameNode)) {
                p = p.getPrevious();
            }
            if (p == null) {
                return -1;
            }
            int op = p.getOpcode();
            if (op >= Opcodes.ICONST_0 && op <= Opcodes.ICONST_5) {
                return op - Opcodes.ICONST_0;
            }
            if ((op == Opcodes.BIPUSH || op == Opcodes.SIPUSH) && ((IntInsnNode) p).operand >= 0) {
                return ((IntInsnNode) p).operand;
            }
            return -1;
        }

        private void emit(int i, AbstractInsnNode insn, Frame<DefValue> f, boolean used, Analyzer<DefValue> analyzer) {
            int op = insn.getOpcode();
            switch (op) {
                case Opcodes.NEW:
                    b.add(new New(used ? defVar(i) : -1, program.type(((TypeInsnNode) insn).desc), New.Kind.NEW, null, line));
                    break;
                case Opcodes.NEWARRAY:
                    if (used) {
                        b.add(new New(defVar(i), program.type("[" + primitiveArrayElement(((IntInsnNode) insn).operand)),
                                constantLength(insn), line));
                    }
                    break;
                case Opcodes.ANEWARRAY:
                    if (used) {
                        String d = ((TypeInsnNode) insn).desc;
                        b.add(new New(defVar(i), program.type("[" + (d.startsWith("[") ? d : "L" + d + ";")),
                                constantLength(insn), line));
                    }
                    break;
                case Opcodes.MULTIANEWARRAY:
                    if (used) {
                        MultiANewArrayInsnNode ma = (MultiANewArrayInsnNode) insn;
                        String d = ma.desc;
                        int cur = defVar(i);
                        b.add(new New(cur, program.type(d), New.Kind.ARRAY, null, line));
                        for (int level = 1; level < ma.dims && d.length() > 1 && d.charAt(1) == '['; level++) {
                            d = d.substring(1);
                            int t = b.newVar();
                            b.add(new New(t, program.type(d), New.Kind.ARRAY, null, line));
                            b.add(new FieldAccess(Stmt.STORE_ARRAY, cur, program.arrayElement(), t, line));
                            cur = t;
                        }
                    }
                    break;
                case Opcodes.LDC:
                    if (used) {
                        constant(defVar(i), ((LdcInsnNode) insn).cst);
                    }
                    break;
                case Opcodes.GETSTATIC: {
                    FieldInsnNode fi = (FieldInsnNode) insn;
                    JField field = program.resolveField(fi.owner, fi.name, fi.desc, true);
                    b.add(new FieldAccess(Stmt.LOAD_STATIC, -1, field, used && isRefDesc(fi.desc) ? defVar(i) : -1, line));
                    break;
                }
                case Opcodes.PUTSTATIC: {
                    FieldInsnNode fi = (FieldInsnNode) insn;
                    JField field = program.resolveField(fi.owner, fi.name, fi.desc, true);
                    b.add(new FieldAccess(Stmt.STORE_STATIC, -1, field, isRefDesc(fi.desc) ? var(stack(f, 0)) : -1, line));
                    break;
                }
                case Opcodes.GETFIELD: {
                    FieldInsnNode fi = (FieldInsnNode) insn;
                    int base = var(stack(f, 0));
                    if (used && isRefDesc(fi.desc) && base >= 0) {
                        JField field = program.resolveField(fi.owner, fi.name, fi.desc, false);
                        b.add(new FieldAccess(Stmt.LOAD_FIELD, base, field, defVar(i), line));
                    }
                    break;
                }
                case Opcodes.PUTFIELD: {
                    FieldInsnNode fi = (FieldInsnNode) insn;
                    if (isRefDesc(fi.desc)) {
                        int base = var(stack(f, 1));
                        int rhs = var(stack(f, 0));
                        if (base >= 0 && rhs >= 0) {
                            JField field = program.resolveField(fi.owner, fi.name, fi.desc, false);
                            b.add(new FieldAccess(Stmt.STORE_FIELD, base, field, rhs, line));
                        }
                    }
                    break;
                }
                case Opcodes.AALOAD: {
                    int base = var(stack(f, 1));
                    if (used && base >= 0) {
                        b.add(new FieldAccess(Stmt.LOAD_ARRAY, base, program.arrayElement(), defVar(i), line));
                    }
                    break;
                }
                case Opcodes.AASTORE: {
                    int base = var(stack(f, 2));
                    int rhs = var(stack(f, 0));
                    if (base >= 0 && rhs >= 0) {
                        b.add(new FieldAccess(Stmt.STORE_ARRAY, base, program.arrayElement(), rhs, line));
                    }
                    break;
                }
                case Opcodes.CHECKCAST: {
                    int rhs = var(stack(f, 0));
                    if (used && rhs >= 0) {
                        String d = ((TypeInsnNode) insn).desc;
                        b.add(new Cast(defVar(i), rhs, TypeFilter.of(program.type(d), new int[0]), line));
                    }
                    break;
                }
                case Opcodes.ARETURN: {
                    int v = var(stack(f, 0));
                    if (v >= 0) {
                        b.add(new Copy(b.retVar(), v, null, Copy.Role.RETURN, line));
                    }
                    break;
                }
                case Opcodes.ATHROW: {
                    int v = var(stack(f, 0));
                    if (v >= 0) {
                        route(v, analyzer.getHandlers(i));
                    }
                    break;
                }
                case Opcodes.INVOKEVIRTUAL:
                case Opcodes.INVOKESPECIAL:
                case Opcodes.INVOKESTATIC:
                case Opcodes.INVOKEINTERFACE:
                    invoke(i, (MethodInsnNode) insn, f, used, analyzer);
                    break;
                case Opcodes.INVOKEDYNAMIC:
                    invokeDynamic(i, (InvokeDynamicInsnNode) insn, f, used, analyzer);
                    break;
                default:
                    break;
            }
        }

        private void constant(int lhs, Object cst) {
            if (cst instanceof String s) {
                b.add(new New(lhs, program.type("java/lang/String"), New.Kind.STRING, s, line));
            } else if (cst instanceof Type t) {
                if (t.getSort() == Type.METHOD) {
                    b.add(new New(lhs, program.type("java/lang/invoke/MethodType"), New.Kind.METHOD_TYPE,
                            t.getDescriptor(), line));
                } else {
                    String name = t.getSort() == Type.ARRAY ? t.getDescriptor() : t.getInternalName();
                    b.add(new New(lhs, program.type("java/lang/Class"), New.Kind.CLASS_CONSTANT, name, line));
                }
            } else if (cst instanceof Handle h) {
                b.add(new New(lhs, program.type("java/lang/invoke/MethodHandle"), New.Kind.METHOD_HANDLE, null,
                        HandleConstant.of(h), line));
            } else if (cst instanceof ConstantDynamic cd && isRefDesc(cd.getDescriptor())) {
                b.add(new New(lhs, program.type(typeNameOf(cd.getDescriptor())), New.Kind.CONSTANT, null, line));
            }
        }

        /**
         * Exceptions in {@code src} go to the handlers covering the instruction, in order: each
         * catches its type minus what earlier ones caught; the rest leave the method.
         */
        private void route(int src, List<TryCatchBlockNode> handlers) {
            List<Integer> caught = new ArrayList<>();
            if (handlers != null) {
                for (TryCatchBlockNode h : handlers) {
                    int catchVar = defVar(insns.indexOf(h.handler));
                    int[] exclude = caught.stream().mapToInt(Integer::intValue).toArray();
                    if (h.type == null) {
                        b.add(new Copy(catchVar, src, TypeFilter.of(-1, exclude), Copy.Role.CATCH, line));
                        return;
                    }
                    int t = program.type(h.type);
                    if (caught.contains(t)) {
                        continue;
                    }
                    b.add(new Copy(catchVar, src, TypeFilter.of(t, exclude), Copy.Role.CATCH, line));
                    caught.add(t);
                }
            }
            int[] exclude = caught.stream().mapToInt(Integer::intValue).toArray();
            b.add(new Copy(b.throwVar(), src, TypeFilter.of(-1, exclude), Copy.Role.THROW, line));
        }

        private int exceptionVar(int i, Analyzer<DefValue> analyzer) {
            List<TryCatchBlockNode> handlers = analyzer.getHandlers(i);
            if (handlers == null || handlers.isEmpty()) {
                return b.throwVar();
            }
            int v = b.newVar();
            route(v, handlers);
            return v;
        }

        private void invoke(int i, MethodInsnNode mi, Frame<DefValue> f, boolean used, Analyzer<DefValue> analyzer) {
            Type[] argTypes = Type.getArgumentTypes(mi.desc);
            int n = argTypes.length;
            int recv = mi.getOpcode() == Opcodes.INVOKESTATIC ? -1 : var(stack(f, n));
            int[] args = new int[n];
            for (int k = 0; k < n; k++) {
                args[k] = isRef(argTypes[k]) ? var(stack(f, n - 1 - k)) : -1;
            }
            int lhs = used && isRef(Type.getReturnType(mi.desc)) ? defVar(i) : -1;
            b.add(new Invoke(mi.getOpcode(), mi.owner, mi.name, mi.desc, mi.itf, recv, args, lhs,
                    exceptionVar(i, analyzer), ordinal++, line,
                    node instanceof org.jphantom.analysis.lang.CodeNode c ? c.offsetOf(mi) : -1));
        }

        private void invokeDynamic(int i, InvokeDynamicInsnNode idn, Frame<DefValue> f, boolean used,
                                   Analyzer<DefValue> analyzer) {
            Type ret = Type.getReturnType(idn.desc);
            Handle bsm = idn.bsm;
            boolean lambda = bsm.getOwner().equals("java/lang/invoke/LambdaMetafactory") && idn.bsmArgs.length >= 3
                    && idn.bsmArgs[0] instanceof Type && idn.bsmArgs[1] instanceof Handle && ret.getSort() == Type.OBJECT;
            int lhs = used && isRef(ret) ? defVar(i) : -1;
            if (lambda && lhs < 0) {
                return;
            }
            Type[] capTypes = Type.getArgumentTypes(idn.desc);
            int[] caps = new int[capTypes.length];
            for (int k = 0; k < caps.length; k++) {
                caps[k] = isRef(capTypes[k]) ? var(stack(f, caps.length - 1 - k)) : -1;
            }
            if (lambda) {
                lambda(lhs, idn, ret.getInternalName(), (Type) idn.bsmArgs[0], (Handle) idn.bsmArgs[1], capTypes, caps);
                return;
            }
            if (lhs >= 0) {
                String t = ret.getSort() == Type.ARRAY ? ret.getDescriptor() : ret.getInternalName();
                // A concatenation in the JDK's code makes a new String, as StringBuilder.toString()
                // does: the heap's object for new strings. In the program's and the class path's code
                // the result keeps its own object, which the reflection report names as a string's origin.
                boolean jdkConcat = bsm.getOwner().equals("java/lang/invoke/StringConcatFactory")
                        && t.equals("java/lang/String") && program.isJdkClass(m.declaringType());
                b.add(new New(lhs, program.type(t), jdkConcat ? New.Kind.NEW : New.Kind.ABSTRACT, null, line));
            }
            List<Object> bsmArgs = new ArrayList<>();
            for (Object a : idn.bsmArgs) {
                bsmArgs.add(a instanceof Handle h ? HandleConstant.of(h) : a);
            }
            dynamicSites.add(new DynamicSite(HandleConstant.of(bsm), bsmArgs, idn.name, idn.desc, caps, lhs,
                    exceptionVar(i, analyzer), line));
        }

        private void lambda(int lhs, InvokeDynamicInsnNode idn, String itf, Type sam, Handle impl,
                            Type[] capTypes, int[] caps) {
            LambdaClasses.Made made = lambdaClasses.make(m, lambdas++, idn, itf, sam, impl, capTypes, caps, line);
            b.add(new New(lhs, made.type(), New.Kind.LAMBDA, null, line));
            for (int k = 0; k < caps.length; k++) {
                if (caps[k] >= 0) {
                    b.add(new FieldAccess(Stmt.STORE_FIELD, lhs, made.captureFields()[k], caps[k], line));
                }
            }
        }
    }

    private record DynamicSite(HandleConstant bootstrap, List<Object> bootstrapArgs, String name, String desc,
                               int[] args, int lhs, int exception, int line) {
    }

    private static String primitiveArrayElement(int operand) {
        switch (operand) {
            case Opcodes.T_BOOLEAN: return "Z";
            case Opcodes.T_CHAR: return "C";
            case Opcodes.T_FLOAT: return "F";
            case Opcodes.T_DOUBLE: return "D";
            case Opcodes.T_BYTE: return "B";
            case Opcodes.T_SHORT: return "S";
            case Opcodes.T_LONG: return "J";
            default: return "I";
        }
    }
}
