package org.jphantom.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import org.jphantom.JphantomException;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.io.ProgramClass;
import org.jphantom.io.ProgramInput;
import org.jphantom.solve.UnsatisfiableException;

/**
 * Writes the HTML report of a run into a directory: {@code index.html}, {@code constraints.html},
 * {@code package/*.html}, {@code phantom/*.html}, {@code jphantom.css}, and the hierarchy picture
 * as {@code hierarchy.svg} (drawn here, no Graphviz) and {@code hierarchy.dot}. For an
 * unsatisfiable run, {@code index.html} and {@code conflict.html}. Pages of an earlier report
 * in the same directory are removed first. Apart from the timings on the index, the files are a
 * function of the result: identical results give identical bytes.
 */
public final class HtmlReport {
    /** The files a report may consist of, at the top of its directory. */
    static final List<String> TOP_FILES = List.of("index.html", "constraints.html", "conflict.html", "jphantom.css",
            "hierarchy.svg", "hierarchy.dot");

    private HtmlReport() {
    }

    /**
     * The report of a successful run, as file name (relative, '/'-separated) to text, sorted.
     * {@code program} is the program's classes, read for the "used by" lists.
     */
    public static SortedMap<String, String> pages(Result r, Collection<ProgramClass> program) {
        SortedMap<String, SortedSet<Use>> uses = UsageIndex.scan(program, r.phantoms().keySet());
        SortedMap<String, String> files = new TreeMap<>();
        SortedMap<String, List<Result.Phantom>> packages = PhantomPages.byPackage(r);
        files.put("jphantom.css", Html.CSS);
        files.put("index.html", SummaryPages.index(r, packages));
        files.put("constraints.html", SummaryPages.constraints(r));
        for (Map.Entry<String, List<Result.Phantom>> e : packages.entrySet()) {
            files.put(PageNames.pkg(e.getKey()), PhantomPages.packagePage(e.getKey(), e.getValue()));
            for (Result.Phantom p : e.getValue()) {
                files.put(PageNames.phantom(p.name()), PhantomPages.phantomPage(r, p, uses.get(p.name())));
            }
        }
        HierarchyGraph g = HierarchyGraph.of(r);
        files.put("hierarchy.svg", SvgHierarchy.draw(g));
        files.put("hierarchy.dot", DotHierarchy.write(g));
        return files;
    }

    /** The report of an unsatisfiable run. */
    public static SortedMap<String, String> conflictPages(UnsatisfiableException e) {
        SortedMap<String, String> files = new TreeMap<>();
        files.put("jphantom.css", Html.CSS);
        files.put("index.html", SummaryPages.conflictIndex(e));
        files.put("conflict.html", SummaryPages.conflict(e));
        return files;
    }

    /**
     * Writes {@link #pages} into {@code dir} (created if needed), reading the program of
     * {@code request} again for the "used by" lists (broken entries skipped: the run has already
     * reported them). The read checks class headers only; the few classes that name a phantom are
     * parsed, and checked, by {@link UsageIndex}.
     */
    public static void write(Result r, Request request, Path dir) {
        int release = request.release().orElse(Runtime.version().feature());
        ProgramInput program = ProgramInput.readAgain(request.inputs(), release);
        writeAll(pages(r, program.classes().values()), dir);
    }

    /** Writes {@link #conflictPages(UnsatisfiableException)} into {@code dir} (created if needed). */
    public static void writeConflict(UnsatisfiableException e, Path dir) {
        writeAll(conflictPages(e), dir);
    }

    private static void writeAll(SortedMap<String, String> files, Path dir) {
        try {
            Files.createDirectories(dir);
            clean(dir);
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path target = dir.resolve(f.getKey());
                Files.createDirectories(target.getParent());
                Files.writeString(target, f.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw JphantomException.input("cannot write the HTML report to " + dir + ": " + e, e);
        }
    }

    /** Removes the files an earlier report left (and only those), so no stale page survives. */
    private static void clean(Path dir) throws IOException {
        for (String f : TOP_FILES) {
            Files.deleteIfExists(dir.resolve(f));
        }
        for (String sub : List.of(PageNames.PHANTOM_DIR, PageNames.PACKAGE_DIR)) {
            Path d = dir.resolve(sub);
            if (Files.isDirectory(d)) {
                try (DirectoryStream<Path> s = Files.newDirectoryStream(d, "*.html")) {
                    for (Path p : s) {
                        Files.delete(p);
                    }
                }
            }
        }
    }
}
