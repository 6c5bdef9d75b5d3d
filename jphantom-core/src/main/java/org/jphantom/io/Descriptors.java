package org.jphantom.io;

/**
 * The JVM's rules for names and descriptors in class files: unqualified names (JVMS 4.2.2),
 * binary class names in internal form and array types (4.2.1, 4.4.1), field and method
 * descriptors (4.3.2, 4.3.3). Pure functions of strings.
 */
public final class Descriptors {
    private Descriptors() {
    }

    /** An unqualified name (field, method other than {@code <init>}/{@code <clinit>}, local): non-empty, no {@code . ; [ /}. */
    public static boolean isUnqualifiedName(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '.' || c == ';' || c == '[' || c == '/') {
                return false;
            }
        }
        return true;
    }

    /** A method name: {@code <init>}, {@code <clinit>}, or an unqualified name without {@code <} or {@code >}. */
    public static boolean isMethodName(String name) {
        if ("<init>".equals(name) || "<clinit>".equals(name)) {
            return true;
        }
        return isUnqualifiedName(name) && name.indexOf('<') < 0 && name.indexOf('>') < 0;
    }

    /** A class name in internal form or an array type descriptor (what a CONSTANT_Class may name). */
    public static boolean isClassOrArray(String name) {
        if (name != null && name.startsWith("[")) {
            return isFieldDescriptor(name);
        }
        return ClassFiles.isValidInternalName(name);
    }

    /** A field descriptor: a base type, {@code Lname;} or up to 255 dimensions of either. */
    public static boolean isFieldDescriptor(String desc) {
        return desc != null && !desc.isEmpty() && fieldType(desc, 0) == desc.length();
    }

    /** A method descriptor: {@code (} field types {@code )} then a field type or {@code V}, at most 255 parameter slots. */
    public static boolean isMethodDescriptor(String desc) {
        if (desc == null || desc.isEmpty() || desc.charAt(0) != '(') {
            return false;
        }
        int i = 1;
        int slots = 0;
        while (i < desc.length() && desc.charAt(i) != ')') {
            char c = desc.charAt(i);
            int next = fieldType(desc, i);
            if (next < 0) {
                return false;
            }
            slots += (c == 'J' || c == 'D') ? 2 : 1;
            i = next;
        }
        if (i >= desc.length() || slots > 255) {
            return false;
        }
        i++;
        if (i < desc.length() && desc.charAt(i) == 'V') {
            return i + 1 == desc.length();
        }
        return i < desc.length() && fieldType(desc, i) == desc.length();
    }

    /** The end of the field type starting at {@code i}, or -1. */
    private static int fieldType(String d, int i) {
        int dims = 0;
        while (i < d.length() && d.charAt(i) == '[') {
            i++;
            dims++;
        }
        if (dims > 255 || i >= d.length()) {
            return -1;
        }
        switch (d.charAt(i)) {
            case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z':
                return i + 1;
            case 'L': {
                int semi = d.indexOf(';', i + 1);
                if (semi < 0) {
                    return -1;
                }
                return ClassFiles.isValidInternalName(d, i + 1, semi) ? semi + 1 : -1;
            }
            default:
                return -1;
        }
    }
    /**
     * HotSpot's stricter rule for class files older than Java 5 (major version below 49): a class
     * name is Java identifiers separated by single {@code /}; a field or method name (other than
     * {@code <init>} and {@code <clinit>}) is one identifier. ASCII identifier characters are
     * letters, digits (not first), {@code _} and {@code $}; others as {@link Character}'s
     * identifier rules (HotSpot's {@code skip_over_field_name}).
     *
     * @param slashes whether {@code /} may separate identifiers (class names)
     */
    public static boolean isLegacyName(String name, boolean slashes) {
        return legacyNameEnd(name, 0, name.length(), slashes) == name.length();
    }

    /** Whether every class name in descriptor {@code desc} is a {@linkplain #isLegacyName legacy class name}. */
    public static boolean hasLegacyClassNames(String desc) {
        for (int i = 0; i < desc.length(); i++) {
            if (desc.charAt(i) == 'L') {
                int semi = desc.indexOf(';', i);
                if (semi < 0 || legacyNameEnd(desc, i + 1, semi, true) != semi) {
                    return false;
                }
                i = semi;
            }
        }
        return true;
    }

    /** Where the legacy name starting at {@code from} ends (at most {@code to}), or -1 if it is empty. */
    private static int legacyNameEnd(String s, int from, int to, boolean slashes) {
        boolean lastSlash = false;
        int i = from;
        while (i < to) {
            int c = s.codePointAt(i);
            boolean first = i == from;
            boolean ok;
            if (c < 128) {
                if (c == '/' && slashes) {
                    if (lastSlash) {
                        return first ? -1 : i;
                    }
                    lastSlash = true;
                    i++;
                    continue;
                }
                ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || !first && c >= '0' && c <= '9';
            } else {
                ok = first ? Character.isJavaIdentifierStart(c) : Character.isJavaIdentifierPart(c);
            }
            if (!ok) {
                return first ? -1 : i;
            }
            lastSlash = false;
            i += Character.charCount(c);
        }
        return i == from ? -1 : i;
    }
}
