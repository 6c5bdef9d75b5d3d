package org.jphantom.agent;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The entry point of {@code jphantom record}'s agent ({@code Premain-Class} of the small agent jar
 * that {@code jphantom record} writes; the program's class path sees only this class). The agent
 * argument names a properties file: {@code log} (the log to write), {@code lookups} ({@code true}
 * to record the lookup APIs too) and {@code tool} (the class path, separated by the path separator,
 * of {@link Hooks} and ASM, loaded in a class loader of their own under the platform loader). {@link org.jphantom.agent.rt} must be on the bootstrap
 * class path ({@code -Xbootclasspath/a:}, so that {@code java.base} can call it; appending it at
 * run time instead would make HotSpot print a class-sharing warning into the program's output).
 *
 * <p>When anything fails here the program still runs, unrecorded, after one line on standard error:
 * {@code jphantom record} then finds no log and says so.
 */
public final class Premain implements Runnable {
    private final String args;
    private final Instrumentation inst;

    private Premain(String args, Instrumentation inst) {
        this.args = args;
        this.inst = inst;
    }

    public static void premain(String args, Instrumentation inst) {
        // The setup runs on a thread of its own: HotSpot draws identity hash codes from a per-thread
        // sequence, and the setup (class loaders, lambdas, shutdown hooks) draws some; drawn on the main
        // thread they would shift the program's identity hash codes further than the JVM's own start of
        // an agent already does (an empty agent changes them too; see README). Premain is its own
        // Runnable: the agent jar holds this one class.
        Thread thread = new Thread(new Premain(args, inst), "jphantom-record-setup");
        thread.start();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void run() {
        install(args, inst);
    }

    private static void install(String args, Instrumentation inst) {
        try {
            Properties config = new Properties();
            try (InputStream in = Files.newInputStream(Path.of(args))) {
                config.load(in);
            }
            Class<?> recorder = Class.forName("org.jphantom.agent.rt.Recorder", true, null);
            // java.base reads no unnamed module by default: let it read the bootstrap loader's.
            inst.redefineModule(Object.class.getModule(), Set.of(recorder.getModule()), Map.of(), Map.of(), Set.of(),
                    Map.of());
            recorder.getMethod("start", String.class).invoke(null, config.getProperty("log"));

            List<URL> urls = new ArrayList<>();
            for (String p : config.getProperty("tool").split(java.io.File.pathSeparator)) {
                urls.add(Path.of(p).toUri().toURL());
            }
            ClassLoader isolated = new URLClassLoader("jphantom-agent", urls.toArray(new URL[0]),
                    ClassLoader.getPlatformClassLoader());
            ClassFileTransformer hooks = (ClassFileTransformer) isolated.loadClass("org.jphantom.agent.Hooks")
                    .getDeclaredConstructor(boolean.class).newInstance(Boolean.parseBoolean(config.getProperty("lookups")));
            inst.addTransformer(hooks, true);
            List<Class<?>> jdk = new ArrayList<>();
            for (String name : new String[] {"java.lang.Class", "java.lang.reflect.Constructor",
                "java.lang.reflect.Method", "java.lang.reflect.Field", "java.lang.reflect.Array"}) {
                jdk.add(Class.forName(name, false, null));
            }
            inst.retransformClasses(jdk.toArray(new Class<?>[0]));
        } catch (IOException | ReflectiveOperationException | RuntimeException
                | java.lang.instrument.UnmodifiableClassException | LinkageError e) {
            System.err.println("jphantom record: the agent could not start, nothing is recorded: " + e);
        }
    }
}
