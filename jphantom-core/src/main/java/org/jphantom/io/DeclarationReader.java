package org.jphantom.io;

import org.objectweb.asm.ClassVisitor;

/**
 * Reads the declarations of class files in the parse that {@link ProgramInput}'s format check makes
 * of them anyway, so that a caller that needs each program class's declarations (the class world)
 * does not parse every class a second time.
 *
 * <p>Contract: {@link #visitorFor} is called once for each class entry that the read checks beyond
 * its header, before that check's ASM parse, on the reading threads (several calls may run at
 * once). The visitor is handed every event of that parse after the check has passed it (with
 * {@code ClassReader.SKIP_CODE}, or the whole class when the read checks code too), and
 * {@code visitEnd} only if the whole check passes: a visitor that keeps its result in
 * {@code visitEnd} keeps it for valid class files alone. Entries the read does not check (resources,
 * versioned classes outside the view) are never handed over; a caller must not assume that every
 * program class was (it reads the others itself).
 */
@FunctionalInterface
public interface DeclarationReader {
    /**
     * The visitor for the declarations of {@code classFile} (the array the read keeps, and hands out
     * as {@link ProgramClass#bytes()}), or {@code null} for none.
     */
    ClassVisitor visitorFor(byte[] classFile);
}
