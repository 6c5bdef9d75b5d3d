package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.ir.TypeFilter;
import org.jphantom.analysis.lang.JField;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * What Java serialization (the {@code java.io.Serializable} specification, chapters 2 and 3) calls
 * on an object of a type and which of its fields it writes: the lookups the serialization models
 * share, over the program's class hierarchy.
 */
final class SerialHooks {
    static final String OOS = "Ljava/io/ObjectOutputStream;";
    static final String OIS = "Ljava/io/ObjectInputStream;";
    static final String SERIALIZED_LAMBDA = "java/lang/invoke/SerializedLambda";
    static final String DESERIALIZE_LAMBDA = "$deserializeLambda$";
    static final String DESERIALIZE_LAMBDA_DESC = "(Ljava/lang/invoke/SerializedLambda;)Ljava/lang/Object;";

    private final Program program;
    private final int serializable;
    private final int externalizable;

    SerialHooks(Program program) {
        this.program = program;
        this.serializable = program.type("java/io/Serializable");
        this.externalizable = program.type("java/io/Externalizable");
    }

    boolean isSerializable(int type) {
        return program.isSubtype(type, serializable);
    }

    boolean isExternalizable(int type) {
        return program.isSubtype(type, externalizable);
    }

    /** {@code type} and its superclasses that are serializable, from {@code Object} down. */
    List<Integer> serializableChain(int type) {
        List<Integer> out = new ArrayList<>();
        for (int c = type; c >= 0; c = program.superClass(c)) {
            if (isSerializable(c)) {
                out.add(0, c);
            }
        }
        return out;
    }

    /** The private instance method {@code name desc} each serializable class of {@code type}'s chain declares. */
    List<JMethod> privateHooks(int type, String name, String desc) {
        List<JMethod> out = new ArrayList<>();
        for (int c : serializableChain(type)) {
            JMethod m = program.declared(c, name, desc);
            if (m != null && m.isPrivate() && !m.isStatic()) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * {@code writeReplace}/{@code readResolve}: the first declaration of {@code name desc} up the
     * class chain (any access; the accessibility rules of the specification are not checked).
     */
    JMethod inherited(int type, String name, String desc) {
        for (int c = type; c >= 0; c = program.superClass(c)) {
            JMethod m = program.declared(c, name, desc);
            if (m != null && !m.isStatic() && !m.isAbstract()) {
                return m;
            }
        }
        return null;
    }

    /** The no-arg constructor of the first non-serializable superclass, which deserialization runs. */
    JMethod firstNonSerializableConstructor(int type) {
        for (int c = type; c >= 0; c = program.superClass(c)) {
            if (!isSerializable(c)) {
                return program.declared(c, "<init>", "()V");
            }
        }
        return null;
    }

    /** The non-static, non-transient reference fields the default serialization of {@code type} writes. */
    List<JField> serialFields(int type) {
        List<JField> out = new ArrayList<>();
        for (int c : serializableChain(type)) {
            ClassInfo info = program.info(c);
            if (info == null) {
                continue;
            }
            for (MemberInfo f : info.fields()) {
                if ((f.access() & (Opcodes.ACC_STATIC | Opcodes.ACC_TRANSIENT)) == 0
                        && (f.desc().startsWith("L") || f.desc().startsWith("["))) {
                    out.add(program.field(f.owner(), f.name(), f.desc(), false));
                }
            }
        }
        return out;
    }

    /**
     * The {@code $deserializeLambda$(SerializedLambda)} methods of the program's classes, sorted by
     * class: javac gives one to every class with a serializable lambda, and
     * {@code SerializedLambda.readResolve()} calls that of the lambda's capturing class.
     */
    List<JMethod> lambdaDeserializers() {
        List<JMethod> out = new ArrayList<>();
        for (String name : new java.util.TreeSet<>(program.programClasses())) {
            JMethod m = program.declared(program.type(name), DESERIALIZE_LAMBDA, DESERIALIZE_LAMBDA_DESC);
            if (m != null && m.isStatic()) {
                out.add(m);
            }
        }
        return out;
    }

    /** The filter that lets objects of a field's declared type through. */
    TypeFilter filterOf(JField f) {
        Type t = Type.getType(f.desc());
        return TypeFilter.of(program.type(t.getSort() == Type.ARRAY ? t.getDescriptor() : t.getInternalName()),
                new int[0]);
    }
}
