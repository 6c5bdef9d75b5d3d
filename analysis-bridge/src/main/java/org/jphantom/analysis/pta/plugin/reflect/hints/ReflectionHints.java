package org.jphantom.analysis.pta.plugin.reflect.hints;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.JphantomException;

/** The hints of one file, in file order, found by caller class and method. Immutable. */
public final class ReflectionHints {
    private final String file;
    private final List<Hint> hints;
    private final Map<String, List<Hint>> bySite = new HashMap<>();

    /**
     * @param file  the file, as messages name it
     * @param hints its hints, in file order
     */
    public ReflectionHints(String file, List<Hint> hints) {
        this.file = file;
        this.hints = List.copyOf(hints);
        for (Hint h : this.hints) {
            bySite.computeIfAbsent(h.className() + "." + h.method(), k -> new ArrayList<>(1)).add(h);
        }
    }

    public String file() {
        return file;
    }

    public List<Hint> hints() {
        return hints;
    }

    /** The hints whose site is in method {@code method} of class {@code className} (binary name), in file order. */
    public List<Hint> at(String className, String method) {
        return bySite.getOrDefault(className + "." + method, List.of());
    }

    /** An input error (exit code 2) about {@code hint}: {@code FILE: hints[2] (site): message}. */
    public JphantomException error(Hint hint, String message) {
        return JphantomException.input(file + ": " + hint.describe() + ": " + message);
    }
}
