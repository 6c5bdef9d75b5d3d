package org.jphantom.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.jphantom.JphantomException;

/**
 * {@code jphantom record -o refl.log -- java [JVM options] -cp APP Main [args]}: runs the command
 * with the recording agent ({@link org.jphantom.agent}) and returns the program's exit code; the
 * program's standard streams are its own (inherited). A temporary directory, removed afterwards,
 * holds a small agent jar (the program's class path sees only its {@code Premain}) and a properties
 * file naming the log and the class path of the hooks, the recorder and ASM (this tool's own jar
 * when run from it).
 */
final class RecordCommand {
    private static final String AGENT = "org/jphantom/agent/Premain";

    private RecordCommand() {
    }

    private static Options options() {
        Options o = new Options();
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("FILE")
                .desc("the log to write, in TamiFlex's format (replaced if it exists)").build());
        o.addOption(Option.builder().longOpt("lookups").desc("also record the lookups (Class.getMethod,"
                + " getDeclaredMethod, getField, getDeclaredField, getMethods, getDeclaredMethods, getFields,"
                + " getDeclaredFields; Method and Field getName, getDeclaringClass, getModifiers;"
                + " Constructor.getModifiers), as TamiFlex does; slower").build());
        o.addOption(Option.builder().longOpt("calls").hasArg().argName("FILE")
                .desc("also write the run's call edges into the program's methods (caller -> callee, sorted,"
                        + " one per line, as `jphantom analyze` writes call-edges.txt without the call site); slower").build());
        o.addOption(Option.builder("v").longOpt("verbose").desc("say how many calls were recorded").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    static int execute(String[] args, PrintStream out, PrintStream err) throws ParseException {
        int dashes = Arrays.asList(args).indexOf("--");
        String[] own = dashes < 0 ? args : Arrays.copyOfRange(args, 0, dashes);
        List<String> command = dashes < 0 ? List.of() : List.of(args).subList(dashes + 1, args.length);
        Options options = options();
        CommandLine cl = new DefaultParser().parse(options, own);
        if (cl.hasOption("h")) {
            new HelpFormatter().printHelp(new java.io.PrintWriter(out, true), 100,
                    "jphantom record -o refl.log -- java [JVM options] -cp APP MainClass [args]",
                    "Runs the program with an agent (JDK 17 and newer) that records its reflective calls (Class.forName,"
                            + " ClassLoader.loadClass, Class.newInstance, Constructor.newInstance, Method.invoke,"
                            + " Field.get*/set*, Array.newInstance) with caller and line, and writes them, sorted, in"
                            + " TamiFlex's format when the program ends. The program's output and exit code are its own.",
                    options, 2, 4, "");
            return Main.OK;
        }
        if (!cl.getArgList().isEmpty()) {
            throw new ParseException("unexpected " + cl.getArgList().get(0)
                    + ": the program's command comes after --: jphantom record -o refl.log -- java ...");
        }
        if (cl.getOptionValues("o") != null && cl.getOptionValues("o").length > 1) {
            throw new ParseException("option -o given " + cl.getOptionValues("o").length + " times: "
                    + String.join(", ", cl.getOptionValues("o")));
        }
        if (!cl.hasOption("o")) {
            throw new ParseException("missing -o FILE: jphantom record -o refl.log -- java ...");
        }
        if (command.isEmpty()) {
            throw new ParseException("no command to run: jphantom record -o refl.log -- java [JVM options] -cp APP Main");
        }
        String launcher = Path.of(command.get(0)).getFileName().toString();
        if (!launcher.equals("java") && !launcher.equals("java.exe")) {
            throw new ParseException("the command must start with java (the agent is a Java agent), not " + command.get(0));
        }
        Path log = writable("-o", cl.getOptionValue("o"));
        Path calls = cl.hasOption("calls") ? writable("--calls", cl.getOptionValue("calls")) : null;
        Path dir = null;
        try {
            Files.deleteIfExists(log);
            if (calls != null) {
                Files.deleteIfExists(calls);
            }
            dir = Files.createTempDirectory("jphantom-record");
            Path config = writeAgent(dir, log, cl.hasOption("lookups"), calls);
            List<String> run = new ArrayList<>(command);
            run.add(1, "-javaagent:" + dir.resolve("agent.jar") + "=" + config);
            int exit = new ProcessBuilder(run).inheritIO().start().waitFor();
            if (!Files.isRegularFile(log)) {
                err.println("jphantom record: no log was written to " + log
                        + " (the agent could not start, or the JVM was halted before its shutdown hooks ran)");
            } else if (cl.hasOption("v")) {
                try (Stream<String> lines = Files.lines(log)) {
                    err.println("jphantom record: " + lines.count() + " reflective calls recorded in " + log);
                }
            }
            if (calls != null && !Files.isRegularFile(calls)) {
                err.println("jphantom record: no call edges were written to " + calls
                        + " (the agent could not start, or the JVM was halted before its shutdown hooks ran)");
            } else if (calls != null && cl.hasOption("v")) {
                try (Stream<String> lines = Files.lines(calls)) {
                    err.println("jphantom record: " + lines.count() + " call edges recorded in " + calls);
                }
            }
            return exit;
        } catch (IOException e) {
            throw JphantomException.input("cannot run " + String.join(" ", command) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw JphantomException.input("interrupted while " + command.get(0) + " ran");
        } finally {
            deleteQuietly(dir);
        }
    }

    /** The absolute path of an output file named by {@code option}; a user error if it cannot be one. */
    private static Path writable(String option, String name) {
        Path file = Path.of(name).toAbsolutePath();
        if (Files.isDirectory(file)) {
            throw JphantomException.input(option + " " + file + " is a directory; give a file name");
        }
        if (file.getParent() == null || !Files.isDirectory(file.getParent())) {
            throw JphantomException.input("cannot write " + file + ": no such directory " + file.getParent());
        }
        return file;
    }

    /** Writes the agent jar and the configuration; returns the configuration's path. */
    private static Path writeAgent(Path dir, Path log, boolean lookups, Path calls) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.put(new Attributes.Name("Premain-Class"), AGENT.replace('/', '.'));
        main.put(new Attributes.Name("Can-Retransform-Classes"), "true");
        main.put(new Attributes.Name("Can-Redefine-Classes"), "true");
        jar(dir.resolve("agent.jar"), manifest, List.of(AGENT));

        Set<String> tool = new LinkedHashSet<>();
        tool.add(codeSource(org.jphantom.agent.Hooks.class));
        tool.add(codeSource(org.objectweb.asm.ClassVisitor.class));
        Properties config = new Properties();
        config.setProperty("log", log.toString());
        config.setProperty("lookups", Boolean.toString(lookups));
        if (calls != null) {
            config.setProperty("calls", calls.toString());
        }
        config.setProperty("tool", String.join(java.io.File.pathSeparator, tool));
        Path file = dir.resolve("agent.properties");
        try (OutputStream out = Files.newOutputStream(file)) {
            config.store(out, null);
        }
        return file;
    }

    private static void jar(Path file, Manifest manifest, List<String> classes) throws IOException {
        try (JarOutputStream jar = manifest == null ? new JarOutputStream(Files.newOutputStream(file))
                : new JarOutputStream(Files.newOutputStream(file), manifest)) {
            for (String c : classes) {
                try (InputStream in = resource(c)) {
                    if (in == null) {
                        throw new IllegalStateException("the agent class " + c + " is missing from jphantom's class path");
                    }
                    jar.putNextEntry(new JarEntry(c + ".class"));
                    in.transferTo(jar);
                    jar.closeEntry();
                }
            }
        }
    }

    private static InputStream resource(String internalName) {
        return RecordCommand.class.getResourceAsStream("/" + internalName + ".class");
    }

    private static String codeSource(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("cannot locate the jar of " + c.getName() + ": " + e, e);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
