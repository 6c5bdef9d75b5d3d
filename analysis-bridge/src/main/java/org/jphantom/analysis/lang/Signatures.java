package org.jphantom.analysis.lang;

import org.objectweb.asm.Type;

/** The familiar {@code <pkg.Class: ret name(args)>} notation for members. */
public final class Signatures {
    private Signatures() {
    }

    public static String method(String owner, String name, String desc) {
        StringBuilder sb = new StringBuilder(64);
        sb.append('<').append(javaName(owner)).append(": ")
                .append(Type.getReturnType(desc).getClassName()).append(' ').append(name).append('(');
        Type[] args = Type.getArgumentTypes(desc);
        for (int i = 0; i < args.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(args[i].getClassName());
        }
        return sb.append(")>").toString();
    }

    public static String field(String owner, String name, String desc) {
        return "<" + javaName(owner) + ": " + Type.getType(desc).getClassName() + " " + name + ">";
    }

    /** {@code java/lang/String} to {@code java.lang.String}; array descriptors to {@code T[]}. */
    public static String javaName(String internalOrArray) {
        if (internalOrArray.startsWith("[")) {
            return Type.getType(internalOrArray).getClassName();
        }
        return internalOrArray.replace('/', '.');
    }
}
