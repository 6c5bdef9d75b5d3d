package org.jphantom.analysis.pta.plugin.dynamic;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The service providers the program and its class path declare: the {@code META-INF/services/S}
 * files of their jars and class directories (one binary class name per line, {@code #} starts a
 * comment), in the order of the paths; and the JDK's own, from its modules' {@code provides}
 * ({@link #jdkProviders}).
 */
public final class ServiceIndex {
    private static final String DIR = "META-INF/services/";
    /** Service internal name -> provider internal names, in declaration order. */
    private final Map<String, Set<String>> providers;
    private final Function<String, List<String>> jdk;

    private ServiceIndex(Map<String, Set<String>> providers, Function<String, List<String>> jdk) {
        this.providers = providers;
        this.jdk = jdk;
    }

    public static ServiceIndex empty() {
        return new ServiceIndex(Map.of(), s -> List.of());
    }

    /** This index with the JDK's providers of a service (internal names) given by {@code jdk}. */
    public ServiceIndex withJdk(Function<String, List<String>> jdk) {
        return new ServiceIndex(providers, jdk);
    }

    /** The providers the JDK's modules declare for {@code service} (internal name). */
    public List<String> jdkProviders(String service) {
        return jdk.apply(service);
    }

    /** Reads the service files of {@code paths} (jars or directories; others are skipped). */
    public static ServiceIndex read(List<Path> paths) {
        Map<String, Set<String>> out = new TreeMap<>();
        for (Path p : paths) {
            try {
                if (Files.isDirectory(p)) {
                    Path dir = p.resolve(DIR);
                    if (Files.isDirectory(dir)) {
                        try (Stream<Path> files = Files.list(dir)) {
                            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                                try (InputStream in = Files.newInputStream(f)) {
                                    add(out, f.getFileName().toString(), in);
                                }
                            }
                        }
                    }
                } else if (Files.isRegularFile(p)) {
                    try (ZipFile zip = new ZipFile(p.toFile())) {
                        List<ZipEntry> entries = new ArrayList<>();
                        for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                            ZipEntry z = e.nextElement();
                            String n = z.getName();
                            if (!z.isDirectory() && n.startsWith(DIR) && n.indexOf('/', DIR.length()) < 0) {
                                entries.add(z);
                            }
                        }
                        entries.sort((a, b) -> a.getName().compareTo(b.getName()));
                        for (ZipEntry z : entries) {
                            try (InputStream in = zip.getInputStream(z)) {
                                add(out, z.getName().substring(DIR.length()), in);
                            }
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(p + ": cannot read its service files", e);
            }
        }
        return new ServiceIndex(out, s -> List.of());
    }

    private static void add(Map<String, Set<String>> out, String service, InputStream in) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        Set<String> set = out.computeIfAbsent(service.replace('.', '/'), k -> new LinkedHashSet<>());
        for (String line = r.readLine(); line != null; line = r.readLine()) {
            int hash = line.indexOf('#');
            String name = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (!name.isEmpty()) {
                set.add(name.replace('.', '/'));
            }
        }
    }

    /** The providers of service {@code service} (internal name), in declaration order. */
    public List<String> providers(String service) {
        Set<String> s = providers.get(service);
        return s == null ? List.of() : List.copyOf(s);
    }

    /** Every service with providers, sorted. */
    public Set<String> services() {
        return Collections.unmodifiableSet(providers.keySet());
    }
}
