package org.jphantom.analysis.pta.plugin.reflect;

import org.jphantom.analysis.pta.plugin.PointerListeners;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.Cast;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.EmbeddedClasses;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.heap.NameIndex;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.StringOrigins;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.analysis.pta.plugin.reflect.hints.ReflectionHints;
import org.jphantom.analysis.pta.solver.Solver;
import org.jphantom.analysis.reflect.log.ReflectionLog;

/**
 * The reflection analysis as a plugin of the solver: finds the reflective call sites of every
 * reachable method and resolves them as their arguments' points-to sets grow, by the rules of the
 * {@link ReflectionMode}: Livshits et al. ({@code constants}) or SOLAR ({@code solar}); targets a
 * TamiFlex log lists, and those of hints ({@link HintedTargets}), are added at their sites first, and a
 * site they cover infers nothing.
 * After the fixpoint, {@link #report()} tells, per site, what was found, how, and whether SOLAR's
 * soundness criterion holds there.
 */
public final class ReflectionAnalysis implements Plugin, Warnings {
    /**
     * The key of the abstract string that stands for the names the JVM resolves through the loader
     * that defined a class (the dynamic models' {@code LoaderCalls} passes it to {@code loadClass}):
     * a {@code defineClass} site does not take it for an unknown name, since those are the names the
     * program's classes use.
     */
    public static final String JVM_CLASS_NAME = "jvm:class-name";

    private final ReflectionMode mode;
    private final ReflectionOptions options;
    private final ReflectionLog log;
    private final ReflectionHints hints;
    private final StringOrigins origins;
    private NameIndex names;
    private SubstringFlow substrings;
    private BackPropagation backPropagation;
    private Invention invention;
    /** Per method id: the concatenations substring flow follows in it (absent: none). */
    private final Map<Integer, List<Stmt>> concatsOf = new HashMap<>();
    private Solver solver;
    private Program program;
    private MetaObjects metas;
    private MemberGuards guards;
    private Members members;
    private PointerListeners watchers;
    private CallBinder binder;
    private ParameterCount arities;
    private final java.util.function.Predicate<String> exported;
    private final EmbeddedClasses embedded;
    private LazyHeap lazyHeap;
    private NamedClasses named;
    private LoggedTargets logged;
    private HintedTargets hinted;
    private final Map<Api, SiteModel> models = new HashMap<>();
    /** Per method id: its reflective calls (an empty list when it has none). */
    private final Map<Integer, List<ReflectiveCall>> callsOf = new HashMap<>();
    private final List<ReflectiveCall> calls = new ArrayList<>();
    private final List<Runnable> finishers = new ArrayList<>();

    /**
     * @param mode how much to resolve ({@link ReflectionMode#NONE}: only what the log lists)
     * @param log  a TamiFlex log of a run, or null
     */
    public ReflectionAnalysis(ReflectionMode mode, ReflectionLog log) {
        this(mode, ReflectionOptions.OFF, log);
    }

    /**
     * @param options substring flow, use-based inference and string colouring on top of {@code mode}
     *                (all need {@link ReflectionMode#SOLAR}; with another mode they are off)
     */
    public ReflectionAnalysis(ReflectionMode mode, ReflectionOptions options, ReflectionLog log) {
        this(mode, options, log, null);
    }

    /**
     * @param origins with string colouring, which strings of a colour reach a pointer (a plugin of
     *                the same analysis); null without colouring
     */
    public ReflectionAnalysis(ReflectionMode mode, ReflectionOptions options, ReflectionLog log,
                              StringOrigins origins) {
        this(mode, options, log, origins, null);
    }

    /**
     * @param hints the hints of {@code --reflection-hints}, or null; checked against the closed
     *              world when the solver is set ({@link HintedTargets})
     */
    public ReflectionAnalysis(ReflectionMode mode, ReflectionOptions options, ReflectionLog log,
                              StringOrigins origins, ReflectionHints hints) {
        this(mode, options, log, origins, hints, p -> true);
    }

    /**
     * @param exported whether the JDK exports an internal package name to every module (the
     *                 program's code is in the unnamed module): reflection from the program never
     *                 reaches the members of JDK classes in the other packages ({@link #accessible})
     */
    public ReflectionAnalysis(ReflectionMode mode, ReflectionOptions options, ReflectionLog log,
                              StringOrigins origins, ReflectionHints hints,
                              java.util.function.Predicate<String> exported) {
        this(mode, options, log, origins, hints, exported, EmbeddedClasses.NONE);
    }

    /**
     * @param embedded the class files the program carries as data, which joined the closed world:
     *                 a {@code defineClass} of such an array defines its class ({@link ClassDefinitions})
     */
    public ReflectionAnalysis(ReflectionMode mode, ReflectionOptions options, ReflectionLog log,
                              StringOrigins origins, ReflectionHints hints,
                              java.util.function.Predicate<String> exported, EmbeddedClasses embedded) {
        this.embedded = embedded;
        this.exported = exported;
        this.hints = hints;
        this.mode = mode;
        this.options = mode.infers() ? options : ReflectionOptions.OFF.withLimits(options.limits());
        this.log = log;
        this.origins = origins;
    }

    /** Which strings of a colour reach a pointer; null without colouring. */
    StringOrigins origins() {
        return origins;
    }

    /** Resolves one API's calls at one site in one context. */
    interface SiteModel {
        void start(int csm, ReflectiveCall call);
    }

    @Override
    public void setSolver(Solver solver) {
        this.solver = solver;
        this.program = solver.program();
        this.metas = new MetaObjects(solver);
        this.guards = new MemberGuards(program, metas);
        this.members = new Members(program);
        this.watchers = new PointerListeners(solver);
        this.binder = new CallBinder(solver);
        this.arities = new ParameterCount(this);
        this.lazyHeap = new LazyHeap(this);
        this.names = new NameIndex(program);
        this.named = new NamedClasses(program, names);
        this.substrings = options.substrings() ? new SubstringFlow(this, names) : null;
        this.backPropagation = options.useBased().propagates() ? new BackPropagation(this) : null;
        this.invention = options.useBased().invents() ? new Invention(this) : null;
        this.logged = new LoggedTargets(this, log);
        ClassLookups classes = new ClassLookups(this);
        models.put(Api.FOR_NAME, classes);
        models.put(Api.LOAD_CLASS, classes);
        models.put(Api.GET_SUPERCLASS, classes);
        models.put(Api.GET_INTERFACES, classes);
        MemberLookups lookups = new MemberLookups(this);
        this.hinted = new HintedTargets(this, hints, lookups);
        for (Api a : new Api[] {Api.GET_METHOD, Api.GET_DECLARED_METHOD, Api.GET_METHODS, Api.GET_DECLARED_METHODS,
                Api.GET_CONSTRUCTOR, Api.GET_DECLARED_CONSTRUCTOR, Api.GET_CONSTRUCTORS,
                Api.GET_DECLARED_CONSTRUCTORS, Api.GET_FIELD, Api.GET_DECLARED_FIELD, Api.GET_FIELDS,
                Api.GET_DECLARED_FIELDS}) {
            models.put(a, lookups);
        }
        Instantiations news = new Instantiations(this);
        models.put(Api.CLASS_NEW_INSTANCE, news);
        models.put(Api.CONSTRUCTOR_NEW_INSTANCE, news);
        models.put(Api.ARRAY_NEW_INSTANCE, news);
        models.put(Api.METHOD_INVOKE, new Invocations(this));
        FieldAccesses fields = new FieldAccesses(this);
        models.put(Api.FIELD_GET, fields);
        models.put(Api.FIELD_SET, fields);
        ClassDefinitions definitions = new ClassDefinitions(this, embedded);
        models.put(Api.DEFINE_CLASS, definitions);
        models.put(Api.LOOKUP_DEFINE_CLASS, definitions);
        models.put(Api.DEFINE_HIDDEN_CLASS, definitions);
    }

    /** What of a member meta-object passes a guard ({@link MemberGuards}). */
    @Override
    public int guarded(org.jphantom.analysis.ir.Guard guard, int csObject) {
        return guards.guarded(guard, csObject);
    }

    MemberGuards guards() {
        return guards;
    }

    /**
     * The JDK's code for the calls whose results this model computes ({@code Method.invoke},
     * {@code Constructor.newInstance}, {@code Class.newInstance}, {@code Field.get/set}) is replaced
     * by an empty body: it ends in natives whose summaries would add abstract objects of the
     * declared types to every such call's result.
     */
    @Override
    public MethodIR body(JMethod m) {
        if (mode == ReflectionMode.NONE) {
            return null;
        }
        String owner = program.typeName(m.declaringType());
        String key = m.name() + m.desc();
        boolean modelled = switch (owner) {
            case "java/lang/reflect/Method" -> key.equals("invoke(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;");
            case "java/lang/reflect/Constructor" -> key.equals("newInstance([Ljava/lang/Object;)Ljava/lang/Object;");
            case "java/lang/Class" -> key.equals("newInstance()Ljava/lang/Object;");
            case "java/lang/reflect/Field" -> key.equals("get(Ljava/lang/Object;)Ljava/lang/Object;")
                    || key.equals("set(Ljava/lang/Object;Ljava/lang/Object;)V");
            default -> false;
        };
        return modelled ? new MethodIR.Builder(m).build() : null;
    }

    ReflectionMode mode() {
        return mode;
    }

    /** Whether SOLAR's rules for unknown meta-objects apply (all of them, or PROBE's part). */
    boolean solar() {
        return mode.infers();
    }

    /** Whether only PROBE's part of SOLAR applies ({@link ReflectionMode#PROBE}). */
    boolean probe() {
        return mode == ReflectionMode.PROBE;
    }

    Solver solver() {
        return solver;
    }

    Program program() {
        return program;
    }

    MetaObjects metas() {
        return metas;
    }

    Members members() {
        return members;
    }

    PointerListeners watchers() {
        return watchers;
    }

    CallBinder binder() {
        return binder;
    }

    /** The constant lengths of the lookups' {@code Class[]} and the calls' {@code Object[]} arguments. */
    ParameterCount arities() {
        return arities;
    }

    LazyHeap lazyHeap() {
        return lazyHeap;
    }

    NameIndex names() {
        return names;
    }

    /** Substring flow, or null when off. */
    SubstringFlow substrings() {
        return substrings;
    }

    /** Back-propagation, or null when off. */
    BackPropagation backPropagation() {
        return backPropagation;
    }

    /** Object invention, or null when off. */
    Invention invention() {
        return invention;
    }

    /** The techniques in effect on top of the mode. */
    public ReflectionOptions options() {
        return options;
    }

    /**
     * Whether {@code call} may resolve a target of class {@code type} within its budget
     * ({@link SiteBudget}); counts the class if so.
     */
    boolean admit(ReflectiveCall call, int type) {
        if (call.hinted) {
            return true; // a hint's classes are the user's, not inferred
        }
        return call.budget.admit(type, program, call.api.instantiates() && named.contains(type));
    }

    /**
     * Whether the program's code may reach the members of class {@code type} reflectively: not when
     * it is a JDK class of a package its module does not export to every module. Since JDK 16 the
     * JDK's internals are strongly encapsulated (JEP 396, 403): {@code Constructor.newInstance},
     * {@code Method.invoke} and {@code Field.get/set} from the unnamed module throw
     * {@code IllegalAccessException} on such a member (its declaring class decides), and
     * {@code setAccessible} throws {@code InaccessibleObjectException}, unless the JVM runs with
     * {@code --add-opens}. {@code forName} still returns such a class (and initialises it).
     */
    boolean accessible(int type) {
        String name = program.typeName(type);
        return !program.world().isPlatformName(name)
                || exported.test(org.jphantom.world.ClassWorld.packageOf(name));
    }

    /** The solver pointer of variable {@code var} of the call's method in {@code csm}, or -1. */
    int var(int csm, int var) {
        return var < 0 ? -1 : solver.varPointer(csm, var);
    }

    @Override
    public void onNewMethod(JMethod m) {
        if (idle()) {
            return;
        }
        if (program.world().isPlatformName(program.typeName(m.declaringType()))) {
            callsOf.put(m.id(), List.of());
            return; // the JDK's own reflection is not modelled (see the package documentation)
        }
        MethodIR ir = solver.ir(m);
        List<ReflectiveCall> found = List.of();
        List<Cast> casts = List.of();
        for (Stmt s : ir.stmts) {
            if (s instanceof Invoke inv) {
                Api api = Api.of(inv, program);
                if (api != null) {
                    if (found.isEmpty()) {
                        found = new ArrayList<>(2);
                    }
                    ReflectiveCall call = new ReflectiveCall(m, inv, api, program, options.limits().siteClasses());
                    call.logged = logged.covers(call);
                    call.hinted = hinted.covers(call);
                    found.add(call);
                    calls.add(call);
                }
            } else if (s instanceof Cast c && solar()) {
                if (casts.isEmpty()) {
                    casts = new ArrayList<>(4);
                }
                casts.add(c);
            }
        }
        callsOf.put(m.id(), found);
        if (substrings != null) {
            List<Stmt> concats = substrings.scan(ir);
            if (!concats.isEmpty()) {
                concatsOf.put(m.id(), concats);
            }
        }
        lazyHeap.addCasts(m, casts);
    }

    @Override
    public void onNewCSMethod(int csm) {
        if (idle()) {
            return;
        }
        JMethod m = solver.methodOf(csm);
        for (ReflectiveCall call : callsOf.getOrDefault(m.id(), List.of())) {
            logged.start(csm, call);
            if (hinted.start(csm, call) && mode != ReflectionMode.NONE) {
                models.get(call.api).start(csm, call);
            } else if (call.invoke.recv >= 0) { // a site a hint resolves or ignores still uses the meta-objects it gets
                watchers.watch(var(csm, call.invoke.recv), objs -> {
                    for (int o : objs) {
                        metas.reached(o);
                    }
                });
            }
        }
        for (Stmt s : concatsOf.getOrDefault(m.id(), List.of())) {
            substrings.start(csm, s);
        }
        lazyHeap.onNewCSMethod(csm, m);
    }

    /** Whether nothing is resolved: no mode, no log, no hints. */
    private boolean idle() {
        return mode == ReflectionMode.NONE && log == null && hints == null;
    }

    /** The hints that matched no reflective call of a reachable method. */
    @Override
    public List<String> warnings() {
        return hinted == null ? List.of() : hinted.warnings();
    }

    @Override
    public void onNewPointsTo(int pointer, int[] objects) {
        watchers.deliver(pointer, objects);
    }

    @Override
    public void onFinish() {
        lazyHeap.checkUnused();
        finishers.forEach(Runnable::run);
    }

    /** Runs {@code check} after the fixpoint (soundness checks need the final points-to sets). */
    void atFinish(Runnable check) {
        finishers.add(check);
    }

    /** What was found at each reflective call site of the reachable methods. */
    public ReflectionReport report() {
        return new ReflectionReport(mode, log != null, calls);
    }
}
