package org.jphantom.verify;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodHandles.Lookup;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.zip.ZipFile;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

/**
 * Checks a jar inside the JVM that referees it (the child started by {@link JarVerifier}).
 *
 * <p>The program runs in a fresh {@link URLClassLoader} over the jar and its class path whose
 * parent is the platform class loader, so neither this code nor ASM is visible to it. Pass one
 * loads every class entry without initializing it and forces HotSpot to link it (reflection on
 * declared fields links the class, which runs the verifier); pass two resolves every symbolic
 * reference of each loaded class's code with {@link ReferenceResolver}. No static initializer
 * of the program runs.
 */
final class ProgramChecker {
    private static final String LOADER_NAME = "jphantom-verify";

    private ProgramChecker() {
    }

    /**
     * @throws IOException if the jar or a class entry cannot be read
     */
    static VerifyResult check(Path jar, List<Path> classpath) throws IOException {
        URL[] urls = new URL[classpath.size() + 1];
        urls[0] = jar.toUri().toURL();
        for (int i = 0; i < classpath.size(); i++) {
            urls[i + 1] = classpath.get(i).toUri().toURL();
        }
        // Multi-release jars: the entries the running JVM's class loader sees, as it sees them.
        try (JarFile jarFile = new JarFile(jar.toFile(), true, ZipFile.OPEN_READ, Runtime.version());
             URLClassLoader loader = new URLClassLoader(LOADER_NAME, urls, ClassLoader.getPlatformClassLoader())) {
            List<String> entries = jarFile.versionedStream()
                    .map(JarEntry::getName)
                    .filter(ProgramChecker::isClassEntry)
                    .sorted()
                    .distinct()
                    .toList();
            List<VerifyFailure> failures = new ArrayList<>();
            Set<Class<?>> broken = new HashSet<>();
            Map<String, Class<?>> loaded = new LinkedHashMap<>();
            Map<String, String> jdkPackages = jdkPackages();
            for (String entry : entries) {
                String name = binaryName(entry);
                String module = jdkPackages.get(packageOf(name));
                if (module != null) {
                    failures.add(new VerifyFailure(name, VerifyFailure.LOAD, "package " + packageOf(name)
                            + " belongs to module " + module + "; the class path never supplies its classes"));
                    continue;
                }
                Class<?> c = loadAndLink(loader, name, failures, broken);
                if (c != null) {
                    loaded.put(entry, c);
                }
            }
            ReferenceResolver resolver = new ReferenceResolver(loader, broken, jdkPackages.keySet());
            int references = 0;
            for (Map.Entry<String, Class<?>> e : loaded.entrySet()) {
                references += resolveAll(jarFile, e.getKey(), e.getValue(), resolver, failures);
            }
            return new VerifyResult(entries.size(), references, failures);
        }
    }

    /**
     * Packages of the JDK's modules, to their module. The application class loader looks for
     * classes of these packages only in their module; a plain child of the platform loader
     * would accept them from the jar, so they are refused here.
     */
    static Map<String, String> jdkPackages() {
        Map<String, String> packages = new HashMap<>();
        for (Module m : ModuleLayer.boot().modules()) {
            for (String p : m.getPackages()) {
                packages.put(p, m.getName());
            }
        }
        return packages;
    }

    static String packageOf(String binaryName) {
        int dot = binaryName.lastIndexOf('.');
        return dot < 0 ? "" : binaryName.substring(0, dot);
    }

    private static boolean isClassEntry(String name) {
        return name.endsWith(".class") && !name.startsWith("META-INF/")
                && !name.equals("module-info.class") && !name.endsWith("/module-info.class");
    }

    private static String binaryName(String entry) {
        return entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
    }

    /** Loads and links one class; records and returns {@code null} if it cannot be loaded. */
    private static Class<?> loadAndLink(ClassLoader loader, String name, List<VerifyFailure> failures,
                                        Set<Class<?>> broken) {
        Class<?> c;
        try {
            c = Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError | SecurityException e) {
            failures.add(new VerifyFailure(name, VerifyFailure.LOAD, Messages.describe(e)));
            return null;
        }
        if (c.getClassLoader() != loader) {
            failures.add(new VerifyFailure(name, VerifyFailure.LOAD, "the class is shadowed by "
                    + name + " of the " + (c.getClassLoader() == null ? "bootstrap" : c.getClassLoader().getName())
                    + " class loader"));
            return null;
        }
        try {
            // HotSpot links (and so verifies) a class before reflecting on its members.
            c.getDeclaredFields();
        } catch (VerifyError e) {
            failures.add(new VerifyFailure(name, VerifyFailure.VERIFY, Messages.describe(e)));
            broken.add(c);
        } catch (LinkageError e) {
            failures.add(new VerifyFailure(name, VerifyFailure.LINK, Messages.describe(e)));
            broken.add(c);
        }
        return c;
    }

    /** Resolves the references of one loaded class; returns how many distinct ones it has. */
    private static int resolveAll(JarFile jarFile, String entry, Class<?> c, ReferenceResolver resolver,
                                  List<VerifyFailure> failures) throws IOException {
        String name = c.getName();
        ClassNode node = new ClassNode();
        try (InputStream in = jarFile.getInputStream(jarFile.getJarEntry(entry))) {
            new ClassReader(in.readAllBytes()).accept(node, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException e) {
            // HotSpot defined the class but this ASM cannot read it (e.g. a newer class file version).
            failures.add(new VerifyFailure(name, VerifyFailure.LINK,
                    "references not checked, ASM cannot read " + entry + ": " + Messages.describe(e)));
            return 0;
        }
        Lookup lookup;
        try {
            lookup = MethodHandles.privateLookupIn(c, MethodHandles.lookup());
        } catch (IllegalAccessException | RuntimeException e) {
            // Cannot happen for the unnamed module of a URLClassLoader, which opens every package.
            failures.add(new VerifyFailure(name, VerifyFailure.LINK,
                    "references not checked, no lookup in " + name + ": " + Messages.describe(e)));
            return 0;
        }
        int version = node.version & 0xFFFF;
        Map<SymbolicRef, String> refs = ReferenceCollector.collect(node);
        for (Map.Entry<SymbolicRef, String> r : refs.entrySet()) {
            ReferenceResolver.Problem p = resolver.resolve(lookup, version, r.getKey());
            if (p != null) {
                failures.add(new VerifyFailure(name, p.kind(),
                        r.getKey() + " in " + r.getValue() + ": " + p.reason()));
            }
        }
        return refs.size();
    }
}
