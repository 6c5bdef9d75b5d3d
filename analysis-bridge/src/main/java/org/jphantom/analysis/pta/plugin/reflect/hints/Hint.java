package org.jphantom.analysis.pta.plugin.reflect.hints;

import java.util.List;

/**
 * One hint of a hints file: a reflective call site and what it may reach.
 *
 * @param index     its position in the file's {@code hints} array (from 0)
 * @param className the caller's binary name ({@code a.b.Caller}, {@code a.b.Outer$Inner})
 * @param method    the caller method's name
 * @param line      the call's source line, or -1: every call of the method that matches
 * @param api       the API's label ({@code Class.forName}, {@code Method.invoke}, ...), or null: any
 * @param kind      what {@code names} are
 * @param names     binary class names ({@link Kind#CLASSES}), methods {@code a.b.C.m(int,java.lang.String)}
 *                  or {@code a.b.C.m} (every method named m that C declares; {@code <init>} for
 *                  constructors) ({@link Kind#METHODS}), fields {@code a.b.C.f} ({@link Kind#FIELDS});
 *                  empty for {@link Kind#IGNORE}
 */
public record Hint(int index, String className, String method, int line, String api, Kind kind, List<String> names) {
    public Hint {
        names = List.copyOf(names);
    }

    /** What a hint says the site reaches. */
    public enum Kind {
        CLASSES("classes"),
        METHODS("methods"),
        FIELDS("fields"),
        /** The site resolves nothing. */
        IGNORE("ignore");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        /** The JSON key that gives this kind. */
        public String key() {
            return key;
        }
    }

    /** {@code hints[2] (a.b.Caller.m:12, Class.forName)}: how messages name the hint. */
    public String describe() {
        return "hints[" + index + "] (" + className + "." + method + (line > 0 ? ":" + line : "")
                + (api != null ? ", " + api : "") + ")";
    }
}
