package org.jphantom.world;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
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
        return read(bytes, UnaryOperator.identity());
    }

    /**
     * Reads the declarations of a class file, skipping code, taking the class's own, super class
     * and interface names and each member's name and descriptor through {@code names} (an interner:
     * it must return a string equal to its argument).
     */
    public static ClassInfo read(byte[] bytes, UnaryOperator<String> names) {
        Builder b = new Builder(names, null);
        new ClassReader(bytes).accept(b, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassInfo(b);
    }

    /**
     * A visitor that reads the declarations of a class file as {@link #read(byte[], UnaryOperator)}
     * does, from someone else's parse of it (any {@link ClassReader} flags: code, debug information
     * and frames are ignored), and hands the result to {@code done} at {@code visitEnd}.
     */
    public static ClassVisitor reader(UnaryOperator<String> names, Consumer<ClassInfo> done) {
        return new Builder(names, done);
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
        final UnaryOperator<String> names;
        final Consumer<ClassInfo> done;

        Builder(UnaryOperator<String> names, Consumer<ClassInfo> done) {
            super(Opcodes.ASM9);
            this.names = names;
            this.done = done;
        }

        @Override
        public void visitEnd() {
            if (done != null) {
                done.accept(new ClassInfo(this));
            }
        }

        @Override
        public void visit(int v, int acc, String n, String sig, String sup, String[] itfs) {
            version = v;
            access = acc;
            name = names.apply(n);
            superName = sup == null ? null : names.apply(sup);
            signature = sig;
            if (itfs != null) {
                for (int i = 0; i < itfs.length; i++) {
                    itfs[i] = names.apply(itfs[i]);
                }
            }
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
            fields.add(new MemberInfo(name, names.apply(n), names.apply(desc), acc, List.of(), 0, sig));
            return null;
        }

        @Override
        public MethodVisitor visitMethod(int acc, String n, String desc, String sig, String[] exceptions) {
            methods.add(new MemberInfo(name, names.apply(n), names.apply(desc), acc,
                    exceptions == null ? List.of() : List.of(exceptions), AnnotationClassParameters.of((acc & Opcodes.ACC_STATIC) != 0 ? Set.of() : annotationVariables, sig), sig));
            return null;
        }
    }
}
