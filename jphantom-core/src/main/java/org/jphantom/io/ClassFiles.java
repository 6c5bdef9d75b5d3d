package org.jphantom.io;

import org.objectweb.asm.ClassReader;
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
            if (fullParse) {
                ClassStructure.check(bytes);
                reader.accept(new FormatVisitor(), 0);
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
        if (name == null || name.isEmpty() || name.startsWith("/") || name.endsWith("/")
                || name.contains("//")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '.' || c == ';' || c == '[' || c == '\0') {
                return false;
            }
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
