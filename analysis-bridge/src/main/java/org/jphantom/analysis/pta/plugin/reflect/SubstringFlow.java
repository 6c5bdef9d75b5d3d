package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.DynamicCall;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.pta.heap.NameIndex;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * Substring flow (thesis Section 3.4.1, Figure 3.5's first rule): a string constant that is a name or
 * part of one ({@link NameIndex}) flows into the string a concatenation makes, as a <em>piece</em>:
 * an object of {@code String} that stands for "some string containing this one", one per constant
 * (or per colour of constants). Pieces are what a lookup matches by prefix and suffix
 * ({@link NameIndex#partialMatch}); a constant that reaches a lookup whole is still matched whole.
 *
 * <p>The concatenations: {@code append} and {@code insert} of a {@code StringBuilder} or
 * {@code StringBuffer} (and its {@code String} or {@code CharSequence} constructor) put the pieces of
 * the argument into the builder's content, and its {@code toString} returns the content, as if the
 * two were an assignment; {@code String.concat} joins its receiver's and argument's pieces; an
 * {@code invokedynamic} {@code StringConcatFactory} concatenation joins its recipe's constant text and
 * its arguments' pieces. Builders are followed when they never leave their method
 * ({@link BuilderSites}: javac 8's {@code +} chains, the thesis' Figure 3.4), with one content per
 * allocation site. A builder that is passed to a call, stored or returned is not followed: the
 * heap merges all builders into one object, and the thesis' shared content (every piece any such
 * builder got, at every such {@code toString}) made the antlr tool's analysis run out of its heap.
 * Other strings (not names, or unknown) are not tracked through concatenation: the JDK's own code
 * already makes the result an unknown string. Only the program's and class path's code is
 * modelled, as for the rest of the reflection analysis.
 */
final class SubstringFlow {
    private final ReflectionAnalysis a;
    private final NameIndex names;
    private final int stringType;
    /** Per piece object (solver object): the strings it holds a part of. */
    private final Map<Integer, List<String>> valuesOf = new HashMap<>();
    /** Per string object that can be a piece: its piece (-1: it cannot). */
    private final Map<Integer, Integer> pieceOf = new HashMap<>();

    SubstringFlow(ReflectionAnalysis a, NameIndex names) {
        this.a = a;
        this.names = names;
        this.stringType = a.program().type("java/lang/String");
    }

    /** Per method id: its builders that never leave it. */
    private final Map<Integer, BuilderSites> sitesOf = new HashMap<>();
    /** Per (method id, local builder site): the content pointer. */
    private final Map<Long, Integer> localContent = new HashMap<>();

    /** The statements of {@code ir} this model follows (empty if none). */
    List<Stmt> scan(org.jphantom.analysis.ir.MethodIR ir) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : ir.stmts) {
            if (models(s)) {
                out.add(s);
            }
        }
        if (!out.isEmpty()) {
            sitesOf.put(ir.method.id(), new BuilderSites(ir, t -> isBuilderType(t)));
        }
        return out;
    }

    private boolean isBuilderType(int type) {
        String t = a.program().typeName(type);
        return t.equals("java/lang/StringBuilder") || t.equals("java/lang/StringBuffer");
    }

    /** Whether {@code s} is a statement this model follows. */
    static boolean models(Stmt s) {
        if (s instanceof DynamicCall d) {
            return ConcatRecipe.isConcat(d) && d.lhs >= 0;
        }
        return s instanceof Invoke inv && kindOf(inv) != null;
    }

    private enum Op { APPEND, TO_STRING, CONCAT }

    private static Op kindOf(Invoke inv) {
        boolean builder = inv.owner.equals("java/lang/StringBuilder") || inv.owner.equals("java/lang/StringBuffer")
                || inv.owner.equals("java/lang/AbstractStringBuilder");
        if (builder) {
            if ((inv.name.equals("append") || inv.name.equals("insert") || inv.name.equals("<init>"))
                    && pieceArg(inv) >= 0) {
                return Op.APPEND;
            }
            return inv.name.equals("toString") && inv.desc.equals("()Ljava/lang/String;") ? Op.TO_STRING : null;
        }
        return inv.owner.equals("java/lang/String") && inv.name.equals("concat") ? Op.CONCAT : null;
    }

    /** The argument of an {@code append}/{@code insert}/constructor that can carry a name, or -1. */
    private static int pieceArg(Invoke inv) {
        org.objectweb.asm.Type[] types = org.objectweb.asm.Type.getArgumentTypes(inv.desc);
        for (int k = 0; k < inv.args.length && k < types.length; k++) {
            if (inv.args[k] >= 0 && CARRIERS.contains(types[k].getDescriptor())) {
                return k;
            }
        }
        return -1;
    }

    /** The parameter types through which a builder takes text a name can be part of. */
    private static final java.util.Set<String> CARRIERS = java.util.Set.of("Ljava/lang/String;",
            "Ljava/lang/Object;", "Ljava/lang/CharSequence;", "Ljava/lang/StringBuffer;");

    void start(int csm, Stmt s) {
        Solver solver = a.solver();
        BuilderSites local = sitesOf.get(solver.methodOf(csm).id());
        if (s instanceof DynamicCall d) {
            int lhs = a.var(csm, d.lhs);
            for (String c : ConcatRecipe.constants(d)) {
                int p = pieceOfValue(c);
                if (p >= 0) {
                    solver.addPointsTo(lhs, p);
                }
            }
            for (int arg : d.args) {
                if (arg >= 0) {
                    int from = a.var(csm, arg);
                    a.watchers().watch(from, objs -> flowPieces(objs, from, lhs));
                }
            }
            return;
        }
        Invoke inv = (Invoke) s;
        switch (kindOf(inv)) {
            case APPEND -> {
                if (inv.recv < 0) {
                    return;
                }
                int recv = a.var(csm, inv.recv);
                int arg = a.var(csm, inv.args[pieceArg(inv)]);
                int site = local == null ? -1 : local.siteOf(inv.recv);
                if (site < 0) {
                    return; // a builder that leaves its method is not followed (see the class comment)
                }
                int content = localContent(solver.methodOf(csm).id(), site);
                a.watchers().watch(arg, objs -> flowPieces(objs, arg, content));
            }
            case TO_STRING -> {
                if (inv.recv < 0 || inv.lhs < 0) {
                    return;
                }
                int lhs = a.var(csm, inv.lhs);
                int site = local == null ? -1 : local.siteOf(inv.recv);
                if (site >= 0) {
                    solver.addEdge(localContent(solver.methodOf(csm).id(), site), lhs, null);
                }
            }
            default -> {
                if (inv.lhs < 0) {
                    return;
                }
                int lhs = a.var(csm, inv.lhs);
                if (inv.recv >= 0) {
                    int recv = a.var(csm, inv.recv);
                    a.watchers().watch(recv, objs -> flowPieces(objs, recv, lhs));
                }
                if (inv.args[0] >= 0) {
                    int arg = a.var(csm, inv.args[0]);
                    a.watchers().watch(arg, objs -> flowPieces(objs, arg, lhs));
                }
            }
        }
    }

    /**
     * Adds the pieces of {@code objs}, which {@code from} points to, to {@code target}. A colour's
     * object gives the pieces of those of its strings that reach {@code from}, one per string, as
     * without colouring.
     */
    private void flowPieces(int[] objs, int from, int target) {
        Solver solver = a.solver();
        for (int o : objs) {
            if (a.origins() != null && !valuesOf.containsKey(o) && a.solver().typeOfObject(o) == stringType
                    && a.origins().isColour(o)) {
                a.origins().whenReaches(from, o, v -> names.isName(v) || names.isPartialName(v),
                        v -> solver.addPointsTo(target, pieceOfValue(v)));
                continue;
            }
            int p = piece(o);
            if (p >= 0) {
                solver.addPointsTo(target, p);
            }
        }
    }

    private int localContent(int method, int site) {
        return localContent.computeIfAbsent(((long) method << 32) | site, k -> a.solver().tempPointer());
    }

    /** The piece a string object passes on: itself if a piece, one for a name constant, else -1. */
    private int piece(int obj) {
        if (valuesOf.containsKey(obj)) {
            return obj;
        }
        Integer known = pieceOf.get(obj);
        if (known != null) {
            return known;
        }
        int p = -1;
        if (a.solver().typeOfObject(obj) == stringType) {
            List<String> values = a.metas().strings(obj);
            if (values != null && !values.isEmpty()) {
                List<String> relevant = new ArrayList<>();
                for (String v : values) {
                    if (names.isName(v) || names.isPartialName(v)) {
                        relevant.add(v);
                    }
                }
                if (!relevant.isEmpty()) {
                    p = make(values.size() == 1 ? "\"" + values.get(0) + "\"" : a.metas().describe(obj), relevant);
                }
            }
        }
        pieceOf.put(obj, p);
        return p;
    }

    /** The piece of a constant of a concatenation's recipe, or -1 if it is no part of a name. */
    private int pieceOfValue(String value) {
        if (!names.isName(value) && !names.isPartialName(value)) {
            return -1;
        }
        return make("\"" + value + "\"", List.of(value));
    }

    private int make(String what, List<String> values) {
        int heapObj = a.solver().heap().abstractObject("reflect:piece:" + what, stringType, null,
                "part of " + what);
        int obj = a.solver().csObject(0, heapObj);
        valuesOf.putIfAbsent(obj, List.copyOf(values));
        return obj;
    }

    /** The strings a piece object holds part of, or null if {@code obj} is no piece. */
    List<String> pieceValues(int obj) {
        return valuesOf.get(obj);
    }
}
