package org.jphantom.analysis.pta.entry;

import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.MemberInfo;

/**
 * What a client of the library can see and do: which methods it can call (the library's entry
 * points), which types it can extend, which methods it can override, which fields it can write.
 * "Library" types are the program's classes; everything else (the class path, the JDK) is
 * answered by the same rules on the class files' flags.
 */
public interface ClientView {
    Program program();

    /** Whether a client can call {@code m} (declared by a library class, with a body), directly or through a subclass. */
    boolean canCall(JMethod m);

    /** Whether a client can declare a subclass or implementation of {@code type}. */
    boolean canExtend(int type);

    /** Whether a client class that extends {@code type} can override {@code m}, the method objects of {@code type} run. */
    boolean canOverride(int type, JMethod m);

    /** Whether a client can write instance or static field {@code field} of {@code owner}. */
    boolean canWrite(int owner, MemberInfo field);
}
