package org.jphantom.io;

import java.util.Locale;

/** Rules for jar entry names: safety, class entries, multi-release versions, signature files. */
final class EntryNames {
    static final String MANIFEST = "META-INF/MANIFEST.MF";
    static final String META_INF = "META-INF/";
    static final String VERSIONS = "META-INF/versions/";
    /** The first release a multi-release jar may name under {@code META-INF/versions/}. */
    static final int FIRST_VERSION = 9;

    private EntryNames() {
    }

    /**
     * Why {@code name} is unsafe to copy or unpack, or {@code null} if it is fine: empty,
     * absolute, with a {@code ..} segment, a backslash or a NUL character.
     */
    static String unsafeReason(String name) {
        if (name.isEmpty()) {
            return "empty entry name";
        }
        if (name.startsWith("/")) {
            return "absolute entry name";
        }
        if (name.indexOf('\\') >= 0) {
            return "backslash in entry name";
        }
        if (name.indexOf('\0') >= 0) {
            return "NUL character in entry name";
        }
        for (int at = name.indexOf(".."); at >= 0; at = name.indexOf("..", at + 1)) {
            if ((at == 0 || name.charAt(at - 1) == '/') && (at + 2 == name.length() || name.charAt(at + 2) == '/')) {
                return "'..' segment in entry name";
            }
        }
        return null;
    }

    /** Whether the entry is a jar signature file: {@code META-INF/*.SF|*.RSA|*.DSA|*.EC}. */
    static boolean isSignatureFile(String name) {
        if (!name.regionMatches(true, 0, META_INF, 0, META_INF.length())
                || name.indexOf('/', META_INF.length()) >= 0) {
            return false;
        }
        String upper = name.toUpperCase(Locale.ROOT);
        return upper.endsWith(".SF") || upper.endsWith(".RSA") || upper.endsWith(".DSA")
                || upper.endsWith(".EC");
    }

    /**
     * The release {@code N} of an entry {@code META-INF/versions/N/...}, or 0 if the name is not
     * a well-formed versioned entry (N a decimal number of at least 9, followed by a path).
     */
    static int version(String name) {
        if (!name.startsWith(VERSIONS)) {
            return 0;
        }
        int slash = name.indexOf('/', VERSIONS.length());
        if (slash < 0 || slash == name.length() - 1) {
            return 0;
        }
        String digits = name.substring(VERSIONS.length(), slash);
        if (digits.isEmpty() || digits.length() > 4 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return 0;
        }
        int n = Integer.parseInt(digits);
        return n >= FIRST_VERSION ? n : 0;
    }

    /** The path of a versioned entry below {@code META-INF/versions/N/}. */
    static String unversioned(String name) {
        return name.substring(name.indexOf('/', VERSIONS.length()) + 1);
    }

    /** Whether the manifest bytes declare {@code Multi-Release: true}. */
    static boolean isMultiRelease(byte[] manifest) {
        try {
            java.util.jar.Manifest m = new java.util.jar.Manifest(new java.io.ByteArrayInputStream(manifest));
            String value = m.getMainAttributes().getValue("Multi-Release");
            return value != null && value.trim().equalsIgnoreCase("true");
        } catch (java.io.IOException e) {
            // A manifest the JDK cannot parse does not enable multi-release behaviour for the JVM either.
            return false;
        }
    }

    /** {@code s} with control characters escaped, safe to put in a one-line message. */
    static String printable(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
