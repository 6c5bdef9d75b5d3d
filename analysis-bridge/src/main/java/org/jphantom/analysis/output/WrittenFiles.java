package org.jphantom.analysis.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The files and directories one output has made, so that a failing command can take all of them
 * back: an output records each file before it writes it. Outputs written at once ({@link
 * ConcurrentOutputs}) share a stop signal: once one has failed, the next file another records
 * throws {@link Stopped}, and it ends without writing more.
 */
public final class WrittenFiles {
    private final AtomicBoolean stop;
    private final List<Path> files = new ArrayList<>();
    private final List<Path> directories = new ArrayList<>();

    /** For an output written alone. */
    public WrittenFiles() {
        this(new AtomicBoolean());
    }

    WrittenFiles(AtomicBoolean stop) {
        this.stop = stop;
    }

    /** Thrown to an output when another output written with it has failed. */
    public static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super("stopped: another output failed", null, false, false);
        }
    }

    /**
     * Records that {@code file} is about to be written.
     *
     * @throws Stopped if another output written at the same time has failed
     */
    public synchronized void add(Path file) {
        if (stop.get()) {
            throw new Stopped();
        }
        files.add(file);
    }

    /** Creates {@code dir} and its missing parents, recording those it created. */
    public synchronized void createDirectories(Path dir) throws IOException {
        List<Path> missing = new ArrayList<>();
        for (Path d = dir.toAbsolutePath(); d != null && !Files.isDirectory(d); d = d.getParent()) {
            missing.add(0, d);
        }
        Files.createDirectories(dir);
        directories.addAll(missing);
    }

    /**
     * Deletes every file recorded, then the directories created that are left empty, newest first;
     * quietly (the failure that made the caller remove them is the one to report).
     */
    public synchronized void removeAll() {
        for (Path f : files) {
            try {
                Files.deleteIfExists(f);
            } catch (IOException e) {
                // The original failure is what the user needs to see.
            }
        }
        files.clear();
        for (int i = directories.size() - 1; i >= 0; i--) {
            try {
                Files.deleteIfExists(directories.get(i));
            } catch (IOException e) {
                // not empty (files of the user's, say), or not ours to remove after all
            }
        }
        directories.clear();
    }
}
