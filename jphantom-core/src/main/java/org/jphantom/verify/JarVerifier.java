package org.jphantom.verify;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.jphantom.JphantomException;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

/**
 * Proves a jar whole, or lists why it is not: every class entry loads, verifies and links on
 * HotSpot, and every symbolic reference in its code resolves (see {@link VerifyFailure} for
 * the kinds of failure).
 *
 * <p>The check runs in a child JVM of the selected JDK, started with
 * {@code -XX:+BytecodeVerificationRemote}, so the program meets a pristine VM and the
 * verifier of the JDK it targets; the child runs {@link VerifyMain} from jphantom's own code
 * and ASM (located through their code sources, so this works from a build directory and from
 * a shaded jar alike) and reports through {@link Protocol}.
 */
public final class JarVerifier {
    /** How long a check may take before the child is killed. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

    private static final int STDERR_TAIL = 4000;

    private JarVerifier() {
    }

    /**
     * Runs the same checks in the calling JVM instead of a child: the jar's classes are loaded in a
     * throwaway class loader whose parent is the platform loader, and no static initialiser runs.
     * For harnesses that verify many small jars (the fuzz campaign); {@code request.javaHome()} is
     * ignored, and the calling JVM must verify classes of non-boot loaders (HotSpot's default).
     *
     * @throws JphantomException an input error if the jar cannot be read
     */
    public static VerifyResult verifyInThisJvm(VerifyRequest request) {
        Path jar = request.jar().toAbsolutePath();
        try {
            return ProgramChecker.check(jar, request.classpath());
        } catch (IOException e) {
            throw JphantomException.input("verify: cannot read " + request.jar() + " (" + e.getMessage() + ")", e);
        }
    }

    /** {@link #verify(VerifyRequest, Duration)} with {@link #DEFAULT_TIMEOUT}. */
    public static VerifyResult verify(VerifyRequest request) {
        return verify(request, DEFAULT_TIMEOUT);
    }

    /**
     * Verifies {@code request.jar()}.
     *
     * @throws JphantomException an input error if the jar, a class path entry or the JDK is
     *                           missing or the jar cannot be read; exit code 1 if the child JVM
     *                           fails, times out or answers nonsense
     */
    public static VerifyResult verify(VerifyRequest request, Duration timeout) {
        Path jar = request.jar().toAbsolutePath();
        if (!Files.isRegularFile(jar)) {
            throw JphantomException.input("verify: no such jar: " + request.jar());
        }
        List<String> command = new ArrayList<>();
        command.add(javaExecutable(request.javaHome()).toString());
        command.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationRemote", "-Xshare:auto", "-Xmx1g",
                "-XX:+UseSerialGC", "-cp", childClassPath(), VerifyMain.class.getName(), jar.toString()));
        for (Path p : request.classpath()) {
            if (!Files.exists(p)) {
                throw JphantomException.input("verify: no such class path entry: " + p);
            }
            command.add(p.toAbsolutePath().toString());
        }
        Path out = null;
        Path err = null;
        try {
            out = Files.createTempFile("jphantom-verify", ".out");
            err = Files.createTempFile("jphantom-verify", ".err");
            return run(command, out, err, jar, timeout);
        } catch (IOException e) {
            throw new JphantomException("verify: cannot run " + command.get(0) + ": " + e.getMessage(),
                    JphantomException.UNSATISFIABLE_OR_UNVERIFIABLE, e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    private static VerifyResult run(List<String> command, Path out, Path err, Path jar, Duration timeout)
            throws IOException {
        Process child = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        child.getOutputStream().close();
        try {
            if (!child.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                child.destroyForcibly();
                throw new JphantomException("verify: " + jar + ": no answer within " + timeout.toSeconds()
                        + " s; the child JVM was killed", JphantomException.UNSATISFIABLE_OR_UNVERIFIABLE);
            }
        } catch (InterruptedException e) {
            child.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new JphantomException("verify: interrupted while checking " + jar,
                    JphantomException.UNSATISFIABLE_OR_UNVERIFIABLE, e);
        }
        int exit = child.exitValue();
        if (exit == 2) {
            throw JphantomException.input("verify: " + tail(err));
        }
        if (exit != 0) {
            throw new JphantomException("verify: the child JVM checking " + jar + " failed with exit code "
                    + exit + ": " + tail(err), JphantomException.UNSATISFIABLE_OR_UNVERIFIABLE);
        }
        try {
            return Protocol.parse(Files.readAllLines(out, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new JphantomException("verify: unreadable answer from the child JVM checking " + jar + ": "
                    + e.getMessage() + "; " + tail(err), JphantomException.UNSATISFIABLE_OR_UNVERIFIABLE, e);
        }
    }

    private static Path javaExecutable(Path javaHome) {
        Path home = javaHome != null ? javaHome : Path.of(System.getProperty("java.home"));
        Path java = home.resolve("bin").resolve(File.separatorChar == '\\' ? "java.exe" : "java");
        if (!Files.isExecutable(java)) {
            throw JphantomException.input("verify: no java executable in JDK " + home);
        }
        return java;
    }

    /** Where the child finds {@link VerifyMain} and ASM: directories or jars, in this order. */
    static String childClassPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> c : List.of(VerifyMain.class, ClassReader.class, ClassNode.class)) {
            entries.add(codeLocation(c).toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private static Path codeLocation(Class<?> c) {
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IllegalStateException("cannot locate the code of " + c.getName());
        }
        try {
            return Path.of(source.getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the code of " + c.getName() + ": " + e.getMessage(), e);
        }
    }

    private static String tail(Path err) throws IOException {
        String s = Files.readString(err, StandardCharsets.UTF_8).strip();
        if (s.isEmpty()) {
            return "(no diagnostics)";
        }
        return s.length() <= STDERR_TAIL ? s : "..." + s.substring(s.length() - STDERR_TAIL);
    }

    private static void deleteQuietly(Path p) {
        if (p == null) {
            return;
        }
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // a leftover temporary file is harmless; the verdict matters more
        }
    }
}
