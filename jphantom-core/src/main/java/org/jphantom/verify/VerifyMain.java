package org.jphantom.verify;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Entry point of the child JVM that {@link JarVerifier} starts:
 * {@code VerifyMain JAR [CLASSPATH_ENTRY ...]}. Writes the result in the {@link Protocol} to
 * standard output and exits with 0 when the check ran (whatever it found), 2 when the
 * arguments or the jar are unusable (the reason on standard error). Anything the program under
 * check prints goes to standard error, so it cannot corrupt the protocol.
 */
public final class VerifyMain {
    private VerifyMain() {
    }

    public static void main(String[] args) {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false,
                StandardCharsets.UTF_8);
        System.setOut(System.err);
        if (args.length < 1) {
            System.err.println("usage: VerifyMain JAR [CLASSPATH_ENTRY ...]");
            System.exit(2);
        }
        List<Path> classpath = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            classpath.add(Path.of(args[i]));
        }
        VerifyResult result;
        try {
            result = ProgramChecker.check(Path.of(args[0]), classpath);
        } catch (IOException e) {
            System.err.println("cannot read " + args[0] + ": " + e);
            System.exit(2);
            return;
        }
        for (VerifyFailure f : result.failures()) {
            protocol.println(Protocol.failLine(f));
        }
        protocol.println(Protocol.doneLine(result.classesChecked(), result.referencesChecked()));
        protocol.flush();
        System.exit(protocol.checkError() ? 1 : 0);
    }
}
