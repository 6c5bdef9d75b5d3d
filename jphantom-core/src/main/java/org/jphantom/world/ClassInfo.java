package org.jphantom.world;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The shape of a known class as its class file declares it: header (with its generic
 * {@code Signature}), fields and methods (without code). Immutable once read.
 */
public final class ClassInfo {
    private final String name;
    private final String superName;
    private final String signature;
    private final List<String> interfaces;
    private final int access;
    private final int version;
    private final MemberTable fields;
    private final MemberTable methods;
    private final List<String> permittedSubclasses;
    private final String nestHost;
    private final List<String> nestMembers;

    private ClassInfo(Builder b) {
        this.name = b.name;
        this.superName = b.superName;
        this.signature = b.signature;
        this.interfaces = List.copyOf(b.interfaces);
        this.access = b.access;
        this.version = b.version;
        this.fields = MemberTable.of(b.fields);
        this.methods = MemberTable.of(b.methods);
        this.permittedSubclasses = List.copyOf(b.permitted);
        this.nestHost = b.nestHost;
        this.nestMembers = List.copyOf(b.nestMembers);
    }

    /** Reads the declarations of a class file, skipping code. */
    public static ClassInfo read(byte[] bytes) {
        Builder b = new Builder();
        new ClassReader(bytes).accept(b, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassInfo(b);
    }

    public String name() {
        return name;
    }

    /** The direct super class; null only for {@code java/lang/Object} (and module-info). */
    public String superName() {
        return superName;
    }

    public List<String> interfaces() {
        return interfaces;
    }

    /** The class's generic {@code Signature} (type parameters, generic supertypes); null when it has none. */
    public String signature() {
        return signature;
    }

    public int access() {
        return access;
    }

    public int version() {
        return version & 0xFFFF;
    }

    public boolean isInterface() {
        return (access & Opcodes.ACC_INTERFACE) != 0;
    }

    public boolean isAbstract() {
        return (access & Opcodes.ACC_ABSTRACT) != 0;
    }

    public boolean isFinal() {
        return (access & Opcodes.ACC_FINAL) != 0;
    }

    public boolean isPublic() {
        return (access & Opcodes.ACC_PUBLIC) != 0;
    }

    public List<String> permittedSubclasses() {
        return permittedSubclasses;
    }

    /** Whether the class is sealed (has a PermittedSubclasses attribute). */
    public boolean isSealed() {
        return !permittedSubclasses.isEmpty();
    }

    public String nestHost() {
        return nestHost;
    }

    /** The classes the NestMembers attribute lists (empty if there is none). */
    public List<String> nestMembers() {
        return nestMembers;
    }

    public MemberInfo field(String fieldName, String desc) {
        return fields.get(fieldName, desc);
    }

    public MemberInfo method(String methodName, String desc) {
        return methods.get(methodName, desc);
    }

    /** The methods in declaration order (the first of two with the same name and descriptor). */
    public Iterable<MemberInfo> methods() {
        return methods.list();
    }

    /** The fields in declaration order (the first of two with the same name and descriptor). */
    public Iterable<MemberInfo> fields() {
        return fields.list();
    }

    /** Finds a method by name alone (for signature-polymorphic lookup). */
    public List<MemberInfo> methodsNamed(String methodName) {
        List<MemberInfo> out = new ArrayList<>();
        for (MemberInfo m : methods.list()) {
            if (m.name().equals(methodName)) {
                out.add(m);
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return name;
    }

    private static final class Builder extends ClassVisitor {
        String name;
        String superName;
        String signature;
        List<String> interfaces = List.of();
        int access;
        int version;
        final List<MemberInfo> fields = new ArrayList<>();
        final List<MemberInfo> methods = new ArrayList<>();
        final List<String> permitted = new ArrayList<>();
        final List<String> nestMembers = new ArrayList<>();
        String nestHost;
        Set<String> annotationVariables = Set.of();

        Builder() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visit(int v, int acc, String n, String sig, String sup, String[] itfs) {
            version = v;
            access = acc;
            name = n;
            superName = sup;
            signature = sig;
            interfaces = itfs == null ? List.of() : List.of(itfs);
            annotationVariables = AnnotationClassParameters.classVariables(sig);
        }

        @Override
        public void visitPermittedSubclass(String permittedSubclass) {
            permitted.add(permittedSubclass);
        }

        @Override
        public void visitNestHost(String host) {
            nestHost = host;
        }

        @Override
        public void visitNestMember(String member) {
            nestMembers.add(member);
        }

        @Override
        public FieldVisitor visitField(int acc, String n, String desc, String sig, Object value) {
            fields.add(new MemberInfo(name, n, desc, acc, List.of(), 0, sig));
            return null;
        }

        @Override
        public MethodVisitor visitMethod(int acc, String n, String desc, String sig, String[] exceptions) {
            methods.add(new MemberInfo(name, n, desc, acc,
                    exceptions == null ? List.of() : List.of(exceptions), AnnotationClassParameters.of((acc & Opcodes.ACC_STATIC) != 0 ? Set.of() : annotationVariables, sig), sig));
            return null;
        }
    }
}
