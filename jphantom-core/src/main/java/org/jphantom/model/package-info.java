/**
 * Immutable facts shared by the pipeline stages: constraints and the origins they carry.
 * Types are JVM internal names throughout, as in ASM.
 */
package org.jphantom.model;
