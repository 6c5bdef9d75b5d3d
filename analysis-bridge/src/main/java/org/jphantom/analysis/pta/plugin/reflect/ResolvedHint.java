package org.jphantom.analysis.pta.plugin.reflect;

import java.util.List;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.plugin.reflect.hints.Hint;

/**
 * A hint checked against the closed world ({@link HintResolution}): its API (null: any) and the
 * classes (internal names), methods or fields its names denote, in the file's order.
 */
record ResolvedHint(Hint hint, Api api, List<String> classes, List<JMethod> methods, List<JField> fields) {
    ResolvedHint {
        classes = List.copyOf(classes);
        methods = List.copyOf(methods);
        fields = List.copyOf(fields);
    }

    Hint.Kind kind() {
        return hint.kind();
    }

    /** Whether the hint applies to a call of {@code a} (its API, if it names one, and its kind fit). */
    boolean fits(Api a) {
        return (api == null || api == a) && HintResolution.accepts(a, hint.kind());
    }

    /** The methods that fit {@code a}: constructors for the constructor APIs, other methods for the rest. */
    List<JMethod> methodsFor(Api a) {
        boolean ctors = HintResolution.takesConstructors(a);
        return methods.stream().filter(m -> m.name().equals("<init>") == ctors).toList();
    }
}
