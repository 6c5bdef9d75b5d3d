package org.jphantom.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.jphantom.JphantomException;
import org.jphantom.verify.JarVerifier;
import org.jphantom.verify.VerifyFailure;
import org.jphantom.verify.VerifyRequest;
import org.jphantom.verify.VerifyResult;

/**
 * HotSpot verification of the completed jar (as {@code jphantom verify}): every class loads,
 * verifies and links in a child JVM, and every reference of its code resolves, against the same
 * dependency scopes as {@code complement}. Any failure fails the build, each one logged.
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.TEST)
public class VerifyMojo extends AbstractMojo {
    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    /** The jar to verify. Default: the jar {@code complement} writes. */
    @Parameter(property = "jphantom.verifyFile")
    private File jar;

    /** Classifier of the completed jar, to find it by default. */
    @Parameter(defaultValue = "complete", property = "jphantom.classifier")
    private String classifier;

    /** The dependency scopes on the class path of the check. */
    @Parameter(defaultValue = "compile,runtime", property = "jphantom.scopes")
    private List<String> scopes;

    /** Skip the goal. */
    @Parameter(defaultValue = "false", property = "jphantom.skip")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("jphantom: skipped (jphantom.skip)");
            return;
        }
        if ("pom".equals(project.getPackaging()) && jar == null) {
            getLog().info("jphantom: nothing to verify (packaging pom)");
            return;
        }
        Path file = ComplementMojo.output(project, jar, classifier);
        if (!Files.isRegularFile(file)) {
            throw new MojoExecutionException("jphantom: verify: no such jar: " + file
                    + " (run the complement goal first, or set jar)");
        }
        VerifyResult r;
        try {
            r = JarVerifier.verify(new VerifyRequest(file, ProjectClasspath.of(project, scopes), null));
        } catch (JphantomException e) {
            Failures.raise(e);
            return;
        }
        for (VerifyFailure f : r.failures()) {
            getLog().error(f.kind() + " " + f.className() + ": " + f.detail());
        }
        String summary = String.format("verify %s: %d classes loaded and linked, %d references resolved, %d failures",
                file, r.classesChecked(), r.referencesChecked(), r.failures().size());
        if (!r.ok()) {
            throw new MojoFailureException("jphantom: " + summary);
        }
        getLog().info("jphantom: " + summary);
    }
}
