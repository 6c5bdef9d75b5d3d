package org.jphantom.analysis.pta.entry;

import java.util.Locale;
import org.jphantom.JphantomException;
import org.jphantom.analysis.lang.Program;

/**
 * Whether a client can put classes into the library's packages (Reif et al.'s open package
 * assumption) or not (closed packages: a client sees only public types and the public and
 * protected members they expose).
 */
public enum PackageVisibility {
    OPEN,
    CLOSED;

    /** The names the command line takes. */
    public static final String NAMES = "open, closed";

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What a client sees of {@code program} under this assumption. */
    public ClientView view(Program program) {
        return this == OPEN ? new OpenPackages(program) : new ClosedPackages(program);
    }

    /**
     * The visibility called {@code name} (case-insensitive).
     *
     * @throws JphantomException (exit code 2) if there is none
     */
    public static PackageVisibility named(String name) {
        for (PackageVisibility v : values()) {
            if (v.label().equals(name.toLowerCase(Locale.ROOT))) {
                return v;
            }
        }
        throw JphantomException.input("unknown package visibility '" + name + "'; choose one of " + NAMES);
    }
}
