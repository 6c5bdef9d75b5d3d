package org.jphantom.maven;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.jphantom.JphantomException;
import org.jphantom.solve.UnsatisfiableException;

/**
 * Maps the core's failures onto Maven's two kinds, as the CLI maps them onto exit codes:
 * unsatisfiable constraints and verification failures (exit code 1) fail the build
 * ({@link MojoFailureException}); bad input and configuration (exit code 2) are errors
 * ({@link MojoExecutionException}). Messages are the core's one line, conflicts listed below it.
 */
final class Failures {
    private Failures() {
    }

    /** Throws the Maven exception for {@code e}. */
    static void raise(JphantomException e) throws MojoExecutionException, MojoFailureException {
        StringBuilder msg = new StringBuilder("jphantom: ").append(e.getMessage());
        if (e instanceof UnsatisfiableException u) {
            u.conflict().forEach(c -> msg.append("\n  ").append(c).append("    [").append(c.origin()).append(']'));
        }
        if (e.exitCode() == JphantomException.UNSATISFIABLE_OR_UNVERIFIABLE) {
            throw new MojoFailureException(msg.toString(), e);
        }
        throw new MojoExecutionException(msg.toString(), e);
    }
}
