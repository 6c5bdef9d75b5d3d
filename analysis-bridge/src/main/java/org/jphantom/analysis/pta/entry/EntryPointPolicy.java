package org.jphantom.analysis.pta.entry;

import java.util.List;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.Plugin;

/** Where the analysis enters the program, and the plugins that enter it there. */
public interface EntryPointPolicy {
    /** The mode, as the summary line and {@code stats.json} name it ({@code main}, {@code library}, {@code all}). */
    String mode();

    /** The package visibility the policy assumes ({@code open}, {@code closed}), or null where it does not apply. */
    default String packages() {
        return null;
    }

    /**
     * The entry points of {@code program}, in a fixed order.
     *
     * @throws org.jphantom.JphantomException (exit code 2) if the program has none the policy can use
     */
    List<JMethod> entries(Program program);

    /** The plugins (new ones per run) that make {@code entries} reachable with their arguments; give them first. */
    List<Plugin> plugins(Program program, List<JMethod> entries);
}
