package org.jphantom.maven;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.MavenProjectHelper;
import org.jphantom.Complementer;
import org.jphantom.JphantomException;
import org.jphantom.Request;
import org.jphantom.Result;
import org.jphantom.report.JsonReport;
import org.jphantom.report.TextReport;
import org.jphantom.report.html.HtmlReport;
import org.jphantom.solve.UnsatisfiableException;

/**
 * Completes the project's main artifact (or {@link #inputs}) with phantom classes against the
 * project's resolved dependencies, writes <code>${project.build.directory}/${finalName}-complete.jar</code>,
 * attaches it with classifier {@code complete}, and writes the reports ({@code report.json},
 * {@code index.html} and its pages, {@code hierarchy.svg}, {@code hierarchy.dot}) to
 * {@link #reportDirectory}. When the constraints are unsatisfiable it writes the conflict page
 * there and fails the build.
 */
@Mojo(name = "complement", defaultPhase = LifecyclePhase.PACKAGE, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.TEST)
public class ComplementMojo extends AbstractMojo {
    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Component
    private MavenProjectHelper projectHelper;

    /** The program to complement (jars or class directories). Default: the project's main artifact. */
    @Parameter
    private List<File> inputs;

    /** The dependency scopes that form the library class path; the others become phantoms. */
    @Parameter(defaultValue = "compile,runtime", property = "jphantom.scopes")
    private List<String> scopes;

    /** Complement against the API of this JDK release (8 up to the running JDK); default the running JDK. */
    @Parameter(property = "jphantom.release")
    private Integer release;

    /** Skip corrupt class entries and unsafe entry names (reported as warnings) instead of failing. */
    @Parameter(defaultValue = "false", property = "jphantom.skipBroken")
    private boolean skipBroken;

    /** Bound of the single-inheritance search; past it the build fails cleanly. */
    @Parameter(defaultValue = "200000", property = "jphantom.maxSearchSteps")
    private long maxSearchSteps;

    /** Classifier of the completed jar (like shade's {@code shadedClassifierName}). */
    @Parameter(defaultValue = "complete", property = "jphantom.classifier")
    private String classifier;

    /** Whether to attach the completed jar to the project (installed and deployed with it). */
    @Parameter(defaultValue = "true", property = "jphantom.attach")
    private boolean attach;

    /** The completed jar. Default: <code>${project.build.directory}/${project.build.finalName}-&lt;classifier&gt;.jar</code>. */
    @Parameter(property = "jphantom.outputFile")
    private File outputFile;

    /** Where {@code report.json}, {@code index.html}, {@code hierarchy.svg} and {@code hierarchy.dot} go. */
    @Parameter(defaultValue = "${project.build.directory}/jphantom", property = "jphantom.reportDirectory")
    private File reportDirectory;

    /** Skip the goal. */
    @Parameter(defaultValue = "false", property = "jphantom.skip")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("jphantom: skipped (jphantom.skip)");
            return;
        }
        List<Path> in = inputs();
        if (in.isEmpty() && "pom".equals(project.getPackaging())) {
            getLog().info("jphantom: nothing to complement (packaging pom, no inputs)");
            return;
        }
        if (in.isEmpty()) {
            throw new MojoExecutionException("jphantom: the project has no main artifact yet: run the complement goal"
                    + " in the package phase or later, or set inputs");
        }
        if (classifier == null || classifier.isBlank()) {
            throw new MojoExecutionException("jphantom: classifier must not be empty (the completed jar would replace"
                    + " the main artifact)");
        }
        Path output = output(project, outputFile, classifier);
        if (maxSearchSteps <= 0) {
            throw new MojoExecutionException("jphantom: maxSearchSteps needs a positive number, not " + maxSearchSteps);
        }
        Request request = Request.of(in, output)
                .withClasspath(ProjectClasspath.of(project, scopes))
                .withRelease(release == null ? OptionalInt.empty() : OptionalInt.of(release))
                .withSkipBroken(skipBroken)
                .withMaxSearchSteps(maxSearchSteps);
        Path reports = reportDirectory.toPath();
        try {
            Files.createDirectories(output.toAbsolutePath().getParent());
            Files.createDirectories(reports);
        } catch (java.io.IOException e) {
            throw new MojoExecutionException("jphantom: cannot create " + e.getMessage(), e);
        }
        Result result;
        try {
            result = Complementer.complement(request);
        } catch (UnsatisfiableException e) {
            HtmlReport.writeConflict(e, reports);
            getLog().error("jphantom: conflict report: " + reports.resolve("index.html"));
            Failures.raise(e);
            return;
        } catch (JphantomException e) {
            Failures.raise(e);
            return;
        }
        try {
            JsonReport.write(result, reports.resolve("report.json"));
            HtmlReport.write(result, request, reports);
        } catch (JphantomException e) {
            Complementer.deleteQuietly(output);
            Failures.raise(e);
        }
        getLog().info(TextReport.summary(result));
        result.warnings().forEach(w -> getLog().warn("jphantom: " + w));
        getLog().info("jphantom: " + output + "; report " + reports.resolve("index.html"));
        if (attach) {
            projectHelper.attachArtifact(project, "jar", classifier, output.toFile());
        }
    }

    private List<Path> inputs() {
        List<Path> in = new ArrayList<>();
        if (inputs != null && !inputs.isEmpty()) {
            inputs.forEach(f -> in.add(f.toPath()));
        } else if (!"pom".equals(project.getPackaging()) && project.getArtifact() != null
                && project.getArtifact().getFile() != null) {
            in.add(project.getArtifact().getFile().toPath());
        }
        return in;
    }

    /** The completed jar: {@code explicit}, or the default name next to the main artifact. */
    static Path output(MavenProject project, File explicit, String classifier) {
        if (explicit != null) {
            return explicit.toPath();
        }
        return Path.of(project.getBuild().getDirectory(), project.getBuild().getFinalName() + "-" + classifier + ".jar");
    }
}
