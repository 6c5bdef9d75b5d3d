package org.jphantom.discover;

import org.jphantom.model.Origin;

/**
 * A field or method that the program uses: owner, name, descriptor, whether it is static,
 * and whether the use named the owner as an interface (the {@code itf} flag). Constructors
 * are methods named {@code <init>}.
 */
public record MemberRef(String owner, String name, String desc, boolean field, boolean isStatic, boolean itf,
                        Origin origin) {

    /** The {@link org.jphantom.world.MemberKeys} kind of what {@link #key()} tells apart besides the strings. */
    static int kind(boolean field, boolean isStatic) {
        return (field ? 2 : 0) | (isStatic ? 1 : 0);
    }

    /** Identity of the member regardless of where it was used. */
    public String key() {
        return owner + (field ? "." : "#") + name + (field ? ":" : "") + desc + (isStatic ? " static" : "");
    }
}
