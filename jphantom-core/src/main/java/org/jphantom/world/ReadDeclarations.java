package org.jphantom.world;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.jphantom.io.DeclarationReader;
import org.objectweb.asm.ClassVisitor;

/**
 * The {@link ClassInfo} of each class file that the program's read checks, built in the check's
 * own parse ({@link DeclarationReader}), so that the world's program classes are not parsed a
 * second time. Keyed by the class file array itself (the one the read keeps as
 * {@link org.jphantom.io.ProgramClass#bytes()}); a class file the read did not hand over is read
 * when asked for. Thread-safe: the read checks classes in parallel.
 */
public final class ReadDeclarations implements DeclarationReader {
    private final UnaryOperator<String> names;
    private final ConcurrentHashMap<byte[], ClassInfo> read = new ConcurrentHashMap<>();

    /** @param names the interner the declarations' names go through ({@link ClassInfo#read(byte[], UnaryOperator)}) */
    public ReadDeclarations(UnaryOperator<String> names) {
        this.names = names;
    }

    @Override
    public ClassVisitor visitorFor(byte[] classFile) {
        return ClassInfo.reader(names, info -> read.put(classFile, info));
    }

    /**
     * The declarations of {@code classFile}: those read in the check of this very array, else read
     * now. The same as {@link ClassInfo#read(byte[], UnaryOperator)} either way.
     */
    public ClassInfo of(byte[] classFile) {
        ClassInfo info = read.get(classFile);
        return info != null ? info : ClassInfo.read(classFile, names);
    }

    /** Forgets every declaration read (the table holds the class files it was read from). */
    public void clear() {
        read.clear();
    }
}
