import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;

/**
 * The floor jphantom is measured against: the least work a tool that rewrites a jar with the JDK's
 * zip streams must do. Reads every class of IN.jar into a ClassNode, runs ASM's Analyzer with
 * BasicInterpreter over every method that has code, and copies every entry of IN.jar into OUT.jar
 * (inflated, then deflated again) through a {@code ZipOutputStream} over a buffered file stream.
 *
 * <p>Usage: {@code java -cp ASM_CLASSPATH:CLASSES Baseline IN.jar OUT.jar}. (Until issue 27 the
 * floor wrote its zip stream straight to the file, a system call per deflater block; the figures
 * against that old floor are history in bench/RESULTS.md.) Prints one line:
 * classes read, methods analysed, methods the Analyzer rejected, entries copied, and the
 * milliseconds spent parsing, analysing and copying (reading entries from the zip is in "total"
 * only), so they compare with jphantom's stage timings.
 */
public final class Baseline {
    private Baseline() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: Baseline IN.jar OUT.jar");
            System.exit(2);
        }
        long start = System.nanoTime();
        Path in = Path.of(args[0]);
        Path out = Path.of(args[1]);
        int classes = 0;
        int methods = 0;
        int rejected = 0;
        int entries = 0;
        long parseNanos = 0;
        long analyseNanos = 0;
        long copyNanos = 0;
        Path partial = out.resolveSibling(out.getFileName() + ".part");
        OutputStream file = Files.newOutputStream(partial);
        try (ZipFile zip = new ZipFile(in.toFile());
             ZipOutputStream zos = new ZipOutputStream(new BufferedOutputStream(file, 1 << 16))) {
            Enumeration<? extends ZipEntry> all = zip.entries();
            java.util.Set<String> seen = new java.util.HashSet<>();
            while (all.hasMoreElements()) {
                ZipEntry e = all.nextElement();
                if (!seen.add(e.getName())) {
                    continue; // a name stored twice (jython's licence files) is copied once
                }
                byte[] bytes;
                try (InputStream is = zip.getInputStream(e)) {
                    bytes = is.readAllBytes();
                }
                if (!e.isDirectory() && e.getName().endsWith(".class")) {
                    long t0 = System.nanoTime();
                    ClassNode cn = new ClassNode();
                    new ClassReader(bytes).accept(cn, 0);
                    classes++;
                    long t1 = System.nanoTime();
                    parseNanos += t1 - t0;
                    for (MethodNode m : cn.methods) {
                        if (m.instructions.size() == 0) {
                            continue;
                        }
                        methods++;
                        try {
                            new Analyzer<BasicValue>(new BasicInterpreter()).analyze(cn.name, m);
                        } catch (AnalyzerException ex) {
                            rejected++;
                        }
                    }
                    analyseNanos += System.nanoTime() - t1;
                }
                long t2 = System.nanoTime();
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                zos.putNextEntry(copy);
                zos.write(bytes);
                zos.closeEntry();
                copyNanos += System.nanoTime() - t2;
                entries++;
            }
        }
        Files.move(partial, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("%d classes read, %d methods analysed (%d rejected), %d entries copied;"
                        + " ms: parse %d analyse %d copy %d total %d%n",
                classes, methods, rejected, entries, parseNanos / 1_000_000, analyseNanos / 1_000_000,
                copyNanos / 1_000_000, millis);
    }
}
