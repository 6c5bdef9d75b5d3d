package org.jphantom.cli;

import java.io.PrintStream;
import java.util.Arrays;
import org.apache.commons.cli.ParseException;
import org.jphantom.JphantomException;
import org.jphantom.solve.UnsatisfiableException;

/**
 * The command line's entry: picks the {@link Command} its first argument names ({@code verify},
 * {@code analyze}, {@code record}; anything else is the default command, {@link ComplementCommand})
 * and maps what the command throws to exit codes. {@link #main} is the only place that calls
 * {@code System.exit}.
 *
 * <p>Exit codes: 0 success; 1 unsatisfiable constraints or verification failures; 2 usage or
 * input errors; 3 internal errors (a bug: please report it); 4 out of memory (the JVM's maximum heap
 * is too small for the input, or for the analysis asked for).
 */
public final class Main {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    public static final int INTERNAL = 3;
    public static final int OUT_OF_MEMORY = 4;

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(execute(args, System.out, System.err));
    }

    /** Runs one command; never exits the JVM. */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        String name = args.length > 0 ? args[0] : "";
        Command command = switch (name) {
            case "analyze" -> AnalyzeCommand::execute;
            case "record" -> RecordCommand::execute;
            case "verify" -> VerifyCommand::execute;
            default -> null;
        };
        try {
            return command == null ? ComplementCommand.execute(args, out, err)
                    : command.execute(Arrays.copyOfRange(args, 1, args.length), out, err);
        } catch (UnsatisfiableException e) {
            err.println("jphantom: " + e.getMessage());
            e.conflict().forEach(c -> err.println("  " + c + "    [" + c.origin() + "]"));
            return FAILED;
        } catch (JphantomException e) {
            err.println("jphantom: " + e.getMessage());
            return e.exitCode();
        } catch (ParseException e) {
            err.println("jphantom: " + e.getMessage() + " (try --help)");
            return USAGE;
        } catch (OutOfMemoryError e) {
            // A resource limit, not a bug. Unwinding has made the work's data garbage, so printing is safe.
            long maxMb = Runtime.getRuntime().maxMemory() >> 20;
            err.println("jphantom: out of memory (the JVM's maximum heap is " + maxMb + " MB): give it more,"
                    + " e.g. JAVA_OPTS=-Xmx" + Math.max(2, 2 * maxMb / 1024) + "g ./jphantom ..., or ask for less"
                    + " (for analyze: a cheaper --context); nothing was written");
            return OUT_OF_MEMORY;
        } catch (RuntimeException | StackOverflowError e) {
            err.println("jphantom: internal error, please report it with the input that caused it:");
            e.printStackTrace(err);
            return INTERNAL;
        }
    }
}
