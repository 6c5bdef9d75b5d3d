package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Warnings that a call's argument is no constant, kept only for the calls where no constant
 * arrives at all: a {@code MethodType.methodType(...)} of constants brings, without contexts, the
 * JDK's own {@code MethodType} objects too (its body returns them to every caller), which are no
 * constants but say nothing about the program's call.
 */
final class UnlessConstant {
    /** Message -> the constants that reached its call (a set the model keeps filling). */
    private final Map<String, Set<String>> pending = new TreeMap<>();

    /** Notes {@code message}, to be reported if {@code constants} is still empty in the end. */
    void note(String message, Set<String> constants) {
        pending.putIfAbsent(message, constants);
    }

    /** Adds the messages whose calls saw no constant to {@code out}. */
    void addTo(Collection<String> out) {
        pending.forEach((message, constants) -> {
            if (constants.isEmpty()) {
                out.add(message);
            }
        });
    }
}
