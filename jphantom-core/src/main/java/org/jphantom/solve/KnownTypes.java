package org.jphantom.solve;

import java.util.List;

/**
 * The fixed part of the hierarchy: what the closed world (input, class path, JDK) says about
 * the types it defines. A known type's direct supertypes can never change. All answers for a
 * type that is not {@linkplain #isKnown known} are unspecified.
 */
public interface KnownTypes {

    /** Whether the closed world defines {@code type} (internal name). */
    boolean isKnown(String type);

    /** Whether known {@code type} is an interface. */
    boolean isInterface(String type);

    /** The direct super class of known {@code type}; {@code java/lang/Object} for interfaces, null for Object. */
    String superName(String type);

    /** The direct super interfaces of known {@code type}, in declaration order. */
    List<String> interfaces(String type);

    /**
     * Whether known {@code sup} may be the direct super class or super interface of the class
     * or interface {@code sub} that does not exist yet: false when {@code sup} is final, or sealed
     * without listing {@code sub} in its {@code PermittedSubclasses}.
     */
    boolean allowsDirectSubtype(String sup, String sub);
}
