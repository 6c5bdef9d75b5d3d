package org.jphantom.io;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;

/** Checks on class file bytes and internal names, shared by the readers of this package. */
final class ClassFiles {
    private static final int MAGIC = 0xCAFEBABE;
    /** Major version of Java 1.0/1.1 class files, the oldest there is. */
    private static final int FIRST_MAJOR = 45;

    private ClassFiles() {
    }

    /** Why a class file was rejected; the message is the reason only, without file or entry. */
    static final class BrokenClassException extends Exception {
        BrokenClassException(String reason) {
            super(reason, null, false, false);
        }
    }

    /** How much of a class file {@link #check} checks. */
    enum Depth {
        /** The header: magic, version, and the class, super class and interface names. */
        HEADER,
        /**
         * The header, the byte-level format check of {@link ClassStructure} (constant pool kinds,
         * modified UTF-8, attribute lengths, instruction operand kinds, no trailing bytes) and every
         * name and descriptor outside method bodies ({@link FormatVisitor} with
         * {@link ClassReader#SKIP_CODE}); what is left is {@link #checkCode}.
         */
        DECLARATIONS,
        /** {@link #DECLARATIONS} and {@link #checkCode}: the whole format check. */
        FULL
    }

    /**
     * Checks that {@code bytes} is a class file ASM reads completely (header, constant pool,
     * members, code) whose own, super and interface names are valid internal names; with
     * {@code fullParse}, also the JVM's format check ({@link ClassStructure}: constant pool kinds,
     * modified UTF-8, attribute lengths, no trailing bytes) and every name and descriptor
     * ({@link FormatVisitor}).
     *
     * @param fullParse whether to check the whole class, method bodies included, not only the header
     * @return the class's internal name as the file declares it
     */
    static String check(byte[] bytes, boolean fullParse) throws BrokenClassException {
        return check(bytes, fullParse ? Depth.FULL : Depth.HEADER);
    }

    /**
     * Checks {@code bytes} to the given depth.
     *
     * @return the class's internal name as the file declares it
     */
    static String check(byte[] bytes, Depth depth) throws BrokenClassException {
        return check(bytes, depth, null);
    }

    /**
     * Checks {@code bytes} to the given depth; beyond {@link Depth#HEADER}, the check's parse hands
     * every event it has checked on to {@code declarations} (may be {@code null}; see
     * {@link DeclarationReader}).
     *
     * @return the class's internal name as the file declares it
     */
    static String check(byte[] bytes, Depth depth, DeclarationReader declarations) throws BrokenClassException {
        ClassReader reader = open(bytes);
        try {
            String name = reader.getClassName();
            boolean module = (reader.getAccess() & Opcodes.ACC_MODULE) != 0;
            if (!module) {
                requireValidName("class name", name);
                String superName = reader.getSuperName();
                if (superName != null) {
                    requireValidName("super class name", superName);
                }
                for (String itf : reader.getInterfaces()) {
                    requireValidName("interface name", itf);
                }
            }
            if (depth != Depth.HEADER) {
                ClassStructure.check(bytes);
                ClassVisitor next = declarations == null ? null : declarations.visitorFor(bytes);
                reader.accept(new FormatVisitor(next, true), depth == Depth.FULL ? 0 : ClassReader.SKIP_CODE);
            }
            return name;
        } catch (FormatVisitor.Invalid e) {
            throw new BrokenClassException(e.getMessage());
        } catch (RuntimeException e) {
            // ASM signals malformed content with unchecked exceptions of several kinds
            // (index out of bounds, IllegalArgumentException, ...): all mean a corrupt file.
            throw new BrokenClassException("corrupt class file (" + e + ")");
        }
    }

    /**
     * The part of the format check that {@link Depth#DECLARATIONS} leaves out: method bodies
     * (every name and descriptor in instructions, constants, handles, frames, handlers, local
     * variables, code annotations) and everything ASM throws on while decoding them. Parses
     * {@code reader} once with {@code flags}, handing every checked event on to {@code next}
     * (may be {@code null}); a class that fails must be dropped with whatever {@code next} built.
     *
     * @param structureChecked whether the same bytes passed {@link ClassStructure#check} (a check to
     *     {@link Depth#DECLARATIONS} or deeper): then what it checked is not checked again
     */
    static void checkCode(ClassReader reader, ClassVisitor next, int flags, boolean structureChecked)
            throws BrokenClassException {
        try {
            reader.accept(new FormatVisitor(next, structureChecked), flags);
        } catch (FormatVisitor.Invalid e) {
            throw new BrokenClassException(e.getMessage());
        } catch (RuntimeException e) {
            throw new BrokenClassException("corrupt class file (" + e + ")");
        }
    }

    private static ClassReader open(byte[] bytes) throws BrokenClassException {
        if (bytes.length < 10) {
            throw new BrokenClassException("not a class file (only " + bytes.length + " bytes)");
        }
        int magic = u4(bytes, 0);
        if (magic != MAGIC) {
            throw new BrokenClassException(String.format("not a class file (bad magic 0x%08x)", magic));
        }
        int minor = u2(bytes, 4);
        int major = u2(bytes, 6);
        if (major < FIRST_MAJOR) {
            throw new BrokenClassException("invalid class file version " + major + "." + minor);
        }
        try {
            return new ClassReader(bytes);
        } catch (IllegalArgumentException e) {
            if (String.valueOf(e.getMessage()).startsWith("Unsupported class file major version")) {
                throw new BrokenClassException("class file version " + major + "." + minor
                        + " (Java " + (major - 44) + ") is newer than ASM can read");
            }
            throw new BrokenClassException("corrupt class file (" + e + ")");
        } catch (RuntimeException e) {
            throw new BrokenClassException("corrupt class file (" + e + ")");
        }
    }

    private static void requireValidName(String what, String name) throws BrokenClassException {
        if (!isValidInternalName(name)) {
            throw new BrokenClassException("invalid " + what + " '" + EntryNames.printable(name) + "'");
        }
    }

    /**
     * Whether {@code name} is a binary class name in internal form (JVMS 4.2.1): non-empty
     * {@code '/'}-separated segments, none containing {@code . ; [} (or {@code /}).
     */
    static boolean isValidInternalName(String name) {
        return name != null && isValidInternalName(name, 0, name.length());
    }

    /** {@link #isValidInternalName(String)} of {@code name.substring(from, to)}, without copying it. */
    static boolean isValidInternalName(String name, int from, int to) {
        if (from >= to || name.charAt(from) == '/' || name.charAt(to - 1) == '/') {
            return false;
        }
        char previous = 0;
        for (int i = from; i < to; i++) {
            char c = name.charAt(i);
            if (c == '.' || c == ';' || c == '[' || c == '\0' || (c == '/' && previous == '/')) {
                return false;
            }
            previous = c;
        }
        return true;
    }

    /** The internal package name of an internal class name, {@code ""} for the unnamed package. */
    static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash);
    }

    private static int u2(byte[] b, int at) {
        return ((b[at] & 0xff) << 8) | (b[at + 1] & 0xff);
    }

    private static int u4(byte[] b, int at) {
        return (u2(b, at) << 16) | u2(b, at + 2);
    }
}
