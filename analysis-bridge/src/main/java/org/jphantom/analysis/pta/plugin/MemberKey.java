package org.jphantom.analysis.pta.plugin;

/**
 * The heap key of the {@code java.lang.reflect} object ({@code Method}, {@code Constructor},
 * {@code Field}) that stands for one known member: the meeting point of the models that make or
 * read such objects. The reflection model makes them ({@code getMethod} and friends); the dynamic
 * models make the {@code Method} a proxy's handler receives under the same key (so both denote one
 * object) and read, from the key of an object that reaches {@code Lookup.unreflect*}, which member
 * it stands for. Formats: {@code reflect:method:OWNER.NAMEDESC},
 * {@code reflect:constructor:OWNER.<init>DESC}, {@code reflect:field:OWNER.NAME:DESC}, with
 * internal names and descriptors. Keys of objects that stand for a member only partly known
 * (another form) do not parse.
 *
 * @param kind  which reflective class the object is of
 * @param owner internal name of the declaring class
 * @param name  member name ({@code <init>} for constructors)
 * @param desc  method or field descriptor
 */
public record MemberKey(Kind kind, String owner, String name, String desc) {
    public enum Kind { METHOD, CONSTRUCTOR, FIELD }

    private static final String METHOD = "reflect:method:";
    private static final String CONSTRUCTOR = "reflect:constructor:";
    private static final String FIELD = "reflect:field:";

    /** The key of the {@code Method} or {@code Constructor} object of method {@code owner.name desc}. */
    public static MemberKey method(String owner, String name, String desc) {
        return new MemberKey(name.equals("<init>") ? Kind.CONSTRUCTOR : Kind.METHOD, owner, name, desc);
    }

    public static MemberKey field(String owner, String name, String desc) {
        return new MemberKey(Kind.FIELD, owner, name, desc);
    }

    /** The heap key. */
    public String key() {
        return switch (kind) {
            case METHOD -> METHOD + owner + "." + name + desc;
            case CONSTRUCTOR -> CONSTRUCTOR + owner + "." + name + desc;
            case FIELD -> FIELD + owner + "." + name + ":" + desc;
        };
    }

    /** The member a heap key stands for, or null if {@code key} is null or no key of a known member. */
    public static MemberKey parse(String key) {
        if (key == null) {
            return null;
        }
        if (key.startsWith(FIELD)) {
            String rest = key.substring(FIELD.length());
            int colon = rest.lastIndexOf(':');
            int dot = colon < 0 ? -1 : rest.lastIndexOf('.', colon);
            return dot <= 0 ? null : field(rest.substring(0, dot), rest.substring(dot + 1, colon),
                    rest.substring(colon + 1));
        }
        String rest;
        if (key.startsWith(METHOD)) {
            rest = key.substring(METHOD.length());
        } else if (key.startsWith(CONSTRUCTOR)) {
            rest = key.substring(CONSTRUCTOR.length());
        } else {
            return null;
        }
        int paren = rest.indexOf('(');
        int dot = paren < 0 ? -1 : rest.lastIndexOf('.', paren);
        if (dot <= 0) {
            return null;
        }
        MemberKey k = method(rest.substring(0, dot), rest.substring(dot + 1, paren), rest.substring(paren));
        return k.key().equals(key) ? k : null; // a constructor key names <init>, a method key does not
    }
}
