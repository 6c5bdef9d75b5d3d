package org.jphantom.analysis.lang;

/**
 * A field, identified by a dense index: the field its reference resolves to (JVMS 5.4.3.2), or the
 * symbolic reference itself when resolution fails. Index 0 is the element field that every array
 * object has, and synthetic fields hold what a lambda object captured.
 */
public record JField(int id, String owner, String name, String desc, boolean isStatic) {
    public boolean isReference() {
        return desc.charAt(0) == 'L' || desc.charAt(0) == '[';
    }

    @Override
    public String toString() {
        return Signatures.field(owner, name, desc);
    }
}
