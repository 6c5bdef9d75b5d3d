package org.jphantom.generate;

/**
 * A member a phantom type will declare. {@code inferred} members are used by the program (on
 * the phantom itself, or on a known class that inherits them from it); the others are stubs
 * that keep a concrete class from inheriting an abstract method it cannot implement.
 */
public record PlannedMember(String name, String desc, boolean field, boolean isStatic, boolean inferred)
        implements Comparable<PlannedMember> {

    public boolean isConstructor() {
        return !field && name.equals("<init>");
    }

    @Override
    public int compareTo(PlannedMember o) {
        int c = Integer.compare(rank(), o.rank());
        if (c == 0) {
            c = name.compareTo(o.name);
        }
        if (c == 0) {
            c = desc.compareTo(o.desc);
        }
        return c != 0 ? c : Boolean.compare(isStatic, o.isStatic);
    }

    private int rank() {
        return isConstructor() ? 0 : field ? 1 : 2;
    }
}
