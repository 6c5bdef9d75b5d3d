package org.jphantom.analysis.pta.context;

import java.util.Locale;
import org.jphantom.JphantomException;
import org.jphantom.analysis.lang.JMethod;

/**
 * The uniform selectors: context-insensitive, k-call-site, k-object and k-type, each with a
 * (k-1)-deep heap context; and the names of the selective k-call-site ones ({@link
 * SelectiveFactory}, seed 004). Static calls keep the caller's context under object and type
 * sensitivity, and push the call site under call-site sensitivity.
 */
public final class Selectors {
    private Selectors() {
    }

    /**
     * The default context sensitivity: context insensitivity. ({@code ci+containers} is more
     * precise, but costs 1.4-1.5x the CPU on small programs and did not finish on log4j's closure:
     * see the README.)
     */
    public static final String DEFAULT = "ci";

    /** The names {@link #of} accepts. */
    public static final String NAMES = "ci|ci+containers|1cfa|2cfa|3cfa|1obj|2obj|1type|2type|s-1cfa|s-2cfa|s-3cfa|s-1cfa-full|s-2cfa-full|s-3cfa-full";

    /**
     * The factory of the selector named {@code name} (or an alias, see {@link #canonical}): the one
     * place where the command line's names become selectors.
     *
     * @throws JphantomException if the name is unknown
     */
    public static SelectorFactory named(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return switch (canonical(name)) {
            case "ci" -> insensitive();
            case ContainerRooted.NAME -> containers();
            case "1cfa" -> SelectorFactory.of(n, (contexts, info) -> new CallSite(1, contexts, n));
            case "2cfa" -> SelectorFactory.of(n, (contexts, info) -> new CallSite(2, contexts, n));
            case "3cfa" -> SelectorFactory.of(n, (contexts, info) -> new CallSite(3, contexts, n));
            case "s-1cfa" -> SelectiveFactory.callSite(1);
            case "s-2cfa" -> SelectiveFactory.callSite(2);
            case "s-3cfa" -> SelectiveFactory.callSite(3);
            case "s-1cfa-full" -> SelectiveFactory.callSite(1, SelectxRules.FULL);
            case "s-2cfa-full" -> SelectiveFactory.callSite(2, SelectxRules.FULL);
            case "s-3cfa-full" -> SelectiveFactory.callSite(3, SelectxRules.FULL);
            case "1obj" -> SelectorFactory.of(n, (contexts, info) -> new ObjectSensitive(1, contexts, info, false, n));
            case "2obj" -> SelectorFactory.of(n, (contexts, info) -> new ObjectSensitive(2, contexts, info, false, n));
            case "1type" -> SelectorFactory.of(n, (contexts, info) -> new ObjectSensitive(1, contexts, info, true, n));
            default -> SelectorFactory.of(n, (contexts, info) -> new ObjectSensitive(2, contexts, info, true, n));
        };
    }

    /** Context insensitivity: every method, variable and object in the empty context. */
    public static SelectorFactory insensitive() {
        return SelectorFactory.of("ci", (contexts, info) -> new Insensitive());
    }

    /** Context insensitivity except inside containers, each kept apart ({@link ContainerRooted}). */
    public static SelectorFactory containers() {
        return SelectorFactory.of(ContainerRooted.NAME, ContainerRooted::new);
    }

    /**
     * Whether a selector keeps string constants apart as context-insensitive analyses do: its
     * contexts are never string objects, so distinct constants cost it nothing.
     */
    public static boolean keepsConstantsApart(SelectorFactory s) {
        return s.name().equals("ci") || s.name().equals(ContainerRooted.NAME);
    }

    /** k-call-site sensitivity with a (k-1)-deep heap context. */
    public static SelectorFactory callSite(int k) {
        return SelectorFactory.of(k + "cfa", (contexts, info) -> new CallSite(k, contexts, k + "cfa"));
    }

    /** k-object sensitivity with a (k-1)-deep heap context. */
    public static SelectorFactory object(int k) {
        return SelectorFactory.of(k + "obj", (contexts, info) -> new ObjectSensitive(k, contexts, info, false, k + "obj"));
    }

    /** k-type sensitivity with a (k-1)-deep heap context. */
    public static SelectorFactory type(int k) {
        return SelectorFactory.of(k + "type", (contexts, info) -> new ObjectSensitive(k, contexts, info, true, k + "type"));
    }

    /**
     * The name among {@link #NAMES} that {@code name} or its alias ({@code insens}, {@code 1cs},
     * {@code 2call}, ..., any case) stands for: a way to check a name before any work is done.
     *
     * @throws JphantomException if the name is unknown
     */
    public static String canonical(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "ci", "insens" -> "ci";
            case ContainerRooted.NAME, "cic", "containers" -> ContainerRooted.NAME;
            case "1cfa", "1cs", "1call" -> "1cfa";
            case "2cfa", "2cs", "2call" -> "2cfa";
            case "3cfa", "3cs", "3call" -> "3cfa";
            case "s-1cfa", "s-1cs" -> "s-1cfa";
            case "s-2cfa", "s-2cs" -> "s-2cfa";
            case "s-3cfa", "s-3cs" -> "s-3cfa";
            case "s-1cfa-full", "s-1cs-full" -> "s-1cfa-full";
            case "s-2cfa-full", "s-2cs-full" -> "s-2cfa-full";
            case "s-3cfa-full", "s-3cs-full" -> "s-3cfa-full";
            case "1obj" -> "1obj";
            case "2obj" -> "2obj";
            case "1type" -> "1type";
            case "2type" -> "2type";
            default -> throw JphantomException.input("unknown context sensitivity '" + name + "': use one of " + NAMES);
        };
    }

    /** Every method and object in the empty context. */
    static final class Insensitive implements ContextSelector {
        @Override
        public int staticCall(int callerCtx, int callSite, JMethod callee) {
            return Contexts.EMPTY;
        }

        @Override
        public int instanceCall(int callerCtx, int callSite, int receiver, JMethod callee) {
            return Contexts.EMPTY;
        }

        @Override
        public int heapContext(int methodCtx, JMethod method, int site) {
            return Contexts.EMPTY;
        }

        @Override
        public boolean dependsOnReceiver() {
            return false;
        }

        @Override
        public String name() {
            return "ci";
        }
    }

    /** k-CFA: the last k call sites. */
    static final class CallSite implements ContextSelector {
        private final int k;
        private final Contexts contexts;
        private final String name;

        CallSite(int k, Contexts contexts, String name) {
            this.k = k;
            this.contexts = contexts;
            this.name = name;
        }

        @Override
        public int staticCall(int callerCtx, int callSite, JMethod callee) {
            return contexts.append(callerCtx, callSite, k);
        }

        @Override
        public int instanceCall(int callerCtx, int callSite, int receiver, JMethod callee) {
            return contexts.append(callerCtx, callSite, k);
        }

        @Override
        public int heapContext(int methodCtx, JMethod method, int site) {
            return contexts.suffix(methodCtx, k - 1);
        }

        @Override
        public boolean dependsOnReceiver() {
            return false;
        }

        @Override
        public String name() {
            return name;
        }
    }

    /**
     * k-object sensitivity (the receiver's allocation site after its heap context) or, with
     * {@code types}, k-type sensitivity (the class declaring the method that allocated it).
     */
    static final class ObjectSensitive implements ContextSelector {
        private final int k;
        private final Contexts contexts;
        private final ContextInfo info;
        private final boolean types;
        private final String name;

        ObjectSensitive(int k, Contexts contexts, ContextInfo info, boolean types, String name) {
            this.k = k;
            this.contexts = contexts;
            this.info = info;
            this.types = types;
            this.name = name;
        }

        @Override
        public int staticCall(int callerCtx, int callSite, JMethod callee) {
            return callerCtx;
        }

        @Override
        public int instanceCall(int callerCtx, int callSite, int receiver, JMethod callee) {
            int site = info.siteOf(receiver);
            int elem = types ? info.allocatingClassOf(site) : site;
            return contexts.append(info.heapContextOf(receiver), elem, k);
        }

        @Override
        public int heapContext(int methodCtx, JMethod method, int site) {
            return contexts.suffix(methodCtx, k - 1);
        }

        @Override
        public String name() {
            return name;
        }
    }
}
