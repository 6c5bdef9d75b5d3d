package org.jphantom.agent;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The entry point of {@code jphantom record}'s agent ({@code Premain-Class} of the small agent jar
 * that {@code jphantom record} writes; the program's class path sees only this class). The agent
 * argument names a properties file: {@code log} (the log to write), {@code lookups} ({@code true}
 * to record the lookup APIs too), {@code calls} (if present, where to write the run's call edges)
 * and {@code tool} (the class path, separated by the path separator,
 * of {@link Hooks} and ASM, loaded in a class loader of their own under the platform loader, whose
 * {@link Hooks#install} does the rest).
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
            List<URL> urls = new ArrayList<>();
            for (String p : config.getProperty("tool").split(java.io.File.pathSeparator)) {
                urls.add(Path.of(p).toUri().toURL());
            }
            ClassLoader isolated = new URLClassLoader("jphantom-agent", urls.toArray(new URL[0]),
                    ClassLoader.getPlatformClassLoader());
            isolated.loadClass("org.jphantom.agent.Hooks")
                    .getMethod("install", Instrumentation.class, String.class, boolean.class, String.class)
                    .invoke(null, inst, config.getProperty("log"), Boolean.parseBoolean(config.getProperty("lookups")),
                            config.getProperty("calls"));
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.err.println("jphantom record: the agent could not start, nothing is recorded: " + e.getCause());
        } catch (IOException | ReflectiveOperationException | RuntimeException | LinkageError e) {
            System.err.println("jphantom record: the agent could not start, nothing is recorded: " + e);
        }
    }
}
