package org.jphantom.analysis.pta.entry;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.JphantomException;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.EntryPoints;
import org.jphantom.analysis.pta.plugin.Plugin;

/** An application's entry points: the named classes' {@code main(String[])}, or every one the program has. */
public final class MainMethods implements EntryPointPolicy {
    private static final String MAIN_DESC = "([Ljava/lang/String;)V";
    private final List<String> mains;
    private final List<String> args;

    /**
     * @param mains internal or binary names of the entry classes; empty for every main method
     * @param args  the command line's arguments, which {@code main}'s array holds; null for any
     */
    public MainMethods(List<String> mains, List<String> args) {
        this.mains = List.copyOf(mains);
        this.args = args == null ? null : List.copyOf(args);
    }

    @Override
    public String mode() {
        return "main";
    }

    /**
     * @throws JphantomException if a named class is missing or has no static {@code main(String[])}, or
     *     none is named and the program has no main method
     */
    @Override
    public List<JMethod> entries(Program program) {
        Set<String> programClasses = program.programClasses();
        List<JMethod> out = new ArrayList<>();
        if (mains.isEmpty()) {
            for (String c : new TreeSet<>(programClasses)) {
                JMethod m = program.declared(program.type(c), "main", MAIN_DESC);
                if (m != null && m.isStatic()) {
                    out.add(m);
                }
            }
            if (out.isEmpty()) {
                throw JphantomException.input("the program has no main(String[]) method; name an entry class with"
                        + " --main, or analyse it as a library with --entry-points library");
            }
            return out;
        }
        for (String name : mains) {
            String internal = name.replace('.', '/');
            if (!programClasses.contains(internal) && program.world().lookup(internal) == null) {
                throw JphantomException.input("main class " + name + " is not in the program or its class path");
            }
            JMethod m = program.declared(program.type(internal), "main", MAIN_DESC);
            if (m == null || !m.isStatic()) {
                throw JphantomException.input("main class " + name + " declares no static main(String[])");
            }
            out.add(m);
        }
        return out;
    }

    @Override
    public List<Plugin> plugins(Program program, List<JMethod> entries) {
        return List.of(new EntryPoints(entries, args));
    }
}
