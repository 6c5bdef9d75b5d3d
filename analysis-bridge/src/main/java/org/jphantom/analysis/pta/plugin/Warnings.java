package org.jphantom.analysis.pta.plugin;

import java.util.List;

/** A plugin that reports what it could not model (unresolved sites); the analysis lists them as warnings. */
public interface Warnings {
    /** The warnings so far, in a deterministic order. */
    List<String> warnings();
}
