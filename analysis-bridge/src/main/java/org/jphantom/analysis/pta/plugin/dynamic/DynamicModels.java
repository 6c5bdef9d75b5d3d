package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.pta.plugin.Plugin;
import org.jphantom.analysis.pta.plugin.StringOrigins;

/**
 * The dynamic models of one analysis, new plugins each time: what
 * {@link org.jphantom.analysis.AnalysisRequest#dynamicModels()} switches on.
 */
public final class DynamicModels {
    private DynamicModels() {
    }

    /**
     * @param mains    the analysis' entry points (their uncaught exceptions reach the handlers)
     * @param services the service providers of the program and its class path
     */
    public static List<Plugin> create(List<JMethod> mains, ServiceIndex services) {
        return create(mains, services, null);
    }

    /**
     * @param origins with string colouring, which strings of a colour reach a pointer (a plugin of
     *                the same analysis), for the handle lookups' names; null without colouring
     */
    public static List<Plugin> create(List<JMethod> mains, ServiceIndex services,
                                      StringOrigins origins) {
        List<Plugin> out = new ArrayList<>();
        out.add(new Finalizers());
        out.add(new UncaughtExceptionHandlers(mains));
        out.add(new ShutdownHooks());
        out.add(new EnumConstants());
        out.add(new BeanIntrospection());
        SerializationReads reads = new SerializationReads();
        out.add(new SerializationWrites(reads));
        out.add(reads);
        out.add(new SerializedLambdas());
        out.add(new ObjectValidations());
        out.add(new DynamicProxies());
        out.add(new ServiceProviders(services));
        out.add(new XmlFactories());
        out.add(new UnsafeModel());
        MethodTypes types = new MethodTypes();
        HandleObjects handles = new HandleObjects();
        out.add(types);
        out.add(new MethodHandleLookups(types, handles, origins));
        out.add(new Unreflections(handles));
        out.add(new HandleBindings(handles, types, origins));
        out.add(new HandleConstants(handles, types));
        out.add(new MethodHandleInvocations(handles));
        out.add(new SpreadInvocations(handles));
        out.add(new HandleProxies());
        out.add(new DynamicCallSites());
        out.add(new LoaderCalls());
        return out;
    }
}
