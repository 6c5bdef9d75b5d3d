package org.jphantom.io;

/** Looks up class bytes by internal name. */
public interface ClassSource {
    /** The class file bytes of {@code internalName}, or {@code null} if this source lacks it. */
    byte[] find(String internalName);
}
