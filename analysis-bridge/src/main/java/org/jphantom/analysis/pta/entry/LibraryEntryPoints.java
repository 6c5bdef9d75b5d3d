package org.jphantom.analysis.pta.entry;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;

/**
 * A library's entry points: every method with a body, constructor and static initialiser of the
 * program's own classes (not the generated ones) that a client can call under the package
 * visibility ({@link ClientView#canCall}), entered with client objects ({@link ClientEntryPoints},
 * {@link ClientCallbacks}).
 */
public final class LibraryEntryPoints implements EntryPointPolicy {
    private final PackageVisibility packages;

    public LibraryEntryPoints(PackageVisibility packages) {
        this.packages = packages;
    }

    @Override
    public String mode() {
        return "library";
    }

    @Override
    public String packages() {
        return packages.label();
    }

    @Override
    public List<JMethod> entries(Program program) {
        ClientView view = packages.view(program);
        return methodsWithBodies(program, view::canCall);
    }

    @Override
    public List<Plugin> plugins(Program program, List<JMethod> entries) {
        ClientObjects clients = new ClientObjects(packages.view(program));
        ClientEscapes escapes = new ClientEscapes(clients);
        return List.of(new ClientEntryPoints(entries, clients, escapes), new ClientCallbacks(clients, escapes), escapes);
    }

    /** The methods with bytecode of the program's non-generated classes that {@code filter} accepts, by class and name. */
    static List<JMethod> methodsWithBodies(Program program, Predicate<JMethod> filter) {
        List<JMethod> out = new ArrayList<>();
        for (int t : LibraryClasses.of(program)) {
            ClassInfo info = program.info(t);
            if (info == null || program.isGenerated(t)) {
                continue;
            }
            List<MemberInfo> methods = new ArrayList<>();
            info.methods().forEach(methods::add);
            methods.sort(Comparator.comparing(MemberInfo::name).thenComparing(MemberInfo::desc));
            for (MemberInfo mi : methods) {
                if ((mi.access() & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
                    continue;
                }
                JMethod m = program.declared(t, mi.name(), mi.desc());
                if (m != null && filter.test(m)) {
                    out.add(m);
                }
            }
        }
        return out;
    }
}
