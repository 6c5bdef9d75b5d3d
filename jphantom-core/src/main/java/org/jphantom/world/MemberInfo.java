package org.jphantom.world;

import java.util.List;
import org.objectweb.asm.Opcodes;

/**
 * A field or method declared by a known class: name, descriptor, access flags and, for a method,
 * the exception types of its {@code throws} clause (internal names; empty for fields) and the
 * parameters its {@code Signature} says take the class of an annotation type (bit {@code i} for
 * parameter {@code i}, as {@code Class<A extends Annotation>}; 0 for fields) and its generic
 * {@code Signature} (null when the class file gives none).
 */
public record MemberInfo(String owner, String name, String desc, int access, List<String> exceptions,
        int annotationClassParameters, String signature) {
    public MemberInfo {
        exceptions = List.copyOf(exceptions);
    }

    public MemberInfo(String owner, String name, String desc, int access, List<String> exceptions,
            int annotationClassParameters) {
        this(owner, name, desc, access, exceptions, annotationClassParameters, null);
    }

    public MemberInfo(String owner, String name, String desc, int access, List<String> exceptions) {
        this(owner, name, desc, access, exceptions, 0);
    }

    public MemberInfo(String owner, String name, String desc, int access) {
        this(owner, name, desc, access, List.of());
    }

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
