package org.jphantom.analysis.pta.entry;

import java.util.List;
import org.jphantom.JphantomException;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;

/**
 * The entry-point settings of a request.
 *
 * @param mode     the kind of entry points; null chooses by the program: {@code main} if it has a
 *                 {@code main(String[])} method (or entry classes are named), {@code library}
 *                 otherwise
 * @param packages what a client can see, for {@code library}
 */
public record EntryPointOptions(EntryPointMode mode, PackageVisibility packages) {
    /** Chosen by the program, closed packages. */
    public static final EntryPointOptions AUTOMATIC = new EntryPointOptions(null, PackageVisibility.CLOSED);

    public EntryPointOptions {
        if (packages == null) {
            throw new IllegalArgumentException("packages");
        }
    }

    /**
     * The policy for {@code program} with entry classes {@code mains} (internal or binary names;
     * empty for every main method).
     *
     * @throws JphantomException (exit code 2) if entry classes are named for a mode other than
     *     {@code main}
     */
    public EntryPointPolicy policy(Program program, List<String> mains) {
        EntryPointMode m = mode;
        if (m == null) {
            m = !mains.isEmpty() || hasMain(program) ? EntryPointMode.MAIN : EntryPointMode.LIBRARY;
        } else if (m != EntryPointMode.MAIN && !mains.isEmpty()) {
            throw JphantomException.input("entry classes (--main) go with --entry-points main, not " + m.label());
        }
        return switch (m) {
            case MAIN -> new MainMethods(mains);
            case LIBRARY -> new LibraryEntryPoints(packages);
            case ALL -> new AllMethods();
        };
    }

    private static boolean hasMain(Program program) {
        for (String c : program.programClasses()) {
            JMethod m = program.declared(program.type(c), "main", "([Ljava/lang/String;)V");
            if (m != null && m.isStatic()) {
                return true;
            }
        }
        return false;
    }
}
