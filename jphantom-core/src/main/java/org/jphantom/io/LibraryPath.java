package org.jphantom.io;

import java.io.Closeable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jphantom.JphantomException;

/**
 * The library class path: jars and class directories whose classes are known but not part of the
 * program. Class names are indexed when the path is opened; bytes are read on {@link #find}.
 *
 * <p>The first jar or directory that defines a class wins. Multi-release jars are read as the JVM
 * would at {@code targetRelease}: the highest {@code META-INF/versions/N/} with
 * {@code N <= targetRelease}, else the base entry. {@code module-info} and entries whose path is not
 * a valid class name are not classes. Safe for concurrent {@link #find} calls. Close it to release
 * the open jar files.
 */
public final class LibraryPath implements ClassSource, Closeable {
    private final List<Archive> archives;
    private final Map<String, Location> index;

    private LibraryPath(List<Archive> archives, Map<String, Location> index) {
        this.archives = archives;
        this.index = index;
    }

    /**
     * Opens and indexes {@code jarsOrDirs} in order (an empty list gives an empty path).
     *
     * @throws JphantomException if an element is missing, or is neither a directory nor a readable
     *     zip/jar; nothing stays open then
     */
    public static LibraryPath open(List<Path> jarsOrDirs, int targetRelease) {
        Objects.requireNonNull(jarsOrDirs, "jarsOrDirs");
        List<java.util.function.Supplier<Archive>> openers = new ArrayList<>();
        for (Path path : jarsOrDirs) {
            openers.add(() -> Archive.open(path));
        }
        return openAll(openers, targetRelease);
    }

    /**
     * A library path of class files held in memory: {@code classes} maps internal names
     * ({@code "a/b/C"}) to class file bytes (copied); {@code source} names it in messages.
     */
    public static LibraryPath ofClasses(String source, Map<String, byte[]> classes, int targetRelease) {
        Objects.requireNonNull(classes, "classes");
        return openAll(List.of(() -> Archive.ofClasses(source, classes)), targetRelease);
    }

    private static LibraryPath openAll(List<java.util.function.Supplier<Archive>> openers, int targetRelease) {
        List<Archive> archives = new ArrayList<>();
        Map<String, Location> index = new HashMap<>();
        try {
            for (java.util.function.Supplier<Archive> opener : openers) {
                Archive archive = opener.get();
                archives.add(archive);
                Map<String, Location> own = indexArchive(archive, targetRelease);
                own.forEach(index::putIfAbsent);
            }
        } catch (RuntimeException e) {
            archives.forEach(Archive::close);
            throw e;
        }
        return new LibraryPath(Collections.unmodifiableList(archives), index);
    }

    private static Map<String, Location> indexArchive(Archive archive, int targetRelease) {
        boolean multiRelease = archive.multiRelease();
        Map<String, Location> own = new HashMap<>();
        for (String name : archive.names()) {
            if (!name.endsWith(".class") || EntryNames.unsafeReason(name) != null) {
                continue;
            }
            int version = 0;
            String path = name;
            if (name.startsWith(EntryNames.VERSIONS)) {
                version = multiRelease ? EntryNames.version(name) : 0;
                if (version == 0 || version > targetRelease) {
                    continue;
                }
                path = EntryNames.unversioned(name);
            }
            String internalName = path.substring(0, path.length() - ".class".length());
            if (internalName.equals("module-info") || !ClassFiles.isValidInternalName(internalName)) {
                continue;
            }
            Location old = own.get(internalName);
            if (old == null || old.version < version) {
                own.put(internalName, new Location(archive, name, version));
            }
        }
        return own;
    }

    /**
     * {@inheritDoc}
     *
     * @throws JphantomException if the entry cannot be read, is not a class file ASM can read, or
     *     declares a different class than its path says
     */
    @Override
    public byte[] find(String internalName) {
        Location location = index.get(internalName);
        if (location == null) {
            return null;
        }
        Archive archive = location.archive;
        byte[] bytes = archive.read(location.entryName);
        if (bytes == null) {
            throw archive.entryError(location.entryName, "disappeared since the library path was opened");
        }
        String declared;
        try {
            declared = ClassFiles.check(bytes, false);
        } catch (ClassFiles.BrokenClassException e) {
            throw archive.entryError(location.entryName, e.getMessage());
        }
        if (!declared.equals(internalName)) {
            throw archive.entryError(location.entryName, "holds class " + EntryNames.printable(declared)
                    + ", not " + internalName);
        }
        return bytes;
    }

    /** The internal names of every class the path defines, sorted. */
    public java.util.SortedSet<String> names() {
        return Collections.unmodifiableSortedSet(new java.util.TreeSet<>(index.keySet()));
    }

    /** Whether some element of the path defines {@code internalName}, without reading it. */
    public boolean contains(String internalName) {
        return index.containsKey(internalName);
    }

    @Override
    public void close() {
        archives.forEach(Archive::close);
    }

    private record Location(Archive archive, String entryName, int version) {
    }
}
