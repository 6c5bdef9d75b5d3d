package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Type;

/**
 * {@code ServiceLoader}: at each call of {@code ServiceLoader.load(S, ...)} or
 * {@code loadInstalled(S)} the model instantiates, for every class object {@code S} may be, the
 * providers the program and class path list for {@code S} ({@link ServiceIndex}), from that call
 * site: a provider's public static {@code provider()} method if it declares one, else its public
 * no-arg constructor on one abstract object per provider class. The providers are what the JDK's
 * lazy iterator returns: the results of {@code ServiceLoader$ProviderImpl.get()} and of the
 * iterator {@code ServiceLoader.iterator()} makes ({@code ServiceLoader$3.next()}), one set for
 * all services (the program's casts to {@code S} separate them). At the program's own calls (and
 * its class path's), the providers the JDK's modules declare for {@code S} ({@code provides S with
 * P}: {@code jdk.zipfs}'s {@code ZipFileSystemProvider} for {@code FileSystemProvider}, say) are
 * instantiated the same way; the JDK's own calls of {@code ServiceLoader} are left to the plain
 * analysis, which does not follow them (they are the JDK's machinery, and loading every JDK
 * provider there would grow every analysis). Missing providers and class objects that are no
 * constants are reported.
 */
public final class ServiceProviders extends CallSiteModel implements Warnings {
    private static final Set<String> RESULTS = Set.of("java/util/ServiceLoader$ProviderImpl.get()Ljava/lang/Object;",
            "java/util/ServiceLoader$3.next()Ljava/lang/Object;");
    private final ServiceIndex index;
    private final Set<String> instantiated = new HashSet<>();
    private final TreeSet<String> unresolved = new TreeSet<>();
    private int providers = -1;

    public ServiceProviders(ServiceIndex index) {
        this.index = index;
    }

    private int providers() {
        if (providers < 0) {
            providers = solver.tempPointer();
        }
        return providers;
    }

    @Override
    public void onNewCSMethod(int csm) {
        JMethod m = solver.methodOf(csm);
        if ((m.name().equals("get") || m.name().equals("next")) && RESULTS.contains(Calls.key(solver.program(), m))) {
            MethodIR ir = solver.ir(m);
            if (ir.retVar >= 0) {
                solver.addEdge(providers(), solver.varPointer(csm, ir.retVar), null);
            }
        }
    }

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.isStatic() || !callee.name().startsWith("load")
                || !solver.program().typeName(callee.declaringType()).equals("java/util/ServiceLoader")
                || !done.add(callerCsm, site)) {
            return;
        }
        Type[] params = Type.getArgumentTypes(callee.desc());
        Invoke inv = solver.callSites().get(site);
        for (int i = 0; i < params.length && i < inv.args.length; i++) {
            if (params[i].getDescriptor().equals("Ljava/lang/Class;")) {
                int p = Calls.var(solver, callerCsm, inv.args[i]);
                String where = Calls.reportable(solver, site)
                        ? solver.callGraph().callerOf(site).signature(solver.program()) + "/" + inv.ordinal : null;
                if (p >= 0) {
                    watch.watch(p, objs -> load(callerCsm, site, objs, where));
                }
                return;
            }
        }
    }

    private void load(int callerCsm, int site, int[] classObjects, String where) {
        Program program = solver.program();
        for (int o : classObjects) {
            String service = solver.heap().classConstant(solver.cs().siteOf(o));
            if (service == null) {
                report(where, "service loading: ServiceLoader.load at " + where
                        + " with a class object that is no constant: no providers instantiated for it");
                continue;
            }
            List<String> providers = new ArrayList<>(index.providers(service));
            if (where != null) {
                providers.addAll(index.jdkProviders(service)); // the program's loads only: see the class comment
            }
            for (String provider : providers) {
                if (!instantiated.add(callerCsm + ":" + site + ":" + provider)) {
                    continue;
                }
                int type = program.type(provider);
                if (program.info(type) == null || program.isAbstractOrInterface(type)) {
                    report(where, "service loading: provider " + provider.replace('/', '.') + " of "
                            + service.replace('/', '.') + " is missing or abstract");
                    continue;
                }
                JMethod factory = providerMethod(type);
                if (factory != null) {
                    Calls.callStatic(solver, callerCsm, site, factory, new int[0], providers(), -1);
                    continue;
                }
                JMethod init = program.declared(type, "<init>", "()V");
                if (init == null) {
                    report(where, "service loading: provider " + provider.replace('/', '.') + " has no no-arg constructor");
                    continue;
                }
                solver.initClass(type);
                int obj = solver.csObject(Contexts.EMPTY, solver.heap().abstractObject("service:" + provider, type, null,
                        "<service:" + provider.replace('/', '.') + ">"));
                solver.addPointsTo(providers(), obj);
                Calls.dispatch(solver, callerCsm, site, init, false, new int[] {obj}, new int[0], -1, -1);
            }
        }
    }

    /** A public static no-arg {@code provider()} method of any reference return type, or null. */
    private JMethod providerMethod(int type) {
        for (MemberInfo m : solver.program().info(type).methodsNamed("provider")) {
            if (m.isStatic() && m.desc().startsWith("()L")) {
                return solver.program().declared(type, m.name(), m.desc());
            }
        }
        return null;
    }

    /** Notes {@code message} unless {@code where} is null (a site of the JDK's own). */
    private void report(String where, String message) {
        if (where != null) {
            unresolved.add(message);
        }
    }

    @Override
    public List<String> warnings() {
        return new ArrayList<>(unresolved);
    }
}
