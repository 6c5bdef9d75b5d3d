package org.jphantom.analysis.pta.entry;

import java.util.List;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.plugin.Plugin;

/**
 * Every method with a body of the program's own classes (private ones included) is an entry
 * point, entered with client objects as under open packages: the cheapest over-approximation, and
 * a superset of what {@code library} reaches.
 */
public final class AllMethods implements EntryPointPolicy {
    @Override
    public String mode() {
        return "all";
    }

    @Override
    public List<JMethod> entries(Program program) {
        return LibraryEntryPoints.methodsWithBodies(program, m -> true);
    }

    @Override
    public List<Plugin> plugins(Program program, List<JMethod> entries) {
        ClientObjects clients = new ClientObjects(PackageVisibility.OPEN.view(program));
        ClientEscapes escapes = new ClientEscapes(clients);
        return List.of(new ClientEntryPoints(entries, clients, escapes), new ClientCallbacks(clients, escapes), escapes);
    }
}
