package org.jphantom.discover;

/** Checks on JVM internal names (JVMS 4.2.1). */
public final class Names {
    private Names() {
    }

    /**
     * Whether {@code name} is a legal internal class name for a class we may have to write as a
     * jar entry: non-empty segments separated by '/', none of them "." or "..", and none of the
     * characters {@code . ; [ \ } or NUL. Obfuscators' unusual but legal names pass.
     */
    public static boolean isValidClassName(String name) {
        if (name.isEmpty() || name.startsWith("/") || name.endsWith("/") || name.contains("//")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '.' || c == ';' || c == '[' || c == '\\' || c == 0) {
                return false;
            }
        }
        return true;
    }

    /** Java source form of an internal name or descriptor type: {@code a/b/C} to {@code a.b.C}. */
    public static String javaName(String internalName) {
        return internalName.replace('/', '.');
    }

    /** The mnemonic of the opcodes that appear in origins. */
    public static String opcode(int opcode) {
        return switch (opcode) {
            case org.objectweb.asm.Opcodes.GETSTATIC -> "getstatic";
            case org.objectweb.asm.Opcodes.PUTSTATIC -> "putstatic";
            case org.objectweb.asm.Opcodes.GETFIELD -> "getfield";
            case org.objectweb.asm.Opcodes.PUTFIELD -> "putfield";
            case org.objectweb.asm.Opcodes.INVOKEVIRTUAL -> "invokevirtual";
            case org.objectweb.asm.Opcodes.INVOKESPECIAL -> "invokespecial";
            case org.objectweb.asm.Opcodes.INVOKESTATIC -> "invokestatic";
            case org.objectweb.asm.Opcodes.INVOKEINTERFACE -> "invokeinterface";
            case org.objectweb.asm.Opcodes.INVOKEDYNAMIC -> "invokedynamic";
            case org.objectweb.asm.Opcodes.NEW -> "new";
            case org.objectweb.asm.Opcodes.ANEWARRAY -> "anewarray";
            case org.objectweb.asm.Opcodes.CHECKCAST -> "checkcast";
            case org.objectweb.asm.Opcodes.INSTANCEOF -> "instanceof";
            case org.objectweb.asm.Opcodes.ARETURN -> "areturn";
            case org.objectweb.asm.Opcodes.ATHROW -> "athrow";
            case org.objectweb.asm.Opcodes.AASTORE -> "aastore";
            default -> "opcode " + opcode;
        };
    }
}
