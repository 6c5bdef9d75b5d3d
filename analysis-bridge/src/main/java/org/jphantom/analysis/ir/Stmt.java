package org.jphantom.analysis.ir;

/**
 * A statement of the IR. Variables are indices local to their {@link MethodIR}; {@code -1} stands
 * for a value that cannot point to an object (a primitive, {@code null}, or a result nobody uses).
 * Statements are immutable once their {@link MethodIR} is built: analyses keep what they compute
 * about them in their own tables, so one IR serves any number of analyses.
 */
public abstract class Stmt {
    public static final int NEW = 0;
    public static final int COPY = 1;
    public static final int CAST = 2;
    public static final int LOAD_FIELD = 3;
    public static final int STORE_FIELD = 4;
    public static final int LOAD_STATIC = 5;
    public static final int STORE_STATIC = 6;
    public static final int LOAD_ARRAY = 7;
    public static final int STORE_ARRAY = 8;
    public static final int INVOKE = 9;
    /** An {@code invokedynamic} site kept for the models ({@link DynamicCall}); the solver ignores it. */
    public static final int DYNAMIC = 10;

    /** One of the constants above, for switching in the solver. */
    public final int kind;
    /** Source line (0 if unknown). */
    public final int line;
    /** Position in its method's statement array, set when the IR is built. */
    public int index = -1;

    Stmt(int kind, int line) {
        this.kind = kind;
        this.line = line;
    }
}
