package org.jphantom.discover;

import java.util.ArrayList;
import java.util.List;

/**
 * A Java type signature (JVMS 4.7.9.1) as a tree: a class type with its type arguments, a type
 * variable, an array, a base type, or a wildcard argument. {@link #text} is the node's own
 * signature text, so a subtree can be compared with another type or written back unchanged.
 * A member type of a parameterized type ({@code LOuter<TT;>.Inner;}) is one class node named
 * {@code Outer$Inner} carrying the last segment's arguments and {@link #nested} set: readers that
 * need plain type arguments skip it.
 *
 * @param sort {@code 'L'} class, {@code 'T'} type variable, {@code '['} array, {@code 'B'} base type,
 *     {@code '*'} unbounded wildcard, {@code '+'} / {@code '-'} bounded wildcard
 * @param name the class's internal name, the variable's name, or null
 * @param arguments the type arguments of a class, the element of an array, the bound of a wildcard
 */
record TypeTree(char sort, String name, List<TypeTree> arguments, boolean nested, String text) {
    /** Parses one type signature; null when {@code s} is not exactly one well-formed type. */
    static TypeTree parse(String s) {
        if (s == null) {
            return null;
        }
        try {
            int[] at = {0};
            TypeTree t = read(s, at);
            return at[0] == s.length() ? t : null;
        } catch (IndexOutOfBoundsException | IllegalArgumentException malformed) {
            return null;
        }
    }

    /**
     * A method signature's parts: its formal type parameter names, its parameter types and its
     * return type; null when malformed. Exception types ({@code ^}) are kept in {@link Method#exceptions}.
     */
    static Method parseMethod(String s) {
        if (s == null) {
            return null;
        }
        try {
            int[] at = {0};
            List<String> formals = new ArrayList<>();
            if (s.charAt(0) == '<') {
                at[0] = 1;
                while (s.charAt(at[0]) != '>') {
                    int colon = s.indexOf(':', at[0]);
                    formals.add(s.substring(at[0], colon));
                    at[0] = colon;
                    while (s.charAt(at[0]) == ':') {
                        at[0]++;
                        if (s.charAt(at[0]) != ':') {
                            read(s, at);
                        }
                    }
                }
                at[0]++;
            }
            if (s.charAt(at[0]++) != '(') {
                return null;
            }
            List<TypeTree> parameters = new ArrayList<>();
            while (s.charAt(at[0]) != ')') {
                parameters.add(read(s, at));
            }
            at[0]++;
            TypeTree ret = s.charAt(at[0]) == 'V' ? new TypeTree('B', null, List.of(), false, "V") : null;
            if (ret != null) {
                at[0]++;
            } else {
                ret = read(s, at);
            }
            boolean exceptions = at[0] < s.length();
            while (at[0] < s.length()) {
                if (s.charAt(at[0]++) != '^') {
                    return null;
                }
                read(s, at);
            }
            return new Method(List.copyOf(formals), List.copyOf(parameters), ret, exceptions);
        } catch (IndexOutOfBoundsException | IllegalArgumentException malformed) {
            return null;
        }
    }

    /**
     * The names of the formal type parameters of a class or method signature when each is bounded
     * by {@code Object} alone (so that any reference type is a valid argument); an empty list for
     * none; null when some parameter has another bound or the signature is malformed.
     */
    static List<String> plainFormals(String s) {
        if (s == null || !s.startsWith("<")) {
            return s == null || !s.isEmpty() ? List.of() : null;
        }
        List<String> names = new ArrayList<>();
        int at = 1;
        int end = s.indexOf('>');
        while (at < end) {
            int colon = s.indexOf(':', at);
            if (colon <= at || !s.startsWith(":Ljava/lang/Object;", colon)) {
                return null;
            }
            names.add(s.substring(at, colon));
            at = colon + ":Ljava/lang/Object;".length();
        }
        return at == end ? List.copyOf(names) : null;
    }

    /** A method signature's parts; {@code exceptions} tells whether it has a generic throws part. */
    record Method(List<String> formals, List<TypeTree> parameters, TypeTree returnType, boolean exceptions) {
    }

    /** This type's erasure as a descriptor, type variables erased to {@code Object}; null for a wildcard. */
    String erasure() {
        return switch (sort) {
            case 'B' -> text;
            case 'T' -> "Ljava/lang/Object;";
            case 'L' -> "L" + name + ";";
            case '[' -> {
                String e = arguments.get(0).erasure();
                yield e == null ? null : "[" + e;
            }
            default -> null;
        };
    }

    /** Whether this is a class type with no wildcard, variable or nested member type in it. */
    boolean concrete() {
        return switch (sort) {
            case 'B' -> true;
            case '[' -> arguments.get(0).concrete();
            case 'L' -> !nested && arguments.stream().allMatch(TypeTree::concrete);
            default -> false;
        };
    }

    private static TypeTree read(String s, int[] at) {
        int start = at[0];
        char c = s.charAt(at[0]++);
        switch (c) {
            case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z' -> {
                return new TypeTree('B', null, List.of(), false, String.valueOf(c));
            }
            case '[' -> {
                TypeTree element = read(s, at);
                return new TypeTree('[', null, List.of(element), false, s.substring(start, at[0]));
            }
            case 'T' -> {
                int end = s.indexOf(';', at[0]);
                if (end < 0) {
                    throw new IllegalArgumentException(s);
                }
                at[0] = end + 1;
                return new TypeTree('T', s.substring(start + 1, end), List.of(), false, s.substring(start, at[0]));
            }
            case 'L' -> {
                return classType(s, at, start);
            }
            default -> throw new IllegalArgumentException(s);
        }
    }

    private static TypeTree classType(String s, int[] at, int start) {
        StringBuilder name = new StringBuilder();
        List<TypeTree> args = new ArrayList<>();
        boolean nested = false;
        while (true) {
            char c = s.charAt(at[0]++);
            if (c == ';') {
                return new TypeTree('L', name.toString(), List.copyOf(args), nested, s.substring(start, at[0]));
            } else if (c == '<') {
                args.clear();
                while (s.charAt(at[0]) != '>') {
                    args.add(argument(s, at));
                }
                at[0]++;
            } else if (c == '.') {
                name.append('$');
                nested = true;
            } else {
                name.append(c);
            }
        }
    }

    private static TypeTree argument(String s, int[] at) {
        int start = at[0];
        char c = s.charAt(at[0]);
        if (c == '*') {
            at[0]++;
            return new TypeTree('*', null, List.of(), false, "*");
        }
        if (c == '+' || c == '-') {
            at[0]++;
            TypeTree bound = read(s, at);
            return new TypeTree(c, null, List.of(bound), false, s.substring(start, at[0]));
        }
        return read(s, at);
    }
}
