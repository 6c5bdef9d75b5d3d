package org.jphantom.analysis.pta.entry;

import java.util.TreeSet;
import org.jphantom.analysis.lang.Program;

/** The library's classes: the program's own (phantoms included), by name, as type indices. */
final class LibraryClasses {
    private LibraryClasses() {
    }

    /** The program's classes sorted by internal name, so that everything built from them is in a fixed order. */
    static int[] of(Program program) {
        return new TreeSet<>(program.programClasses()).stream().mapToInt(program::type).toArray();
    }
}
