package org.jphantom.analysis.lang;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * A method declared by a class of the closed world (or by a synthetic class of the analysis),
 * identified by a dense index. Immutable: what an analysis computes about it (its IR included) lives
 * in the analysis' own tables.
 */
public final class JMethod {
    private final int id;
    private final int declaringType;
    private final String name;
    private final String desc;
    private final int access;
    private final boolean[] paramIsRef;
    private final boolean returnsRef;
    private final String returnType;
    private String signature;

    JMethod(int id, int declaringType, String name, String desc, int access) {
        this.id = id;
        this.declaringType = declaringType;
        this.name = name;
        this.desc = desc;
        this.access = access;
        Type[] args = Type.getArgumentTypes(desc);
        paramIsRef = new boolean[args.length];
        for (int i = 0; i < args.length; i++) {
            int sort = args[i].getSort();
            paramIsRef[i] = sort == Type.OBJECT || sort == Type.ARRAY;
        }
        Type ret = Type.getReturnType(desc);
        returnsRef = ret.getSort() == Type.OBJECT || ret.getSort() == Type.ARRAY;
        returnType = returnsRef ? ret.getInternalName() : null;
    }

    public int id() {
        return id;
    }

    public int declaringType() {
        return declaringType;
    }

    public String name() {
        return name;
    }

    public String desc() {
        return desc;
    }

    public int access() {
        return access;
    }

    public boolean isStatic() {
        return (access & Opcodes.ACC_STATIC) != 0;
    }

    public boolean isAbstract() {
        return (access & Opcodes.ACC_ABSTRACT) != 0;
    }

    public boolean isNative() {
        return (access & Opcodes.ACC_NATIVE) != 0;
    }

    public boolean isPrivate() {
        return (access & Opcodes.ACC_PRIVATE) != 0;
    }

    public int paramCount() {
        return paramIsRef.length;
    }

    public boolean paramIsRef(int i) {
        return paramIsRef[i];
    }

    public boolean returnsRef() {
        return returnsRef;
    }

    /** The internal name (or array descriptor) of the reference return type, or null. */
    public String returnType() {
        return returnType;
    }

    /** {@code <pkg.Class: ret name(args)>}. */
    public String signature(Program program) {
        if (signature == null) {
            signature = Signatures.method(program.typeName(declaringType), name, desc);
        }
        return signature;
    }

    @Override
    public String toString() {
        return name + desc;
    }
}
