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
 * class and lookup, holding every member found. Parameter-type arguments ({@code Class[]}) are not
 * read: every overload of the name is a target.
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

    @Override
    public void start(int csm, ReflectiveCall call) {
        Invoke inv = call.invoke;
        int lhs = a.var(csm, inv.lhs);
        if (lhs < 0 || inv.recv < 0) {
            return;
        }
        List<Integer> classes = new ArrayList<>();
        List<Integer> names = new ArrayList<>();
        int nameArg = call.api.nameArg(inv);
        boolean named = nameArg >= 0;
        if (named && inv.args[nameArg] < 0) {
            return; // a null name: NullPointerException
        }
        a.watchers().watch(a.var(csm, inv.recv), objs -> {
            for (int c : objs) {
                if (a.metas().knownClass(c) == null && !isUnknownClass(c)) {
                    continue;
                }
                classes.add(c);
                if (!named) {
                    resolve(call, lhs, c, -1);
                } else {
                    for (int i = 0; i < names.size(); i++) {
                        resolve(call, lhs, c, names.get(i));
                    }
                }
            }
        });
        if (named) {
            a.watchers().watch(a.var(csm, inv.args[nameArg]), objs -> {
                for (int n : objs) {
                    if (a.solver().typeOfObject(n) != stringType) {
                        continue;
                    }
                    names.add(n);
                    for (int i = 0; i < classes.size(); i++) {
                        resolve(call, lhs, classes.get(i), n);
                    }
                }
            });
        }
    }

    private boolean isUnknownClass(int obj) {
        Meta m = a.metas().meta(obj);
        return m != null && m.kind() == Kind.UNKNOWN_CLASS;
    }

    private void resolve(ReflectiveCall call, int lhs, int classObj, int nameObj) {
        MetaObjects metas = a.metas();
        Program program = a.program();
        String known = metas.knownClass(classObj);
        if (known != null && known.startsWith("[")) {
            return; // arrays declare no members (their public methods are Object's; not modelled)
        }
        int type = known == null ? -1 : program.type(known);
        String name = nameObj < 0 ? null : metas.string(nameObj);
        boolean declared = call.api.declaredOnly();
        Kind kind = kindOf(call.api);
        List<Integer> out = new ArrayList<>();
        if (type >= 0 && (nameObj < 0 || name != null)) {
            Members members = a.members();
            switch (kind) {
                case PARTIAL_METHOD -> {
                    for (JMethod m : members.methods(type, name, declared)) {
                        out.add(metas.member(m));
                        call.target(Signatures.method(program.typeName(m.declaringType()), m.name(), m.desc()),
                                "constant");
                    }
                }
                case PARTIAL_CONSTRUCTOR -> {
                    for (JMethod m : members.constructors(type, declared)) {
                        out.add(metas.member(m));
                        call.target(Signatures.method(known, m.name(), m.desc()), "constant");
                    }
                }
                default -> {
                    for (JField f : members.fields(type, name, declared)) {
                        out.add(metas.field(f));
                        call.target(Signatures.field(f.owner(), f.name(), f.desc()), "constant");
                    }
                }
            }
        } else {
            if (call.logged) {
                return;
            }
            out.add(metas.partial(kind, type, name, declared, call));
            if (nameObj >= 0 && name == null) {
                call.unknownSource(metas.describe(nameObj));
            }
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
