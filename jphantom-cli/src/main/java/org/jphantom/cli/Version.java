package org.jphantom.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The project version, from {@code version.properties} (filled in by the build's resource filtering). */
final class Version {
    private Version() {
    }

    /** The version, for example {@code 2.0.0-SNAPSHOT}; "unknown" if the resource is missing. */
    static String get() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
