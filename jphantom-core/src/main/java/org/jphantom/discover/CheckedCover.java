package org.jphantom.discover;

import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;

/**
 * Whether a handler type or a {@code throws} type around {@code throw new P(..)} lets javac accept
 * the throw of a phantom {@code P} as a checked exception: the type covers P when P may be its
 * subclass and that makes P checked. A phantom type may be any of P's supertypes. A known type
 * covers when it is a checked Throwable class ({@code Throwable} or a subtype, neither a
 * {@code RuntimeException} nor an {@code Error}) that P could extend: not an interface, not final,
 * not sealed, and accessible from P's package. A known unchecked type (P would be unchecked below
 * it too) or one P cannot extend does not cover: if nothing covers, P is unchecked or javac would
 * have refused the method.
 */
final class CheckedCover {
    private static final String THROWABLE = "java/lang/Throwable";

    private final ClassWorld world;

    CheckedCover(ClassWorld world) {
        this.world = world;
    }

    /** Whether {@code type} (a handler or {@code throws} type) may cover {@code throw new phantom(..)}. */
    boolean covers(String type, String phantom) {
        ClassInfo info = world.lookup(type);
        if (info == null) {
            return true; // a phantom: it may be the thrown phantom's super class
        }
        if (info.isInterface() || info.isFinal() || info.isSealed()) {
            return false;
        }
        if (!info.isPublic() && !ClassWorld.packageOf(type).equals(ClassWorld.packageOf(phantom))) {
            return false;
        }
        boolean throwable = world.knownSubtype(type, THROWABLE) || world.hasPhantomAncestor(type);
        return throwable && !world.knownSubtype(type, "java/lang/RuntimeException")
                && !world.knownSubtype(type, "java/lang/Error");
    }
}
