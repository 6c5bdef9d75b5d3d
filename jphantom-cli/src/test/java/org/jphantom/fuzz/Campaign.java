package org.jphantom.fuzz;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.jphantom.Complementer;
import org.jphantom.JphantomException;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.verify.JarVerifier;
import org.jphantom.verify.VerifyFailure;
import org.jphantom.verify.VerifyRequest;
import org.jphantom.verify.VerifyResult;

/**
 * A seeded mutation campaign: each mutant is a seed jar with one class file damaged by
 * {@link Mutator}, complemented in-process through {@link Complementer#complement} (half of them
 * with {@code skipBroken}), and classified. Mutant {@code i} of seed {@code s} depends on nothing
 * else, so any finding is reproduced from the pair. The documented outcomes are exit 0, an input
 * error (2) and unsatisfiable constraints (1); anything else thrown is an internal error. An exit-0
 * output is verified in this JVM ({@link JarVerifier#verifyInThisJvm}) for every
 * {@code verifyEvery}-th mutant: it must verify, or a warning must name the damaged class.
 *
 * <p>Run from the command line by {@code bench/fuzz.sh}: {@code Campaign [--seed S] [--mutants N]
 * [--verify-every K] [--slice C] [--only I,J] JAR...}; exits 1 if any mutant broke a rule.
 */
public final class Campaign {
    /** What happened to one mutant. */
    enum Outcome {
        /** exit 0, output verified */
        OK_VERIFIED,
        /** exit 0, output not verified (sampling) */
        OK_UNCHECKED,
        /** exit 0, verification failed, and a warning names the damaged class */
        OK_WARNED,
        /**
         * exit 0, and the only verification failures are the bytecode verifier's VerifyError on the
         * damaged class itself (or failures of other classes because of that VerifyError): code
         * jphantom copies without verifying it (documented in the README)
         */
        OK_INPUT_CODE_REJECTED,
        /** exit 2 */
        INPUT_ERROR,
        /** exit 1 */
        UNSATISFIABLE,
        /** exit 0, verification failed, no warning names the damaged class: a rule broken */
        UNWARNED_VERIFY_FAILURE,
        /** an exception that is not a documented {@link JphantomException}: a rule broken */
        INTERNAL_ERROR
    }

    /** A seed: a name and its entries in order. */
    record Seed(String name, Map<String, byte[]> entries, List<String> classEntries) {
        static Seed of(String name, Map<String, byte[]> entries) {
            List<String> classes = entries.keySet().stream().filter(n -> n.endsWith(".class")
                    && !n.endsWith("module-info.class")).sorted().toList();
            if (classes.isEmpty()) {
                throw new IllegalArgumentException(name + ": no class entry to mutate");
            }
            return new Seed(name, entries, classes);
        }
    }

    /** One rule broken, with what reproduces it. */
    record Finding(long seed, int index, String jar, String entry, String mutation, boolean skipBroken, Outcome outcome,
                   String detail) {
        @Override
        public String toString() {
            return outcome + " seed=" + seed + " mutant=" + index + " " + jar + "!" + entry + " (" + mutation
                    + (skipBroken ? ", --skip-broken" : "") + "): " + detail;
        }
    }

    /** The figures of a campaign. */
    static final class Report {
        final Map<Outcome, Integer> outcomes = new EnumMap<>(Outcome.class);
        final Map<Mutator.Kind, Map<Outcome, Integer>> byKind = new EnumMap<>(Mutator.Kind.class);
        final List<Finding> findings = new ArrayList<>();
        int mutants;
        long millis;

        void count(Mutator.Kind kind, Outcome o) {
            mutants++;
            outcomes.merge(o, 1, Integer::sum);
            byKind.computeIfAbsent(kind, k -> new EnumMap<>(Outcome.class)).merge(o, 1, Integer::sum);
        }

        void print(PrintStream out) {
            out.printf("fuzz: %d mutants in %.1f s (%.0f/s)%n", mutants, millis / 1000.0, mutants * 1000.0 / Math.max(1, millis));
            outcomes.forEach((o, n) -> out.printf("  %-24s %6d%n", o, n));
            byKind.forEach((k, m) -> out.println("  " + k + ": " + m));
            out.println("  findings: " + findings.size());
            findings.stream().limit(30).forEach(f -> out.println("    " + f));
        }
    }

    private final List<Seed> seeds;
    private final Path work;
    private final int verifyEvery;

    Campaign(List<Seed> seeds, Path work, int verifyEvery) {
        this.seeds = List.copyOf(seeds);
        this.work = work;
        this.verifyEvery = verifyEvery;
    }

    /** Runs mutants {@code 0 .. count-1} of {@code seed}. */
    Report run(long seed, int count) {
        Report report = new Report();
        long t0 = System.nanoTime();
        for (int i = 0; i < count; i++) {
            runOne(seed, i, report);
        }
        report.millis = (System.nanoTime() - t0) / 1_000_000;
        return report;
    }

    /** Runs only the mutants {@code indexes} of {@code seed} (to reproduce findings). */
    Report runOnly(long seed, List<Integer> indexes) {
        Report report = new Report();
        for (int i : indexes) {
            runOne(seed, i, report);
        }
        return report;
    }

    private void runOne(long seed, int index, Report report) {
        Random rnd = new Random(seed * 0x9E3779B97F4A7C15L + index);
        Seed s = seeds.get(rnd.nextInt(seeds.size()));
        String entry = s.classEntries().get(rnd.nextInt(s.classEntries().size()));
        Mutator.Mutant mutant = Mutator.mutate(s.entries().get(entry), rnd);
        boolean skipBroken = rnd.nextBoolean();
        boolean verify = index % verifyEvery == 0 || verifyEvery == 1;
        Path in = work.resolve("mutant.jar");
        Path out = work.resolve("out.jar");
        Map<String, byte[]> entries = new LinkedHashMap<>(s.entries());
        entries.put(entry, mutant.bytes());
        writeJar(in, entries);
        Outcome outcome;
        String detail = "";
        try {
            Files.deleteIfExists(out);
            Result result = Complementer.complement(Request.of(List.of(in), out).withSkipBroken(skipBroken));
            if (!verify) {
                outcome = Outcome.OK_UNCHECKED;
            } else {
                VerifyResult v = JarVerifier.verifyInThisJvm(VerifyRequest.of(out));
                if (v.ok()) {
                    outcome = Outcome.OK_VERIFIED;
                } else if (namesClass(result.warnings(), entry)) {
                    outcome = Outcome.OK_WARNED;
                } else if (onlyVerifyErrorsOf(v.failures(), entry)) {
                    outcome = Outcome.OK_INPUT_CODE_REJECTED;
                } else {
                    outcome = Outcome.UNWARNED_VERIFY_FAILURE;
                    VerifyFailure f = v.failures().get(0);
                    detail = v.failures().size() + " verify failures, e.g. " + v.failures() + "; warnings " + result.warnings();
                }
            }
        } catch (JphantomException e) {
            if (e.exitCode() == JphantomException.USAGE_OR_INPUT) {
                outcome = Outcome.INPUT_ERROR;
            } else if (e.exitCode() == JphantomException.UNSATISFIABLE_OR_UNVERIFIABLE) {
                outcome = Outcome.UNSATISFIABLE;
            } else {
                outcome = Outcome.INTERNAL_ERROR;
                detail = "exit code " + e.exitCode() + ": " + e.getMessage();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError | AssertionError | LinkageError e) {
            outcome = Outcome.INTERNAL_ERROR;
            detail = stack(e);
        }
        report.count(mutant.kind(), outcome);
        if (outcome == Outcome.INTERNAL_ERROR || outcome == Outcome.UNWARNED_VERIFY_FAILURE) {
            report.findings.add(new Finding(seed, index, s.name(), entry, mutant.description(), skipBroken, outcome, detail));
        }
    }

    /** Whether a warning names the class of {@code entry} (internal or Java form) or the entry itself. */
    static boolean namesClass(List<String> warnings, String entry) {
        String internal = entry.substring(0, entry.length() - ".class".length());
        String java = internal.replace('/', '.');
        for (String w : warnings) {
            if (w.contains(entry) || w.contains(internal) || w.contains(java)) {
                return true;
            }
        }
        return false;
    }

    /** Whether every failure is HotSpot's VerifyError for the class of {@code entry} (or caused by it). */
    static boolean onlyVerifyErrorsOf(List<VerifyFailure> failures, String entry) {
        String internal = entry.substring(0, entry.length() - ".class".length());
        String java = internal.replace('/', '.');
        for (VerifyFailure f : failures) {
            boolean own = f.className().equals(java) && f.kind().equals(VerifyFailure.VERIFY);
            boolean caused = f.detail().contains("VerifyError") && (f.detail().contains(java)
                    || f.detail().contains(internal));
            if (!own && !caused) {
                return false;
            }
        }
        return true;
    }

    private static String stack(Throwable e) {
        StringBuilder sb = new StringBuilder(e.toString());
        StackTraceElement[] st = e.getStackTrace();
        for (int i = 0; i < Math.min(6, st.length); i++) {
            sb.append(" at ").append(st[i]);
        }
        return sb.toString();
    }

    static void writeJar(Path file, Map<String, byte[]> entries) {
        try (OutputStream os = Files.newOutputStream(file); ZipOutputStream zip = new ZipOutputStream(os)) {
            zip.setLevel(Deflater.NO_COMPRESSION);
            for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The entries of a jar in order; with {@code slice > 0}, only the first {@code slice} class entries (sorted) and no resources. */
    static Map<String, byte[]> readJar(Path jar, int slice) {
        Map<String, byte[]> all = new TreeMap<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                if (!entry.isDirectory() && (slice <= 0 || entry.getName().endsWith(".class")
                        && !entry.getName().startsWith("META-INF/"))) {
                    all.put(entry.getName(), zip.getInputStream(entry).readAllBytes());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (slice <= 0) {
            return all;
        }
        Map<String, byte[]> out = new LinkedHashMap<>();
        all.entrySet().stream().limit(slice).forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    public static void main(String[] args) throws IOException {
        long seed = 1;
        int mutants = 10_000;
        int verifyEvery = 1;
        int slice = 40;
        List<Integer> only = null;
        List<Seed> seeds = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--mutants" -> mutants = Integer.parseInt(args[++i]);
                case "--verify-every" -> verifyEvery = Integer.parseInt(args[++i]);
                case "--slice" -> slice = Integer.parseInt(args[++i]);
                case "--only" -> only = java.util.Arrays.stream(args[++i].split(",")).map(Integer::valueOf).toList();
                default -> {
                    Path jar = Path.of(args[i]);
                    seeds.add(Seed.of(jar.getFileName().toString(), readJar(jar, slice)));
                }
            }
        }
        if (seeds.isEmpty()) {
            System.err.println("usage: Campaign [--seed S] [--mutants N] [--verify-every K] [--slice C] JAR...");
            System.exit(2);
        }
        Path work = Files.createTempDirectory("jphantom-fuzz");
        try {
            Campaign campaign = new Campaign(seeds, work, verifyEvery);
            Report report = only == null ? campaign.run(seed, mutants) : campaign.runOnly(seed, only);
            report.print(System.out);
            System.exit(report.findings.isEmpty() ? 0 : 1);
        } finally {
            Files.deleteIfExists(work.resolve("mutant.jar"));
            Files.deleteIfExists(work.resolve("out.jar"));
            Files.deleteIfExists(work);
        }
    }
}
