package org.jphantom.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Files written atomically: the content goes to a temporary file beside the target, which is then
 * renamed over it. Unlike {@link Files#createTempFile}, which creates its file with mode 0600, the
 * temporary file is created like any new file, so the finished file has the mode the user's umask
 * gives (0644 under the usual umask 022), as {@code jar} and Maven's jar plugin give theirs: a build
 * pipeline can hand it to another user or service.
 */
public final class OutputFiles {
    /** Makes the temporary names of one JVM distinct; the process id tells JVMs apart. */
    private static final AtomicLong COUNTER = new AtomicLong();

    private OutputFiles() {
    }

    /** Writes the content of a file being created; may throw what writing to a file throws. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code target} atomically: {@code content} goes to a new temporary file in the same
     * directory, which is then renamed over {@code target} ({@code ATOMIC_MOVE}). On failure
     * neither a temporary file nor a partial {@code target} is left (an existing {@code target} is
     * left as it was) and the exception is passed on.
     */
    public static void writeAtomically(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path temp = createSibling(absolute);
        boolean done = false;
        try {
            try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.WRITE)) {
                content.writeTo(out);
            }
            move(temp, absolute);
            done = true;
        } finally {
            if (!done) {
                deleteQuietly(temp);
            }
        }
    }

    /**
     * A new empty file {@code .NAME.PID-N.tmp} beside {@code target}, created with the mode a new
     * file gets (0666 less the umask).
     */
    static Path createSibling(Path target) throws IOException {
        String prefix = "." + target.getFileName() + "." + ProcessHandle.current().pid() + "-";
        while (true) {
            Path temp = target.resolveSibling(prefix + COUNTER.incrementAndGet() + ".tmp");
            try {
                Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return temp;
            } catch (FileAlreadyExistsException e) {
                // left by a crashed run of a JVM that had this process id: take the next name
            }
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            // Same directory, so this only happens on exotic file systems; a plain replace is the best left.
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            // The write already failed and is being reported; a leftover temp file cannot be helped here.
        }
    }
}
