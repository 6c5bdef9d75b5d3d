package org.jphantom.agent.rt;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The recording side of {@code jphantom record}'s agent: the hooks that the agent puts into the
 * JDK's reflection entry points call these static methods, which add one TamiFlex-format line per
 * distinct (API, target, caller, line) and write them, sorted, when the JVM shuts down.
 *
 * <p>The agent does not load this class as it is: it renames it to {@link #RUNTIME_NAME} and
 * defines it in {@code java.base} (package {@code java.lang}), where the JDK's reflection classes
 * can call it without any change to the boot class path. It is therefore one class (no nested or
 * anonymous classes: only it is defined), uses nothing but {@code java.base}, no lambdas (their
 * bootstrap runs reflection of its own), and never lets a throwable escape: a hook must not change
 * what the program does. A per-thread depth counter stops the recursion of reflective calls made
 * while recording.
 *
 * <p>The process holds one log, so the state is static: the agent is one per JVM by nature.
 */
public final class Recorder implements Runnable {
    /** The internal name this class has at run time. */
    public static final String RUNTIME_NAME = "java/lang/JphantomRecorder";
    private static final Set<String> LINES = ConcurrentHashMap.newKeySet();
    private static final ThreadLocal<int[]> DEPTH = new ThreadLocal<>();
    /** The hooks that name their API by number: {kind, API class, API method}. */
    private static final List<String[]> APIS = new java.util.concurrent.CopyOnWriteArrayList<>();
    private static volatile Path logFile;
    private static volatile boolean stopped;

    private Recorder() {
    }

    /** Called once by the agent before any hook is installed: where to write, and when. */
    public static void start(String file) {
        logFile = Path.of(file);
        Runtime.getRuntime().addShutdownHook(new Thread(new Recorder(), "jphantom-record"));
    }

    /** The shutdown hook: writes the log. */
    @Override
    public void run() {
        write();
    }

    /**
     * The number a hook passes to name {@code api.apiMethod} recorded as {@code kind}. The agent calls
     * this while it writes the hooks; a hook pushes the number ({@code bipush}/{@code sipush}) instead
     * of string constants, so the JDK classes' constant pools gain no new constants.
     */
    public static synchronized int api(String kind, String api, String apiMethod) {
        for (int i = 0; i < APIS.size(); i++) {
            String[] a = APIS.get(i);
            if (a[0].equals(kind) && a[1].equals(api) && a[2].equals(apiMethod)) {
                return i;
            }
        }
        APIS.add(new String[] {kind, api, apiMethod});
        return APIS.size() - 1;
    }

    /** {@code Class.forName} returned {@code result}. */
    public static void classForName(Object result) {
        if (enter()) {
            try {
                if (result instanceof Class<?> c) {
                    add("Class.forName", typeName(c), "", caller("java.lang.Class", "forName"));
                }
            } catch (Throwable t) {
                // never disturb the program
            } finally {
                leave();
            }
        }
    }

    /** {@code Class.newInstance} was called on {@code type}. */
    public static void classNewInstance(Object type) {
        if (enter()) {
            try {
                if (type instanceof Class<?> c) {
                    add("Class.newInstance", typeName(c), "", caller("java.lang.Class", "newInstance"));
                }
            } catch (Throwable t) {
                // never disturb the program
            } finally {
                leave();
            }
        }
    }

    /** {@code Constructor.newInstance} was called on {@code constructor}. */
    @SuppressWarnings("deprecation") // isAccessible: the flag TamiFlex writes
    public static void constructorNewInstance(Object constructor) {
        if (enter()) {
            try {
                if (constructor instanceof Constructor<?> c) {
                    add("Constructor.newInstance",
                            signature(typeName(c.getDeclaringClass()), "void", "<init>", c.getParameterTypes()),
                            cat("isAccessible=", c.isAccessible()), caller("java.lang.reflect.Constructor", "newInstance"));
                }
            } catch (Throwable t) {
                // never disturb the program
            } finally {
                leave();
            }
        }
    }

    /** {@code Method.invoke} was called on {@code method} with {@code receiver}. */
    @SuppressWarnings("deprecation")
    public static void methodInvoke(Object method, Object receiver) {
        if (enter()) {
            try {
                if (method instanceof Method m) {
                    Method target = dispatch(m, receiver);
                    add("Method.invoke", signature(typeName(target.getDeclaringClass()), typeName(target.getReturnType()),
                            target.getName(), target.getParameterTypes()), cat("isAccessible=", m.isAccessible()),
                            caller("java.lang.reflect.Method", "invoke"));
                }
            } catch (Throwable t) {
                // never disturb the program
            } finally {
                leave();
            }
        }
    }

    /** {@code Field.get*} or {@code Field.set*} (as {@link #api} numbered it) was called on {@code field}. */
    @SuppressWarnings("deprecation")
    public static void fieldAccess(Object field, int api) {
        if (enter()) {
            try {
                if (field instanceof Field f) {
                    String[] a = APIS.get(api);
                    add(a[0], cat("<", typeName(f.getDeclaringClass()), ": ", typeName(f.getType()), " ", f.getName(), ">"),
                            cat("isAccessible=", f.isAccessible()), caller(a[1], a[2]));
                }
            } catch (Throwable t) {
                // never disturb the program
            } finally {
                leave();
            }
        }
    }

    /** {@code Array.newInstance(component, ...)} with {@code dimensions} dimensions (-1: not known). */
    public static void arrayNewInstance(Object component, int dimensions) {
        if (enter()) {
            try {
                if (component instanceof Class<?> c && dimensions > 0) {
                    add("Array.newInstance", cat(typeName(c), "[]".repeat(dimensions)), "",
                            caller("java.lang.reflect.Array", "newInstance"));
                }
            } catch (Throwable t) {
                // never disturb the program
            } finally {
                leave();
            }
        }
    }

    /** The number of dimensions {@code Array.newInstance(Class, int...)} asks for, or -1. */
    public static int length(Object dimensions) {
        return dimensions instanceof int[] d ? d.length : -1;
    }

    /**
     * A lookup ({@code jphantom record --lookups}): the API {@code api} (as {@link #api} numbered it)
     * returned or was called on {@code member}, a method, constructor or field (recorded as its
     * signature) or a class (for {@code getMethods()} and friends, recorded as its name).
     */
    @SuppressWarnings("deprecation")
    public static void lookup(Object member, int api) {
        if (enter()) {
            try {
                String[] a = APIS.get(api);
                String target = null;
                String metadata = "";
                if (member instanceof Method m) {
                    target = signature(typeName(m.getDeclaringClass()), typeName(m.getReturnType()), m.getName(),
                            m.getParameterTypes());
                    metadata = cat("isAccessible=", m.isAccessible());
                } else if (member instanceof Constructor<?> c) {
                    target = signature(typeName(c.getDeclaringClass()), "void", "<init>", c.getParameterTypes());
                    metadata = cat("isAccessible=", c.isAccessible());
                } else if (member instanceof Field f) {
                    target = cat("<", typeName(f.getDeclaringClass()), ": ", typeName(f.getType()), " ", f.getName(), ">");
                    metadata = cat("isAccessible=", f.isAccessible());
                } else if (member instanceof Class<?> c) {
                    target = typeName(c);
                }
                if (target != null) {
                    add(a[0], target, metadata, caller(a[1], a[2]));
                }
            } catch (Throwable t) {
                // never disturb the program
            } finally {
                leave();
            }
        }
    }

    /**
     * A call site of {@code loadClass(String)} in {@code caller} at {@code line} (0: not known) is
     * about to ask for {@code name}: the agent puts this call in front of such call sites.
     */
    public static void loadClass(Object name, String caller, int line) {
        if (enter()) {
            try {
                if (name instanceof String n) {
                    add("ClassLoader.loadClass", n, "", cat(caller, ";", line > 0 ? Integer.toString(line) : ""));
                }
            } catch (Throwable t) {
                // never disturb the program
            } finally {
                leave();
            }
        }
    }

    private static boolean enter() {
        if (stopped) {
            return false;
        }
        int[] depth = depth();
        depth[0]++;
        if (depth[0] > 1) {
            depth[0]--;
            return false;
        }
        return true;
    }

    private static int[] depth() {
        int[] depth = DEPTH.get();
        if (depth == null) {
            depth = new int[1];
            DEPTH.set(depth);
        }
        return depth;
    }

    private static void leave() {
        depth()[0]--;
    }

    private static void add(String kind, String target, String metadata, String callerAndLine) {
        if (callerAndLine != null) {
            LINES.add(cat(kind, ";", target, ";", callerAndLine, ";", metadata, ";"));
        }
    }

    /**
     * "class.method;line" of the frame that called the API method {@code api}.{@code apiMethod}:
     * the first frame below this class and below the API's own frame. The hooks run before the API
     * method calls into the reflection implementation, so no implementation frame lies between.
     * A {@code Throwable}'s stack trace, not {@code StackWalker}: walking draws identity hash codes
     * from the current thread's sequence, which would shift the program's own (measured).
     */
    private static String caller(String api, String apiMethod) {
        for (StackTraceElement f : new Throwable().getStackTrace()) {
            String c = f.getClassName();
            if (c.equals(Recorder.class.getName()) || c.equals(api) && f.getMethodName().equals(apiMethod)) {
                continue;
            }
            int line = f.getLineNumber();
            return cat(stable(c), ".", f.getMethodName(), ";", line >= 0 ? Integer.toString(line) : "");
        }
        return null;
    }

    /** The method that runs for {@code m} on {@code receiver}: dispatch, as TamiFlex logs it. */
    private static Method dispatch(Method m, Object receiver) {
        if (receiver == null || Modifier.isStatic(m.getModifiers()) || Modifier.isPrivate(m.getModifiers())) {
            return m;
        }
        for (Class<?> c = receiver.getClass(); c != null && c != m.getDeclaringClass(); c = c.getSuperclass()) {
            try {
                Method found = c.getDeclaredMethod(m.getName(), m.getParameterTypes());
                if (!Modifier.isStatic(found.getModifiers()) && !Modifier.isPrivate(found.getModifiers())) {
                    return found;
                }
            } catch (NoSuchMethodException | LinkageError | SecurityException e) {
                // not declared here: look further up
            }
        }
        return m;
    }

    private static String signature(String owner, String returnType, String name, Class<?>[] parameters) {
        StringBuilder b = new StringBuilder("<").append(owner).append(": ").append(returnType).append(' ')
                .append(name).append('(');
        for (int i = 0; i < parameters.length; i++) {
            b.append(i == 0 ? "" : ",").append(typeName(parameters[i]));
        }
        return b.append(")>").toString();
    }

    /** Java source spelling of a type: {@code int}, {@code java.lang.String[]}. */
    private static String typeName(Class<?> type) {
        int dimensions = 0;
        Class<?> c = type;
        while (c.isArray()) {
            dimensions++;
            c = c.getComponentType();
        }
        return cat(stable(c.getName()), "[]".repeat(dimensions));
    }

    /** Hidden classes (lambdas) carry an address in their names; the log keeps the stable prefix. */
    private static String stable(String className) {
        int lambda = className.indexOf("$$Lambda");
        if (lambda >= 0) {
            return className.substring(0, lambda + "$$Lambda".length());
        }
        int slash = className.indexOf('/');
        return slash >= 0 ? className.substring(0, slash) : className;
    }

    /**
     * Concatenation without {@code +}: javac compiles {@code +} on strings to an invokedynamic whose
     * first run spins method handles, drawing identity hash codes on the program's thread (measured).
     */
    private static String cat(Object... parts) {
        StringBuilder b = new StringBuilder();
        for (Object p : parts) {
            b.append(p);
        }
        return b.toString();
    }

    private static void write() {
        depth()[0]++; // the shutdown thread records nothing
        stopped = true;
        List<String> lines = new ArrayList<>(LINES);
        Collections.sort(lines);
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append(line).append('\n');
        }
        try (OutputStream out = Files.newOutputStream(logFile)) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            // jphantom record sees that the log is missing and says so
        }
    }
}
