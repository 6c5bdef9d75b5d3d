package org.jphantom.agent.rt;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The call edges of a run ({@code jphantom record --calls}): the agent puts a call of {@link
 * #entered} at the start of every method of the program's classes, which adds the edge from the
 * method's caller, the frame below it on the stack, to the method; the distinct edges are written,
 * sorted, when the JVM shuts down, one per line in the analysis' spelling:
 * {@code <a.B: void m(int)> -> <a.C: int n()>}. The caller is any method, the JDK's too (callbacks);
 * the callee is always the program's.
 *
 * <p>The caller is the frame {@link StackWalker} shows by default, which leaves out reflection and
 * hidden frames, and not a frame of {@code Class.newInstance} or the reflection implementation either:
 * a method run by {@code Method.invoke}, {@code Constructor.newInstance} or {@code Class.newInstance}
 * has the method that called {@code invoke} for caller (the edge a call graph has at that call site), a
 * method run through a method handle the method that invoked the handle, and the implementation
 * method of a lambda the method that called the functional interface method (not the lambda's
 * hidden class, whose frames are hidden). Walking draws identity hash codes on the program's
 * thread, so output in identity-hash order may differ from a plain run's (the reflective-call log
 * avoids this; call edges cannot afford a full stack trace per call).
 *
 * <p>Like {@link Recorder}, the agent renames this class to {@link #RUNTIME_NAME} and defines it in
 * {@code java.base}, where every class of the program can call it; so it is one class, uses nothing
 * but {@code java.base}, no lambdas, and lets no throwable escape. It is its own stack-walking
 * function and its own shutdown hook.
 */
public final class CallRecorder implements Function<Stream<StackWalker.StackFrame>, StackWalker.StackFrame>, Runnable {
    /** The internal name this class has at run time. */
    public static final String RUNTIME_NAME = "java/lang/JphantomCalls";
    private static final Set<String> EDGES = ConcurrentHashMap.newKeySet();
    private static final ThreadLocal<int[]> DEPTH = new ThreadLocal<>();
    private static final CallRecorder CALLER = new CallRecorder();
    private static volatile StackWalker walker;
    private static volatile Path file;
    private static volatile boolean stopped;

    private CallRecorder() {
    }

    /** Called once by the agent before any class is instrumented: where to write the edges. */
    public static void start(String path) {
        file = Path.of(path);
        walker = StackWalker.getInstance();
        Runtime.getRuntime().addShutdownHook(new Thread(new CallRecorder(), "jphantom-record-calls"));
    }

    /**
     * A method of the program was entered; {@code callee} is its class's binary name, a dot, its
     * name and its descriptor ({@code a.B.m(I)V}).
     */
    public static void entered(String callee) {
        if (stopped) {
            return;
        }
        int[] depth = DEPTH.get();
        if (depth == null) {
            depth = new int[1];
            DEPTH.set(depth);
        }
        if (depth[0] > 0) {
            return;
        }
        depth[0]++;
        try {
            StackWalker.StackFrame f = walker.walk(CALLER);
            if (f != null) {
                EDGES.add(new StringBuilder(f.getClassName()).append('.').append(f.getMethodName())
                        .append(f.getDescriptor()).append(' ').append(callee).toString());
            }
        } catch (Throwable t) {
            // never disturb the program
        } finally {
            depth[0]--;
        }
    }

    /**
     * The caller's frame: below {@link #entered}, the method that called it, and the reflection
     * frames the walker shows ({@code Class.newInstance} and what it runs through).
     */
    @Override
    public StackWalker.StackFrame apply(Stream<StackWalker.StackFrame> frames) {
        java.util.Iterator<StackWalker.StackFrame> it = frames.skip(2).iterator();
        while (it.hasNext()) {
            StackWalker.StackFrame f = it.next();
            String c = f.getClassName();
            if (!c.startsWith("jdk.internal.reflect.") && !c.equals("java.lang.reflect.ReflectAccess")
                    && !(c.equals("java.lang.Class") && f.getMethodName().equals("newInstance"))) {
                return f;
            }
        }
        return null;
    }

    /** The shutdown hook: writes the edges. */
    @Override
    public void run() {
        stopped = true;
        List<String> lines = new ArrayList<>();
        for (String edge : EDGES) {
            int space = edge.indexOf(' ');
            lines.add(new StringBuilder(signature(edge.substring(0, space))).append(" -> ")
                    .append(signature(edge.substring(space + 1))).toString());
        }
        Collections.sort(lines);
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append(line).append('\n');
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            // jphantom record sees that the file is missing and says so
        }
    }

    /** {@code a.B.m(I[Ljava/lang/String;)V} as {@code <a.B: void m(int,java.lang.String[])>}. */
    static String signature(String method) {
        int paren = method.indexOf('(');
        int dot = method.lastIndexOf('.', paren);
        StringBuilder params = new StringBuilder();
        int i = paren + 1;
        while (method.charAt(i) != ')') {
            int end = typeEnd(method, i);
            params.append(params.length() == 0 ? "" : ",").append(javaName(method, i, end));
            i = end;
        }
        String ret = javaName(method, i + 1, method.length());
        String owner = method.substring(0, dot);
        int lambda = owner.indexOf("$$Lambda");
        if (lambda >= 0) {
            owner = owner.substring(0, lambda + "$$Lambda".length());
        }
        return new StringBuilder("<").append(owner).append(": ").append(ret).append(' ')
                .append(method, dot + 1, paren).append('(').append(params).append(")>").toString();
    }

    private static int typeEnd(String d, int i) {
        while (d.charAt(i) == '[') {
            i++;
        }
        return d.charAt(i) == 'L' ? d.indexOf(';', i) + 1 : i + 1;
    }

    private static String javaName(String d, int from, int to) {
        int dims = 0;
        while (d.charAt(from + dims) == '[') {
            dims++;
        }
        char c = d.charAt(from + dims);
        String base = switch (c) {
            case 'Z' -> "boolean";
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'S' -> "short";
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            case 'V' -> "void";
            default -> d.substring(from + dims + 1, to - 1).replace('/', '.');
        };
        return new StringBuilder(base).append("[]".repeat(dims)).toString();
    }
}
