package org.jphantom.generate;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jphantom.solve.PhantomShape;
import org.jphantom.solve.Solution;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;

/** The known hierarchy joined with the solved phantom shapes: every type's direct supertypes. */
public final class CompletedHierarchy {
    private final ClassWorld world;
    private final Solution solution;

    public CompletedHierarchy(ClassWorld world, Solution solution) {
        this.world = world;
        this.solution = solution;
    }

    public boolean isPhantom(String type) {
        return solution.phantoms().containsKey(type);
    }

    public PhantomShape shape(String type) {
        return solution.phantoms().get(type);
    }

    public ClassInfo known(String type) {
        return world.lookup(type);
    }

    public boolean exists(String type) {
        return isPhantom(type) || world.isKnown(type);
    }

    /**
     * Whether a phantom can be among the type's supertypes (or the type itself): it is a phantom, or
     * a known type with a missing ancestor. A type for which this is false has only known supertypes.
     */
    public boolean reachesPhantom(String type) {
        return isPhantom(type) || world.hasPhantomAncestor(type);
    }

    public boolean isInterface(String type) {
        PhantomShape s = shape(type);
        if (s != null) {
            return s.isInterface();
        }
        ClassInfo c = world.lookup(type);
        return c != null && c.isInterface();
    }

    /** The direct super class (null for Object, interfaces give Object; null if unknown). */
    public String superName(String type) {
        PhantomShape s = shape(type);
        if (s != null) {
            return s.superName();
        }
        ClassInfo c = world.lookup(type);
        return c == null ? null : c.isInterface() ? "java/lang/Object" : c.superName();
    }

    public List<String> interfaces(String type) {
        PhantomShape s = shape(type);
        if (s != null) {
            return s.interfaces();
        }
        ClassInfo c = world.lookup(type);
        return c == null ? List.of() : c.interfaces();
    }

    /** The class itself and its super classes, nearest first. */
    public List<String> classChain(String type) {
        List<String> chain = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String t = type; t != null && seen.add(t); t = superName(t)) {
            chain.add(t);
            if (isInterface(t)) {
                break;
            }
        }
        return chain;
    }

    /** Every super interface reachable from the type (itself excluded), breadth first, in declaration order. */
    public List<String> allInterfaces(String type) {
        Set<String> out = new LinkedHashSet<>();
        Deque<String> work = new ArrayDeque<>();
        for (String c : classChain(type)) {
            if (isInterface(c) && !c.equals(type)) {
                work.add(c);
            }
            work.addAll(interfaces(c));
        }
        while (!work.isEmpty()) {
            String i = work.poll();
            if (out.add(i)) {
                work.addAll(interfaces(i));
            }
        }
        out.remove(type);
        return new ArrayList<>(out);
    }
}
