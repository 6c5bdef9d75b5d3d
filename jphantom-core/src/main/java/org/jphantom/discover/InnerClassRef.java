package org.jphantom.discover;

/**
 * What the program's {@code InnerClasses} attributes say about a missing nested class: its
 * outer class, simple name and access flags (first entry kept), and whether the outer class
 * itself (a program class) lists it, so that a phantom entry agrees with the outer's view.
 */
public record InnerClassRef(String name, String outer, String simpleName, int access, boolean outerLists) {
}
