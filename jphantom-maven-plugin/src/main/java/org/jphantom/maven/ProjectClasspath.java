package org.jphantom.maven;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;

/**
 * The library class path of a project: its resolved dependencies whose scope is one of the
 * selected scopes, in the project's dependency order. Dependencies outside the scopes (by
 * default {@code provided}, {@code system} and {@code test}) and dependencies that could not be
 * resolved stay off the path, so the classes the program needs from them become phantoms. In a
 * reactor build a sibling module's dependency resolves to its packaged jar or its classes
 * directory, which jphantom reads alike.
 */
final class ProjectClasspath {
    static final Set<String> KNOWN_SCOPES = Set.of(Artifact.SCOPE_COMPILE, Artifact.SCOPE_RUNTIME,
            Artifact.SCOPE_PROVIDED, Artifact.SCOPE_SYSTEM, Artifact.SCOPE_TEST);

    private ProjectClasspath() {
    }

    /** The dependency files of {@code project} in {@code scopes}. */
    static List<Path> of(MavenProject project, List<String> scopes) throws MojoExecutionException {
        Set<String> wanted = new TreeSet<>();
        for (String s : scopes) {
            String scope = s.trim().toLowerCase(Locale.ROOT);
            if (!KNOWN_SCOPES.contains(scope)) {
                throw new MojoExecutionException("jphantom: unknown dependency scope '" + s + "' in scopes; use "
                        + String.join(", ", new TreeSet<>(KNOWN_SCOPES)));
            }
            wanted.add(scope);
        }
        List<Path> cp = new ArrayList<>();
        for (Artifact a : project.getArtifacts()) {
            File f = a.getFile();
            if (wanted.contains(a.getScope()) && f != null && f.exists() && a.getArtifactHandler().isAddedToClasspath()) {
                cp.add(f.toPath());
            }
        }
        return cp;
    }
}
