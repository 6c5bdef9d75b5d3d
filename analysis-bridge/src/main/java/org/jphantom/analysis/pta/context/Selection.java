package org.jphantom.analysis.pta.context;

import java.util.BitSet;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jphantom.analysis.lang.JMethod;

/**
 * The outcome of a selective pre-analysis (seed 004's Selectx): which variables and allocation
 * sites need a context, and the methods that hold one of them. Variables are keyed by method and
 * variable index, allocation sites by method and statement index, so a selection made on one
 * analysis of a program applies to another analysis of the same program. Immutable once built.
 */
public final class Selection {
    private final BitSet[] vars;
    private final BitSet[] objects;
    private final BitSet methods;
    private final Map<String, Object> figures;

    private Selection(Builder b) {
        this.vars = b.vars;
        this.objects = b.objects;
        this.methods = b.methods;
        this.figures = Collections.unmodifiableMap(new LinkedHashMap<>(b.figures));
    }

    /** Whether variable {@code var} of {@code m} needs a context. */
    public boolean variable(JMethod m, int var) {
        BitSet s = m.id() < vars.length ? vars[m.id()] : null;
        return s != null && var >= 0 && s.get(var);
    }

    /** Whether the allocation at statement {@code stmt} of {@code m} needs a heap context. */
    public boolean object(JMethod m, int stmt) {
        BitSet s = m.id() < objects.length ? objects[m.id()] : null;
        return s != null && stmt >= 0 && s.get(stmt);
    }

    /** Whether {@code m} has a selected variable or allocation (then it is analysed under contexts). */
    public boolean method(JMethod m) {
        return methods.get(m.id());
    }

    /** The pre-analysis' figures (time, graph size, how much it selected), in a fixed order. */
    public Map<String, Object> figures() {
        return figures;
    }

    /** Collects a selection over methods {@code 0..methodCount-1}. */
    public static final class Builder {
        private final BitSet[] vars;
        private final BitSet[] objects;
        private final BitSet methods = new BitSet();
        private final Map<String, Object> figures = new LinkedHashMap<>();

        public Builder(int methodCount) {
            vars = new BitSet[methodCount];
            objects = new BitSet[methodCount];
        }

        public Builder variable(JMethod m, int var) {
            if (vars[m.id()] == null) {
                vars[m.id()] = new BitSet();
            }
            vars[m.id()].set(var);
            methods.set(m.id());
            return this;
        }

        public Builder object(JMethod m, int stmt) {
            if (objects[m.id()] == null) {
                objects[m.id()] = new BitSet();
            }
            objects[m.id()].set(stmt);
            methods.set(m.id());
            return this;
        }

        public Builder figure(String name, Object value) {
            figures.put(name, value);
            return this;
        }

        public Selection build() {
            return new Selection(this);
        }
    }
}
