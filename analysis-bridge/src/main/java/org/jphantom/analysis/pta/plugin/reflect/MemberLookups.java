package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.pta.plugin.reflect.Meta.Kind;
import org.jphantom.analysis.pta.solver.Solver;

/**
 * {@code Class.get[Declared]{Method,Constructor,Field}[s]} (SOLAR's [P-GETMTD] and its field and
 * constructor analogues): a known class and a constant name give the meta-objects of the members
 * found by the lookup's rules ({@link Members}); a known class with an unknown name, or an unknown
 * class, gives a partial meta-object (m^t_u, m^u_s, m^u_u) that {@code invoke}, {@code get},
 * {@code set} and {@code newInstance} resolve by inference. The plural forms return one array per
 * class and lookup, holding every member found. Of the parameter-type argument ({@code Class[]})
 * only a constant length is read ({@link ParameterCount}): every overload of the name with that
 * many parameters is a target (any arity when the length is not known).
 */
final class MemberLookups implements ReflectionAnalysis.SiteModel {
    private final ReflectionAnalysis a;
    private final int stringType;
    MemberLookups(ReflectionAnalysis a) {
        this.a = a;
        this.stringType = a.program().type("java/lang/String");
    }

    private static Kind kindOf(Api api) {
        return switch (api) {
            case GET_METHOD, GET_DECLARED_METHOD, GET_METHODS, GET_DECLARED_METHODS -> Kind.PARTIAL_METHOD;
            case GET_CONSTRUCTOR, GET_DECLARED_CONSTRUCTOR, GET_CONSTRUCTORS, GET_DECLARED_CONSTRUCTORS ->
                    Kind.PARTIAL_CONSTRUCTOR;
            default -> Kind.PARTIAL_FIELD;
        };
    }

    private static boolean plural(Api api) {
        return api.label().endsWith("s");
    }

    /** One site in one context: the class objects and names seen so far. */
    private final class State {
        final ReflectiveCall call;
        final int lhs;
        final boolean named;
        final List<Integer> classes = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        final java.util.Set<String> nameSet = new java.util.HashSet<>();
        final java.util.Set<Integer> classSet = new java.util.HashSet<>();
        boolean unknownName;
        int unknownNameObj = -1;

        /** The name argument's pointer (-1 when the lookup takes no name). */
        int namePointer = -1;

        State(ReflectiveCall call, int lhs, boolean named) {
            this.call = call;
            this.lhs = lhs;
            this.named = named;
        }

        final List<String> pieces = new ArrayList<>();
        /** The unknown class objects (c^u) among the receivers. */
        final List<Integer> unknownClasses = new ArrayList<>();

        void onClasses(int[] objs) {
            for (int c : objs) {
                a.metas().consumed(call, c);
                String known = a.metas().knownClass(c);
                int type = known == null ? -1 : a.program().type(known);
                if ((known == null && !isUnknownClass(c)) || (known != null && known.startsWith("["))
                        || classSet.contains(type) || (type >= 0 && !a.admit(call, type))) {
                    continue; // not a class object; an array (no declared members); seen; past the budget
                }
                classSet.add(type);
                if (type < 0) {
                    unknownClasses.add(c);
                    if (a.backPropagation() != null) {
                        a.backPropagation().lookupOn(call, a.metas().meta(c).call());
                    }
                }
                classes.add(type);
                if (!named) {
                    resolve(call, lhs, type, null, false);
                    continue;
                }
                for (int i = 0; i < names.size(); i++) {
                    resolve(call, lhs, type, names.get(i), false);
                    propagateBack(c, names.get(i), false);
                }
                for (int i = 0; i < pieces.size(); i++) {
                    resolvePiece(type, pieces.get(i));
                    propagateBack(c, pieces.get(i), true);
                }
                if (unknownName) {
                    resolve(call, lhs, type, null, true);
                }
            }
        }

        void onNames(int[] objs) {
            for (int n : objs) {
                if (a.solver().typeOfObject(n) != stringType) {
                    continue;
                }
                List<String> values = a.metas().strings(n);
                if (values == null) {
                    List<String> partial = a.substrings() == null || !a.options().memberSubstrings() ? null
                            : a.substrings().pieceValues(n);
                    if (partial != null) {
                        for (String p : partial) {
                            onPiece(p);
                        }
                        continue;
                    }
                    if (!unknownName) {
                        unknownName = true;
                        for (int i = 0; i < classes.size(); i++) {
                            resolve(call, lhs, classes.get(i), null, true);
                        }
                    }
                    call.unknownSource(a.metas().origin(n));
                    continue;
                }
                if (a.origins() != null && a.origins().isColour(n)) {
                    a.origins().whenReaches(namePointer, n, this::selects, this::onName);
                    continue; // a colour's object: only the strings of it that reach the name select
                }
                for (String name : values) {
                    onName(name);
                }
            }
        }

        private void onName(String name) {
            if (!nameSet.add(name)) {
                return;
            }
            names.add(name);
            for (int i = 0; i < classes.size(); i++) {
                resolve(call, lhs, classes.get(i), name, false);
            }
            for (int c : unknownClasses) {
                propagateBack(c, name, false);
            }
        }

        /**
         * Whether {@code name} would select anything here now: a member of one of the classes, or a
         * partial meta-object (an unknown class among them).
         */
        private boolean selects(String name) {
            if (!unknownClasses.isEmpty()) {
                return true;
            }
            int kind = kindOf(call.api) == Kind.PARTIAL_FIELD ? 2 : 0;
            for (int i = 0; i < classes.size(); i++) {
                int t = classes.get(i);
                if (t >= 0 && a.members().byName(t, kind, call.api.declaredOnly()).containsKey(name)) {
                    return true;
                }
            }
            return false;
        }

        private void onPiece(String piece) {
            if (!nameSet.add("\0" + piece)) {
                return;
            }
            pieces.add(piece);
            for (int i = 0; i < classes.size(); i++) {
                resolvePiece(classes.get(i), piece);
            }
            for (int c : unknownClasses) {
                propagateBack(c, piece, true);
            }
        }

        /** The members of a known class a piece is part of the name of (an unknown class: nothing here). */
        private void resolvePiece(int type, String piece) {
            if (type < 0) {
                return;
            }
            int kind = kindOf(call.api) == Kind.PARTIAL_FIELD ? 2 : 0;
            for (String name : a.members().namesMatching(type, kind, call.api.declaredOnly(), piece)) {
                resolve(call, lhs, type, name, false, "substring");
            }
        }

        /** Section 3.4.2.1: a member name tells the classes an unknown class object's {@code forName} returned. */
        private void propagateBack(int classObj, String name, boolean piece) {
            if (a.backPropagation() != null && a.metas().knownClass(classObj) == null) {
                a.backPropagation().memberName(a.metas().meta(classObj).call(), kindOf(call.api) == Kind.PARTIAL_FIELD,
                        name, piece, call);
            }
        }
    }

    @Override
    public void start(int csm, ReflectiveCall call) {
        if (call.invoke.recv >= 0) {
            start(csm, call, a.var(csm, call.invoke.recv));
        }
    }

    /** The lookup of {@code call} in {@code csm} on the class objects {@code receivers} points to. */
    void start(int csm, ReflectiveCall call, int receivers) {
        Invoke inv = call.invoke;
        int lhs = a.var(csm, inv.lhs);
        if (lhs < 0 || receivers < 0) {
            return;
        }
        int nameArg = call.api.nameArg(inv);
        boolean named = nameArg >= 0;
        if (named && inv.args[nameArg] < 0) {
            return; // a null name: NullPointerException
        }
        State s = new State(call, lhs, named);
        a.watchers().watch(receivers, s::onClasses);
        if (named) {
            s.namePointer = a.var(csm, inv.args[nameArg]);
            a.watchers().watch(s.namePointer, s::onNames);
        }
    }

    private boolean isUnknownClass(int obj) {
        Meta m = a.metas().meta(obj);
        return m != null && m.kind() == Kind.UNKNOWN_CLASS;
    }

    /**
     * The members of class {@code type} (-1: unknown) named {@code name} (null: any, for the plural
     * lookups and constructors; or unknown, when {@code unknownName}).
     */
    private void resolve(ReflectiveCall call, int lhs, int type, String name, boolean unknownName) {
        resolve(call, lhs, type, name, unknownName, "constant");
    }

    private void resolve(ReflectiveCall call, int lhs, int type, String name, boolean unknownName, String how) {
        MetaObjects metas = a.metas();
        Program program = a.program();
        String known = type < 0 ? null : program.typeName(type);
        boolean declared = call.api.declaredOnly();
        Kind kind = kindOf(call.api);
        List<Integer> out = new ArrayList<>();
        if (type >= 0 && !unknownName) {
            Members members = a.members();
            switch (kind) {
                case PARTIAL_METHOD -> {
                    List<Object> found = name == null ? new ArrayList<>(members.methods(type, null, declared))
                            : members.byName(type, 0, declared).getOrDefault(name, List.of());
                    int arity = a.arities().of(call);
                    for (Object o : found) {
                        JMethod m = (JMethod) o;
                        if (!ParameterCount.fits(m.desc(), arity)) {
                            continue;
                        }
                        out.add(metas.member(m));
                        call.target(Signatures.method(program.typeName(m.declaringType()), m.name(), m.desc()),
                                how);
                    }
                }
                case PARTIAL_CONSTRUCTOR -> {
                    int arity = a.arities().of(call);
                    for (JMethod m : members.constructors(type, declared)) {
                        if (!ParameterCount.fits(m.desc(), arity)) {
                            continue;
                        }
                        out.add(metas.member(m));
                        call.target(Signatures.method(known, m.name(), m.desc()), how);
                    }
                }
                default -> {
                    List<Object> found = name == null ? new ArrayList<>(members.fields(type, null, declared))
                            : members.byName(type, 2, declared).getOrDefault(name, List.of());
                    for (Object o : found) {
                        JField f = (JField) o;
                        out.add(metas.field(f));
                        call.target(Signatures.field(f.owner(), f.name(), f.desc()), how);
                    }
                }
            }
        } else {
            if (call.covered()) {
                return;
            }
            out.add(metas.partial(kind, type, name, declared, call));
        }
        if (out.isEmpty()) {
            return;
        }
        for (int o : out) {
            metas.produced(call, o);
        }
        Solver solver = a.solver();
        if (!plural(call.api)) {
            for (int o : out) {
                solver.addPointsTo(lhs, o);
            }
            return;
        }
        String elem = kind == Kind.PARTIAL_METHOD ? "java/lang/reflect/Method"
                : kind == Kind.PARTIAL_CONSTRUCTOR ? "java/lang/reflect/Constructor" : "java/lang/reflect/Field";
        String key = (type < 0 ? "?@" + call.key : known) + ":" + call.api.label();
        int arr = metas.array(key, program.type("[L" + elem + ";"), type < 0 ? call : null,
                call.api.label() + " of " + (type < 0 ? "an unknown class at " + call.where() : Signatures.javaName(known)));
        int elems = solver.fieldPointer(arr, program.arrayElement().id());
        for (int o : out) {
            solver.addPointsTo(elems, o);
        }
        solver.addPointsTo(lhs, arr);
    }
}
