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
 * @param packages   what a client can see, for {@code library}
 * @param jvmStartup whether what the JVM runs before the first entry point is analysed too
 *                   ({@link JvmStartup}): the main thread, {@code System.initPhase1}/{@code initPhase3},
 *                   {@code Thread.currentThread()}; in every mode. Off by default: under
 *                   k-limited contexts the start-up code costs more than a small program (a
 *                   three-class program: 2cfa 0.3 s without, 64 s with; 2obj over 200 s)
 * @param mainArgs   the command-line arguments of the run to analyse, in order ({@code --arg}):
 *                   {@code main}'s {@code String[]} holds exactly these strings, as constants a
 *                   reflective call can read; null (the default) for any command line: one array
 *                   whose elements are one unknown string. Only for {@code main} entry points
 */
public record EntryPointOptions(EntryPointMode mode, PackageVisibility packages, boolean jvmStartup,
                                List<String> mainArgs) {
    /** Chosen by the program, closed packages, without the JVM's start-up, any command line. */
    public static final EntryPointOptions AUTOMATIC = new EntryPointOptions(null, PackageVisibility.CLOSED, false);

    /** Without the JVM's start-up, any command line. */
    public EntryPointOptions(EntryPointMode mode, PackageVisibility packages) {
        this(mode, packages, false);
    }

    /** Any command line. */
    public EntryPointOptions(EntryPointMode mode, PackageVisibility packages, boolean jvmStartup) {
        this(mode, packages, jvmStartup, null);
    }

    public EntryPointOptions {
        if (packages == null) {
            throw new IllegalArgumentException("packages");
        }
        if (mainArgs != null) {
            mainArgs = List.copyOf(mainArgs);
        }
    }

    /**
     * The policy for {@code program} with entry classes {@code mains} (internal or binary names;
     * empty for every main method).
     *
     * @throws JphantomException (exit code 2) if entry classes or command-line arguments are given
     *     for a mode other than {@code main}
     */
    public EntryPointPolicy policy(Program program, List<String> mains) {
        EntryPointMode m = mode;
        if (m == null) {
            m = !mains.isEmpty() || hasMain(program) ? EntryPointMode.MAIN : EntryPointMode.LIBRARY;
        } else if (m != EntryPointMode.MAIN && !mains.isEmpty()) {
            throw JphantomException.input("entry classes (--main) go with --entry-points main, not " + m.label());
        }
        if (m != EntryPointMode.MAIN && mainArgs != null) {
            throw JphantomException.input("command-line arguments (--arg) go with --entry-points main, not " + m.label());
        }
        return switch (m) {
            case MAIN -> new MainMethods(mains, mainArgs);
            case LIBRARY -> new LibraryEntryPoints(packages);
            case ALL -> new AllMethods();
        };
    }

    /** With or without the JVM's start-up ({@code --jvm-startup on|off}). */
    public EntryPointOptions withJvmStartup(boolean on) {
        return new EntryPointOptions(mode, packages, on, mainArgs);
    }

    /** With {@code main}'s arguments exactly {@code args} (null: any command line). */
    public EntryPointOptions withMainArgs(List<String> args) {
        return new EntryPointOptions(mode, packages, jvmStartup, args);
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
