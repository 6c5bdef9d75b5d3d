package org.jphantom;

/**
 * A failure the user can act on: bad input, an unsatisfiable program, an impossible request.
 * Its message is one complete line that names the jar entry, class or method concerned;
 * front ends print it without a stack trace and exit with {@link #exitCode()}.
 */
public class JphantomException extends RuntimeException {
    /** Exit code for usage and input errors. */
    public static final int USAGE_OR_INPUT = 2;
    /** Exit code for unsatisfiable constraints and verification failures. */
    public static final int UNSATISFIABLE_OR_UNVERIFIABLE = 1;

    private final int exitCode;

    public JphantomException(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public JphantomException(String message, int exitCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** The process exit code a front end should use for this failure. */
    public int exitCode() {
        return exitCode;
    }

    /** An input or usage error (exit code 2). */
    public static JphantomException input(String message) {
        return new JphantomException(message, USAGE_OR_INPUT);
    }

    /** An input error with the low-level cause kept for debugging (exit code 2). */
    public static JphantomException input(String message, Throwable cause) {
        return new JphantomException(message, USAGE_OR_INPUT, cause);
    }
}
