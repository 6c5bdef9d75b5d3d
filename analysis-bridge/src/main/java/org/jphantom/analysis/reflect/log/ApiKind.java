package org.jphantom.analysis.reflect.log;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The reflective API a log entry records, with its label in TamiFlex's format and the shape of its
 * target. The labels are those TamiFlex's Play-Out Agent (2.x) writes, plus
 * {@code ClassLoader.loadClass}, which {@code jphantom record} adds (TamiFlex has no such kind).
 */
public enum ApiKind {
    CLASS_FOR_NAME("Class.forName", TargetShape.CLASS),
    CLASS_NEW_INSTANCE("Class.newInstance", TargetShape.CLASS),
    CLASS_GET_DECLARED_FIELD("Class.getDeclaredField", TargetShape.FIELD),
    CLASS_GET_DECLARED_FIELDS("Class.getDeclaredFields", TargetShape.CLASS),
    CLASS_GET_DECLARED_METHOD("Class.getDeclaredMethod", TargetShape.METHOD),
    CLASS_GET_DECLARED_METHODS("Class.getDeclaredMethods", TargetShape.CLASS),
    CLASS_GET_FIELD("Class.getField", TargetShape.FIELD),
    CLASS_GET_FIELDS("Class.getFields", TargetShape.CLASS),
    CLASS_GET_METHOD("Class.getMethod", TargetShape.METHOD),
    CLASS_GET_METHODS("Class.getMethods", TargetShape.CLASS),
    CLASS_GET_MODIFIERS("Class.getModifiers", TargetShape.CLASS),
    CLASS_LOADER_LOAD_CLASS("ClassLoader.loadClass", TargetShape.CLASS),
    CONSTRUCTOR_NEW_INSTANCE("Constructor.newInstance", TargetShape.METHOD),
    CONSTRUCTOR_GET_MODIFIERS("Constructor.getModifiers", TargetShape.METHOD),
    CONSTRUCTOR_TO_STRING("Constructor.toString", TargetShape.METHOD),
    CONSTRUCTOR_TO_GENERIC_STRING("Constructor.toGenericString", TargetShape.METHOD),
    METHOD_INVOKE("Method.invoke", TargetShape.METHOD),
    METHOD_GET_NAME("Method.getName", TargetShape.METHOD),
    METHOD_GET_DECLARING_CLASS("Method.getDeclaringClass", TargetShape.METHOD),
    METHOD_GET_MODIFIERS("Method.getModifiers", TargetShape.METHOD),
    METHOD_TO_STRING("Method.toString", TargetShape.METHOD),
    METHOD_TO_GENERIC_STRING("Method.toGenericString", TargetShape.METHOD),
    ARRAY_NEW_INSTANCE("Array.newInstance", TargetShape.CLASS),
    ARRAY_GET("Array.get*", TargetShape.CLASS),
    ARRAY_SET("Array.set*", TargetShape.CLASS),
    FIELD_SET("Field.set*", TargetShape.FIELD),
    FIELD_GET("Field.get*", TargetShape.FIELD),
    FIELD_GET_NAME("Field.getName", TargetShape.FIELD),
    FIELD_GET_DECLARING_CLASS("Field.getDeclaringClass", TargetShape.FIELD),
    FIELD_GET_MODIFIERS("Field.getModifiers", TargetShape.FIELD),
    FIELD_TO_STRING("Field.toString", TargetShape.FIELD),
    FIELD_TO_GENERIC_STRING("Field.toGenericString", TargetShape.FIELD);

    /** What the target column holds. */
    public enum TargetShape {
        /** A type in Java spelling: {@code a.b.C}, {@code a.b.C$D}, {@code int[]}. */
        CLASS,
        /** A method or constructor in Soot's spelling: {@code <a.b.C: void m(int,java.lang.String)>}. */
        METHOD,
        /** A field in Soot's spelling: {@code <a.b.C: int f>}. */
        FIELD
    }

    private static final Map<String, ApiKind> BY_LABEL = new TreeMap<>();

    static {
        for (ApiKind k : values()) {
            BY_LABEL.put(k.label, k);
        }
    }

    private final String label;
    private final TargetShape shape;

    ApiKind(String label, TargetShape shape) {
        this.label = label;
        this.shape = shape;
    }

    /** The first column of a log line. */
    public String label() {
        return label;
    }

    public TargetShape shape() {
        return shape;
    }

    /** The kind whose label is {@code label}, if any. */
    public static Optional<ApiKind> ofLabel(String label) {
        return Optional.ofNullable(BY_LABEL.get(label));
    }

    /** Every label, sorted, for error messages. */
    public static String labels() {
        return String.join(", ", BY_LABEL.keySet());
    }
}
