package org.jphantom.maven;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.jphantom.report.JsonReport;

/**
 * Build rules over the report that {@code complement} wrote: no phantom in a forbidden package
 * (say, your own group's: a module left out of the build), at most {@code maxPhantoms} phantoms,
 * and optionally no warnings. Each broken rule is logged naming its offender; with
 * {@code haltOnFailure} (the default) the build fails, otherwise the messages are warnings.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends AbstractMojo {
    /** The JSON report to check. */
    @Parameter(defaultValue = "${project.build.directory}/jphantom/report.json", property = "jphantom.report")
    private File report;

    /** Packages (Java form) in which, or in whose subpackages, no phantom may be. */
    @Parameter
    private List<String> forbiddenPhantomPackages;

    /** The most phantoms allowed; negative: no limit. */
    @Parameter(defaultValue = "-1", property = "jphantom.maxPhantoms")
    private int maxPhantoms;

    /** Whether any warning of the complement run breaks the rules. */
    @Parameter(defaultValue = "false", property = "jphantom.failOnWarnings")
    private boolean failOnWarnings;

    /** Fail the build when a rule is broken (otherwise log warnings only). */
    @Parameter(defaultValue = "true", property = "jphantom.haltOnFailure")
    private boolean haltOnFailure;

    /** Skip the goal. */
    @Parameter(defaultValue = "false", property = "jphantom.skip")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("jphantom: skipped (jphantom.skip)");
            return;
        }
        if (!report.isFile()) {
            throw new MojoExecutionException("jphantom: check: no such report: " + report
                    + " (run the complement goal first, or set report)");
        }
        JsonNode tree;
        try {
            tree = new ObjectMapper().readTree(report);
        } catch (IOException e) {
            throw new MojoExecutionException("jphantom: check: cannot read report " + report + ": " + e.getMessage(), e);
        }
        if (tree == null || tree.path("schemaVersion").asInt() != JsonReport.SCHEMA_VERSION) {
            throw new MojoExecutionException("jphantom: check: " + report + " is not a jphantom report of schema version "
                    + JsonReport.SCHEMA_VERSION);
        }
        Rules rules = new Rules(forbiddenPhantomPackages == null ? List.of() : forbiddenPhantomPackages, maxPhantoms,
                failOnWarnings);
        List<String> violations = rules.violations(tree);
        if (violations.isEmpty()) {
            getLog().info("jphantom: check: all rules met (" + tree.path("phantoms").size() + " phantoms)");
            return;
        }
        for (String v : violations) {
            if (haltOnFailure) {
                getLog().error("jphantom: check: " + v);
            } else {
                getLog().warn("jphantom: check: " + v);
            }
        }
        if (haltOnFailure) {
            throw new MojoFailureException("jphantom: check: " + violations.size() + " rule violation"
                    + (violations.size() == 1 ? "" : "s") + ": " + violations.get(0)
                    + (violations.size() > 1 ? " (and " + (violations.size() - 1) + " more, listed above)" : ""));
        }
    }
}
