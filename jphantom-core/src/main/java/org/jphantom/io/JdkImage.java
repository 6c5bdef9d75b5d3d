package org.jphantom.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.stream.Stream;
import org.jphantom.JphantomException;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ModuleVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The classes of a JDK, read as files: never through the tool's own class loader.
 *
 * <p>Without a release, or with the running JDK's own feature version, the classes come from the
 * running JDK's {@code jrt:} file system (all modules, exported or not). For an older release
 * {@code N} (8 or later) they come from the running JDK's {@code lib/ct.sym}, the API description
 * {@code javac --release N} uses; its {@code .sig} entries are class files (method bodies
 * stripped). Package and module indexes (and, for {@code jrt:}, the modules' exports and service
 * providers) are built once; class bytes are read on each
 * {@link #find} and not cached. Safe for concurrent use. Close it to release {@code ct.sym}.
 */
public final class JdkImage implements ClassSource, Closeable {
    /** The oldest release served from {@code ct.sym}. */
    public static final int OLDEST_RELEASE = 8;

    private final int release;
    private final Backend backend;

    private JdkImage(int release, Backend backend) {
        this.release = release;
        this.backend = backend;
    }

    /**
     * Opens the JDK image for {@code release}.
     *
     * @param release empty for the running JDK; {@code N} for the API of JDK {@code N}, with
     *     {@code 8 <= N <= } the running feature version
     * @throws JphantomException if {@code N} is out of range (the message states the supported range)
     *     or the JDK files cannot be read
     */
    public static JdkImage open(OptionalInt release) {
        Objects.requireNonNull(release, "release");
        int running = Runtime.version().feature();
        if (release.isEmpty() || release.getAsInt() == running) {
            return new JdkImage(running, Jrt.open());
        }
        int n = release.getAsInt();
        if (n < OLDEST_RELEASE || n > running) {
            throw JphantomException.input("release " + n + " is not supported: this JDK (" + running
                    + ") provides releases " + OLDEST_RELEASE + " to " + running);
        }
        return new JdkImage(n, CtSym.open(n, running));
    }

    /** The Java release whose classes this image serves. */
    public int release() {
        return release;
    }

    /**
     * Whether the JDK owns the package {@code internalPackage} (for example {@code "java/lang"}):
     * true for {@code java} and every package below it, always, and for every package of this
     * image. No application class may be defined there.
     */
    public boolean ownsPackage(String internalPackage) {
        if (internalPackage.equals("java") || internalPackage.startsWith("java/")) {
            return true;
        }
        return backend.packages().contains(internalPackage);
    }

    /**
     * Whether the module of {@code internalPackage}, a package this image owns, exports it to every
     * module (the program's classes are in the unnamed module). False only for a package that the
     * image's module descriptor does not export, or exports to named modules only: the JVM then
     * refuses the program access (IllegalAccessError) unless it runs with {@code --add-exports}.
     * Packages read from {@code ct.sym} are exported API and so are packages whose module
     * descriptor cannot be read.
     */
    public boolean exports(String internalPackage) {
        return backend.exports(internalPackage);
    }

    /**
     * The providers the image's modules declare for service {@code internalService} ({@code provides
     * S with P1, P2} in their module descriptors), internal names, sorted; empty for an image read
     * from {@code ct.sym}, whose module descriptors are not read.
     */
    public List<String> providers(String internalService) {
        return backend.providers().getOrDefault(internalService, List.of());
    }

    /** The class file of {@code internalName} in this image, or {@code null}. */
    @Override
    public byte[] find(String internalName) {
        return backend.find(internalName);
    }

    @Override
    public void close() {
        backend.close();
    }

    private interface Backend {
        Set<String> packages();

        default boolean exports(String internalPackage) {
            return true;
        }

        default Map<String, List<String>> providers() {
            return Map.of();
        }

        byte[] find(String internalName);

        void close();
    }

    /** The running JDK's modules image through the {@code jrt:/} file system. */
    private static final class Jrt implements Backend {
        private final FileSystem fs;
        /** Internal package name -> its module, for every package of the image. */
        private final Map<String, String> moduleOf;
        /** Packages of the image that their module does not export to all modules. */
        private final Set<String> concealed;
        /** Service -> its providers in the modules' descriptors, sorted. */
        private final Map<String, List<String>> providers;

        private Jrt(FileSystem fs, Map<String, String> moduleOf, Set<String> concealed,
                    Map<String, List<String>> providers) {
            this.fs = fs;
            this.moduleOf = moduleOf;
            this.concealed = concealed;
            this.providers = providers;
        }

        @Override
        public Map<String, List<String>> providers() {
            return providers;
        }

        @Override
        public boolean exports(String internalPackage) {
            return !concealed.contains(internalPackage);
        }

        static Jrt open() {
            try {
                FileSystem fs = FileSystems.getFileSystem(URI.create("jrt:/"));
                Map<String, String> moduleOf = new HashMap<>();
                Set<String> concealed = new HashSet<>();
                Map<String, Set<String>> provides = new TreeMap<>();
                // Not /packages: it lists every directory prefix (such as "javax") under all modules
                // that share it. The ModulePackages attribute of each module-info names the real packages.
                try (DirectoryStream<Path> modules = Files.newDirectoryStream(fs.getPath("/modules"))) {
                    for (Path module : modules) {
                        String moduleName = module.getFileName().toString();
                        Set<String> exported = new HashSet<>();
                        Set<String> packages = packagesOf(module, exported, provides);
                        for (String pkg : packages) {
                            moduleOf.merge(pkg, moduleName, (a, b) -> a.compareTo(b) <= 0 ? a : b);
                            if (!exported.contains(pkg)) {
                                concealed.add(pkg);
                            }
                        }
                    }
                }
                Map<String, List<String>> providers = new HashMap<>();
                provides.forEach((service, ps) -> providers.put(service, List.copyOf(ps)));
                return new Jrt(fs, Collections.unmodifiableMap(moduleOf), Collections.unmodifiableSet(concealed),
                        Collections.unmodifiableMap(providers));
            } catch (IOException | RuntimeException e) {
                throw JphantomException.input("jrt:/: cannot read the running JDK's class image (" + e + ")", e);
            }
        }

        /**
         * The packages of one module of the image, from module-info, else from its class files.
         * Adds to {@code exported} the packages module-info exports to all modules (all packages
         * when there is no module-info ASM can read), and to {@code provides} its service providers.
         */
        private static Set<String> packagesOf(Path module, Set<String> exported, Map<String, Set<String>> provides)
                throws IOException {
            Set<String> packages = new HashSet<>();
            Path moduleInfo = module.resolve("module-info.class");
            if (Files.isRegularFile(moduleInfo)) {
                try {
                    new ClassReader(Files.readAllBytes(moduleInfo)).accept(new ClassVisitor(Opcodes.ASM9) {
                        @Override
                        public ModuleVisitor visitModule(String name, int access, String version) {
                            return new ModuleVisitor(Opcodes.ASM9) {
                                @Override
                                public void visitPackage(String packaze) {
                                    packages.add(packaze);
                                }

                                @Override
                                public void visitExport(String packaze, int access, String... modules) {
                                    if (modules == null || modules.length == 0) {
                                        exported.add(packaze);
                                    }
                                }

                                @Override
                                public void visitProvide(String service, String... providers) {
                                    provides.computeIfAbsent(service, k -> new TreeSet<>()).addAll(List.of(providers));
                                }
                            };
                        }
                    }, ClassReader.SKIP_CODE);
                } catch (IllegalArgumentException e) {
                    // A module-info newer than ASM reads (a JDK newer than this ASM): list the class files instead.
                    packages.clear();
                    exported.clear();
                }
            }
            if (packages.isEmpty()) {
                try (Stream<Path> files = Files.walk(module)) {
                    files.filter(f -> f.getFileName() != null && f.getFileName().toString().endsWith(".class"))
                            .map(f -> module.relativize(f.getParent()).toString())
                            .filter(pkg -> !pkg.isEmpty() && !pkg.startsWith("META-INF"))
                            .forEach(packages::add);
                }
                exported.addAll(packages); // no descriptor read: nothing is known to be concealed
            }
            return packages;
        }

        @Override
        public Set<String> packages() {
            return moduleOf.keySet();
        }

        @Override
        public byte[] find(String internalName) {
            String module = moduleOf.get(ClassFiles.packageOf(internalName));
            if (module == null || !ClassFiles.isValidInternalName(internalName)) {
                return null;
            }
            Path file = fs.getPath("/modules", module, internalName + ".class");
            try {
                return Files.readAllBytes(file);
            } catch (NoSuchFileException e) {
                return null;
            } catch (IOException e) {
                throw JphantomException.input("jrt:" + file + ": cannot read (" + e + ")", e);
            }
        }

        @Override
        public void close() {
            // The jrt:/ file system belongs to the JDK and cannot be closed.
        }
    }

    /**
     * The API of an older release from {@code lib/ct.sym}: a zip whose top directories are named
     * by the releases they serve, one character each ({@code 8}, {@code 9}, {@code A} = 10,
     * {@code B} = 11, ...). Below them is {@code <module>/<package>/<Class>.sig}, or for older
     * layouts {@code <package>/<Class>.sig}.
     */
    private static final class CtSym implements Backend {
        private final String source;
        private final ZipFile zip;
        /** Internal class name -> entry name in ct.sym. */
        private final Map<String, String> entries;
        private final Set<String> packages;

        private CtSym(String source, ZipFile zip, Map<String, String> entries, Set<String> packages) {
            this.source = source;
            this.zip = zip;
            this.entries = entries;
            this.packages = packages;
        }

        static CtSym open(int release, int running) {
            Path ctSym = Path.of(System.getProperty("java.home"), "lib", "ct.sym");
            String source = ctSym.toString();
            if (!Files.isRegularFile(ctSym)) {
                throw JphantomException.input(source + ": missing, so release " + release
                        + " cannot be served; this JDK (" + running + ") provides only release " + running);
            }
            ZipFile zip;
            try {
                zip = new ZipFile(ctSym.toFile());
            } catch (IOException e) {
                throw JphantomException.input(source + ": cannot read (" + e + ")", e);
            }
            char key = Character.toUpperCase(Character.forDigit(release, Character.MAX_RADIX));
            Set<String> modules = new HashSet<>();
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                String[] parts = e.nextElement().getName().split("/");
                if (parts.length == 3 && parts[2].equals("module-info.sig")) {
                    modules.add(parts[1]);
                }
            }
            Map<String, String> entries = new HashMap<>();
            Set<String> packages = new HashSet<>();
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                String name = e.nextElement().getName();
                int slash = name.indexOf('/');
                if (slash < 0 || !name.endsWith(".sig") || name.substring(0, slash).indexOf(key) < 0) {
                    continue;
                }
                String path = name.substring(slash + 1);
                int next = path.indexOf('/');
                if (next > 0 && modules.contains(path.substring(0, next))) {
                    path = path.substring(next + 1);
                }
                String internalName = path.substring(0, path.length() - ".sig".length());
                if (internalName.equals("module-info") || !ClassFiles.isValidInternalName(internalName)) {
                    continue;
                }
                // ct.sym should list a class once per release; if not, the first entry stays.
                if (entries.putIfAbsent(internalName, name) == null) {
                    packages.add(ClassFiles.packageOf(internalName));
                }
            }
            if (entries.isEmpty()) {
                try {
                    zip.close();
                } catch (IOException e) {
                    // Reporting the missing release below is what matters.
                }
                throw JphantomException.input(source + ": has no classes for release " + release
                        + "; use a JDK whose javac supports --release " + release);
            }
            return new CtSym(source, zip, Collections.unmodifiableMap(entries), Collections.unmodifiableSet(packages));
        }

        @Override
        public Set<String> packages() {
            return packages;
        }

        @Override
        public byte[] find(String internalName) {
            String name = entries.get(internalName);
            if (name == null) {
                return null;
            }
            try (InputStream in = zip.getInputStream(zip.getEntry(name))) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw JphantomException.input(source + ": entry " + name + ": cannot read (" + e + ")", e);
            }
        }

        @Override
        public void close() {
            try {
                zip.close();
            } catch (IOException e) {
                // Closing a zip opened for reading only releases the file handle; nothing to report.
            }
        }
    }
}
