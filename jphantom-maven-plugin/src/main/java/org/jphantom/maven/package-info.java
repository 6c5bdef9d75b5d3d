/**
 * The Maven goals: {@code complement} (the project's artifact completed with phantom classes,
 * attached with a classifier, and the reports), {@code verify} (HotSpot verifies and links the
 * completed jar) and {@code check} (build rules over the JSON report). Each goal is a thin shell
 * over the core library, as the CLI is: user errors become {@code MojoExecutionException} with
 * the core's one-line message, unsatisfiable constraints and verification failures become
 * {@code MojoFailureException}.
 */
package org.jphantom.maven;
