package org.jphantom.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether the process's standard error is a terminal, for output that rewrites a line in place. */
final class Terminal {
    private Terminal() {
    }

    /**
     * On Linux, whether file descriptor 2 is a terminal device ({@code /dev/pts/N}, {@code /dev/ttyN});
     * elsewhere, whether the JVM has a console (standard input and output are terminals) and
     * {@code TERM} is not {@code dumb}. False when in doubt: then progress is printed as lines.
     */
    static boolean stderrIsTerminal() {
        Path fd = Path.of("/proc/self/fd/2");
        if (Files.exists(fd, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try {
                String target = Files.readSymbolicLink(fd).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                return false;
            }
        }
        return System.console() != null && !"dumb".equals(System.getenv("TERM"));
    }
}
