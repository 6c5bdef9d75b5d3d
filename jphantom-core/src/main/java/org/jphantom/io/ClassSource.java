package org.jphantom.io;

/**
 * A read-only supply of class files looked up by JVM internal name.
 *
 * <p>Implementations read bytes from files only (a jar, a class directory, the JDK image); they
 * never consult the tool's own class loader.
 */
public interface ClassSource {
    /**
     * The class file bytes of {@code internalName} (for example {@code "java/lang/Object"}), or
     * {@code null} if this source does not define it. The caller must not modify the array.
     *
     * @throws org.jphantom.JphantomException if the class exists but cannot be read or is broken;
     *     the message names the file and entry
     */
    byte[] find(String internalName);
}
