package org.jphantom.report.html;

import org.jphantom.discover.Names;

/**
 * The file names of a report's pages, relative to its directory: {@code phantom/<name>.html} per
 * phantom and {@code package/<name>.html} per package, with the Java names made file-safe
 * (characters outside {@code [A-Za-z0-9._$-]} become {@code ~} and their hex code).
 */
final class PageNames {
    static final String PHANTOM_DIR = "phantom";
    static final String PACKAGE_DIR = "package";
    static final String DEFAULT_PACKAGE = "(default package)";

    private PageNames() {
    }

    /** The page of the phantom with internal name {@code internalName}. */
    static String phantom(String internalName) {
        return PHANTOM_DIR + "/" + safe(Names.javaName(internalName)) + ".html";
    }

    /** The page of the package with Java name {@code pkg} ({@code ""}: the default package). */
    static String pkg(String pkg) {
        return PACKAGE_DIR + "/" + (pkg.isEmpty() ? "~default" : safe(pkg)) + ".html";
    }

    /** The Java package of an internal name ({@code ""} for the default package). */
    static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash).replace('/', '.');
    }

    /** How a package is shown. */
    static String packageLabel(String pkg) {
        return pkg.isEmpty() ? DEFAULT_PACKAGE : pkg;
    }

    private static String safe(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '$'
                    || c == '_' || c == '-') {
                sb.append(c);
            } else {
                sb.append('~').append(Integer.toHexString(c));
            }
        }
        return sb.toString();
    }
}
