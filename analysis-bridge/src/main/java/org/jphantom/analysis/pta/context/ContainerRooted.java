package org.jphantom.analysis.pta.context;

import java.util.Arrays;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;

/**
 * Context insensitivity, except for containers: the methods of a collection, map or iterator run in
 * the context of the container object they work on, and every object they allocate belongs to it.
 *
 * <p>Why: a context-insensitive analysis merges the contents of all containers, because the JDK
 * allocates every {@code ArrayList}'s element array at one site ({@code Arrays.copyOf} in
 * {@code grow}), every {@code HashMap}'s nodes at one site, and so on. One list of a program's
 * rules then holds every object any list holds, and a generic library that reflects on the objects
 * it gets from a list ({@code o.getClass().getMethods()}) reaches the methods of every class the
 * program puts into any container: the reflective part of a real application then grows without
 * end (issue 25). Keeping each container's insides apart, and nothing else, is the smallest
 * context sensitivity that removes this merge; it is what Doop's and Tai-e's object-sensitive
 * analyses do for containers, at the cost of context insensitivity elsewhere.
 *
 * <p>The rule, with one context element per context:
 * <ul>
 *   <li>A <em>root</em> is an object allocated in the empty context (the program's own
 *       {@code new ArrayList<>()}) whose type is a container: a subtype of {@code Collection},
 *       {@code Map}, {@code Map.Entry}, {@code Iterator} or {@code Enumeration}.</li>
 *   <li>An instance method called on an object with a heap context (one allocated inside a
 *       container's context: a node, an iterator, a key set) runs in that
 *       heap context: the context of its root. One called on a root runs in the context of the root
 *       (its allocation site). One called on any other object runs in the empty context.</li>
 *   <li>A static method of {@code java.util} or {@code java.lang.reflect.Array} runs in its
 *       caller's context (so {@code Arrays.copyOf} called by {@code ArrayList.grow} allocates the
 *       element array for that list); other static methods in the empty one, except that a static
 *       method of {@code java.util} returning a container, called from the empty context (the JDK's
 *       container factories: {@code List.of}, {@code Arrays.asList},
 *       {@code Collections.unmodifiableList}), runs in a context of its call site, which then is the
 *       root of what it makes.</li>
 *   <li>A container, an object of a class nested in a container class, or an array of those or
 *       of {@code Object}, allocated in a context has that context as its heap context; other
 *       objects have the empty one.</li>
 * </ul>
 * There are at most as many contexts as container allocation sites and factory call sites, so the
 * cost is bounded by a constant factor of the context-insensitive one over the containers' code.
 */
final class ContainerRooted implements ContextSelector {
    static final String NAME = "ci+containers";

    private static final String[] CONTAINERS = {
        "java/util/Collection", "java/util/Map", "java/util/Map$Entry", "java/util/Iterator",
        "java/util/Enumeration",
    };

    private final Contexts contexts;
    private final ContextInfo info;
    private final Program program;
    /** Per type: 0 not yet asked, 1 a container, 2 not. */
    private byte[] kinds = new byte[256];
    private int[] containerTypes;

    ContainerRooted(Contexts contexts, ContextInfo info) {
        this.contexts = contexts;
        this.info = info;
        this.program = info.program();
    }

    @Override
    public int staticCall(int callerCtx, int callSite, JMethod callee) {
        if (callerCtx != Contexts.EMPTY) {
            return isHelper(callee.declaringType()) ? callerCtx : Contexts.EMPTY;
        }
        return isFactory(callee) ? contexts.child(Contexts.EMPTY, -1 - callSite) : Contexts.EMPTY;
    }

    @Override
    public int instanceCall(int callerCtx, int callSite, int receiver, JMethod callee) {
        int owner = info.heapContextOf(receiver);
        if (owner != Contexts.EMPTY) {
            return owner;
        }
        int site = info.siteOf(receiver);
        return isContainer(info.typeOfSite(site)) ? contexts.child(Contexts.EMPTY, site) : Contexts.EMPTY;
    }

    /**
     * The method's context for what a container keeps inside: arrays, containers and the classes
     * nested in a container class (its spliterators, its abstract iterators); the empty context for
     * the rest, whose methods run context-insensitively anyway (a stream made from a list is the
     * stream library's, a {@code Formatter} made for an exception's message is nobody's).
     */
    @Override
    public int heapContext(int methodCtx, JMethod method, int site) {
        if (methodCtx == Contexts.EMPTY) {
            return Contexts.EMPTY;
        }
        int type = info.typeOfSite(site);
        return type >= 0 && isOwned(type) ? methodCtx : Contexts.EMPTY;
    }

    /**
     * Whether objects of {@code type} made in a container's context are the container's own: its
     * containers, the objects of classes nested in a container class, and arrays of those or of
     * {@code Object} (what a container keeps its elements in: erasure leaves it nothing else). An
     * array of another type made there ({@code toArray(new String[0])}'s) is handed to the caller,
     * and would otherwise be one object per container for every type the program asks for.
     */
    private boolean isOwned(int type) {
        if (program.isArray(type)) {
            int e = program.elementType(type);
            return program.typeName(e).equals(Program.OBJECT) || isOwned(e);
        }
        return isContainer(type) || isContainer(outermost(type));
    }

    /**
     * Whether a static method of {@code type} works for the container that calls it: the classes of
     * {@code java.util} ({@code Arrays.copyOf}, {@code Objects.checkIndex}) and
     * {@code java.lang.reflect.Array}, which {@code Arrays.copyOf} allocates with. Other static code
     * a container calls ({@code String.format} for an exception's message) is not the container's.
     */
    private boolean isHelper(int type) {
        return inJavaUtil(type) || program.typeName(type).equals("java/lang/reflect/Array");
    }

    /** The top-level class that {@code type} is nested in, by name; {@code type} if none. */
    private int outermost(int type) {
        String n = program.typeName(type);
        int d = n.indexOf('$');
        return d <= 0 ? type : program.findType(n.substring(0, d));
    }

    @Override
    public boolean separatesContainers() {
        return true;
    }

    @Override
    public String name() {
        return NAME;
    }

    private boolean inJavaUtil(int type) {
        String n = program.typeName(type);
        return n.startsWith("java/util/") && n.indexOf('/', "java/util/".length()) < 0;
    }

    private boolean isFactory(JMethod m) {
        String ret = m.returnType();
        if (ret == null || ret.startsWith("[") || !inJavaUtil(m.declaringType())) {
            return false;
        }
        int t = program.findType(ret);
        return t >= 0 && isContainer(t);
    }

    private boolean isContainer(int type) {
        if (type < 0 || program.isArray(type)) {
            return false;
        }
        if (type >= kinds.length) {
            kinds = Arrays.copyOf(kinds, Math.max(type + 1, kinds.length * 2));
        }
        if (kinds[type] == 0) {
            kinds[type] = (byte) (computeContainer(type) ? 1 : 2);
        }
        return kinds[type] == 1;
    }

    private boolean computeContainer(int type) {
        if (containerTypes == null) {
            containerTypes = new int[CONTAINERS.length];
            for (int i = 0; i < CONTAINERS.length; i++) {
                containerTypes[i] = program.type(CONTAINERS[i]);
            }
        }
        for (int c : containerTypes) {
            if (!program.isMissing(c) && program.isSubtype(type, c)) {
                return true;
            }
        }
        return false;
    }
}
