package org.jphantom.analysis.pta.plugin.reflect;

import java.util.HashSet;
import java.util.Set;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.heap.NameIndex;

/**
 * The classes the program names: those of the program and its class path (never the JDK's) whose
 * binary name ({@code a.b.C$D}) is a string constant ({@code CONSTANT_String}) of some class of the
 * program or its class path. A program keeps a class's name as a string to load it by that name
 * (a module factory's table, a service or driver list, a default implementation): such a class is
 * evidence a site that loads or instantiates classes really reaches, not a class that merged flows
 * bring, and there are finitely many of them, fixed before the analysis, so admitting them cannot
 * feed the loop the per-site budget cuts ({@link SiteBudget}). Computed once, on the first question.
 */
final class NamedClasses {
    private final Program program;
    private final NameIndex names;
    private Set<Integer> named;

    NamedClasses(Program program, NameIndex names) {
        this.program = program;
        this.names = names;
    }

    /** Whether the program names class {@code type} by a string constant. */
    boolean contains(int type) {
        if (named == null) {
            named = collect();
        }
        return named.contains(type);
    }

    private Set<Integer> collect() {
        Set<Integer> found = new HashSet<>();
        for (String c : program.closedWorldClasses()) {
            for (String s : program.stringConstants(program.type(c))) {
                if (names.isClassName(s)) {
                    String internal = s.replace('.', '/');
                    if (!program.world().isPlatformName(internal)) {
                        found.add(program.type(internal));
                    }
                }
            }
        }
        return found;
    }
}
