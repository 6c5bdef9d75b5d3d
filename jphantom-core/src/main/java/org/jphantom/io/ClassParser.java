package org.jphantom.io;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

/**
 * The single parse of a program class read by {@link ProgramInput#read(java.util.List, int, boolean, boolean)}
 * with the code check deferred: parses the class into a {@link ClassNode} and, in the same pass,
 * checks method bodies as the format check does (every name and descriptor of instructions,
 * constants, method handles, bootstrap arguments, frames, handlers, local variables and code
 * annotations; anything ASM cannot decode). So validation and analysis share one parse.
 */
public final class ClassParser {
    private ClassParser() {
    }

    /** A class that fails the deferred part of the format check; the message is the reason only. */
    public static final class BrokenClass extends Exception {
        BrokenClass(String reason) {
            super(reason, null, false, false);
        }
    }

    /**
     * Parses {@code reader}'s class into a new {@link ClassNode} with the given
     * {@link ClassReader#accept} flags, checking it on the way.
     *
     * @throws BrokenClass if the class fails the check; no node is returned then
     */
    public static ClassNode parse(ClassReader reader, int flags) throws BrokenClass {
        return parse(reader, flags, false);
    }

    /**
     * {@link #parse(ClassReader, int)} of a class of {@link ProgramInput#read(java.util.List, int, boolean, boolean)}
     * or {@link ProgramInput#readClasses}, whose read checked the constant pool already (every
     * field and method reference's name and descriptor): the instructions that use those
     * references are not checked for them again. Not for a class of
     * {@link ProgramInput#readAgain}, which checks headers only.
     */
    public static ClassNode parseRead(ClassReader reader, int flags) throws BrokenClass {
        return parse(reader, flags, true);
    }

    private static ClassNode parse(ClassReader reader, int flags, boolean structureChecked) throws BrokenClass {
        ClassNode node = new ClassNode();
        try {
            ClassFiles.checkCode(reader, node, flags, structureChecked);
        } catch (ClassFiles.BrokenClassException e) {
            throw new BrokenClass(e.getMessage());
        }
        return node;
    }

    /** The one-line input error for {@code pc} and {@code reason}, worded as {@link ProgramInput}'s. */
    public static String message(ProgramClass pc, String reason) {
        return pc.source() + ": entry " + EntryNames.printable(pc.entryName()) + ": " + reason;
    }
}
