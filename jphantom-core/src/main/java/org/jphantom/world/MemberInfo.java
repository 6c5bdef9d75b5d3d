package org.jphantom.world;

import org.objectweb.asm.Opcodes;

/** A field or method declared by a known class: name, descriptor and access flags. */
public record MemberInfo(String owner, String name, String desc, int access) {
    public boolean isStatic() {
        return (access & Opcodes.ACC_STATIC) != 0;
    }

    public boolean isAbstract() {
        return (access & Opcodes.ACC_ABSTRACT) != 0;
    }

    public boolean isPrivate() {
        return (access & Opcodes.ACC_PRIVATE) != 0;
    }

    public boolean isFinal() {
        return (access & Opcodes.ACC_FINAL) != 0;
    }
}
