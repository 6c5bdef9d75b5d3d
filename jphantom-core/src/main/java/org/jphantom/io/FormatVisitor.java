package org.jphantom.io;

import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.RecordComponentVisitor;
import org.objectweb.asm.Type;
import org.objectweb.asm.TypePath;

/**
 * Walks every part of a class, method bodies included, so that ASM decodes all of it, and checks
 * every name and descriptor the later stages read (JVMS 4.2, 4.3, 4.4): member names and
 * descriptors, instruction operands, constants, method handles, bootstrap arguments, frames,
 * handler and local variable types, annotations, and the class attributes naming classes. A
 * violation throws {@link Invalid} with the reason.
 */
final class FormatVisitor extends ClassVisitor {
    /** A name or descriptor the JVM would reject; the message is the reason. */
    static final class Invalid extends RuntimeException {
        Invalid(String reason) {
            super(reason, null, false, false);
        }
    }

    FormatVisitor() {
        super(Opcodes.ASM9);
    }

    static void require(boolean ok, String what, Object value) {
        if (!ok) {
            throw new Invalid("invalid " + what + " '" + EntryNames.printable(String.valueOf(value)) + "'");
        }
    }

    private static void className(String what, String name) {
        require(ClassFiles.isValidInternalName(name), what, name);
    }

    private static void classOrArray(String what, String name) {
        require(Descriptors.isClassOrArray(name), what, name);
    }

    private static void fieldDesc(String what, String desc) {
        require(Descriptors.isFieldDescriptor(desc), what, desc);
    }

    private static void methodDesc(String what, String desc) {
        require(Descriptors.isMethodDescriptor(desc), what, desc);
    }

    @Override
    public void visitNestHost(String nestHost) {
        className("NestHost class", nestHost);
    }

    @Override
    public void visitOuterClass(String owner, String name, String descriptor) {
        className("EnclosingMethod class", owner);
        if (name != null) {
            require(Descriptors.isMethodName(name), "EnclosingMethod method name", name);
            methodDesc("EnclosingMethod descriptor", descriptor);
        }
    }

    @Override
    public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
        return annotation(descriptor);
    }

    @Override
    public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String descriptor, boolean visible) {
        return annotation(descriptor);
    }

    @Override
    public void visitNestMember(String nestMember) {
        className("NestMembers class", nestMember);
    }

    @Override
    public void visitPermittedSubclass(String permittedSubclass) {
        className("PermittedSubclasses class", permittedSubclass);
    }

    @Override
    public void visitInnerClass(String name, String outerName, String innerName, int access) {
        className("InnerClasses class", name);
        if (outerName != null) {
            className("InnerClasses outer class", outerName);
        }
    }

    @Override
    public RecordComponentVisitor visitRecordComponent(String name, String descriptor, String signature) {
        require(Descriptors.isUnqualifiedName(name), "record component name", name);
        fieldDesc("record component descriptor", descriptor);
        return new RecordComponentVisitor(Opcodes.ASM9) {
            @Override
            public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                return annotation(d);
            }

            @Override
            public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String d, boolean visible) {
                return annotation(d);
            }
        };
    }

    @Override
    public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
        require(Descriptors.isUnqualifiedName(name), "field name", name);
        fieldDesc("field descriptor of " + name, descriptor);
        return new FieldVisitor(Opcodes.ASM9) {
            @Override
            public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                return annotation(d);
            }

            @Override
            public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String d, boolean visible) {
                return annotation(d);
            }
        };
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        require(Descriptors.isMethodName(name), "method name", name);
        methodDesc("method descriptor of " + name, descriptor);
        if (name.equals("<init>")) {
            require(descriptor.endsWith(")V"), "constructor descriptor", descriptor);
        }
        if (exceptions != null) {
            for (String e : exceptions) {
                className("throws clause class of " + name, e);
            }
        }
        return new Code(name + descriptor, Type.getArgumentCount(descriptor));
    }

    static AnnotationVisitor annotation(String descriptor) {
        require(descriptor != null && descriptor.startsWith("L") && Descriptors.isFieldDescriptor(descriptor),
                "annotation type", descriptor);
        return new Values();
    }

    /** Annotation element values. */
    private static final class Values extends AnnotationVisitor {
        Values() {
            super(Opcodes.ASM9);
        }

        private static void elementName(String name) {
            if (name != null) {
                require(Descriptors.isMethodName(name) && name.indexOf('<') < 0, "annotation element name", name);
            }
        }

        @Override
        public void visit(String name, Object value) {
            elementName(name);
            if (value instanceof Type t) {
                String d = t.getDescriptor();
                require(d.equals("V") || Descriptors.isFieldDescriptor(d), "annotation class value", d);
            }
        }

        @Override
        public void visitEnum(String name, String descriptor, String value) {
            elementName(name);
            require(descriptor != null && descriptor.startsWith("L") && Descriptors.isFieldDescriptor(descriptor),
                    "annotation enum type", descriptor);
            require(Descriptors.isUnqualifiedName(value), "annotation enum constant", value);
        }

        @Override
        public AnnotationVisitor visitAnnotation(String name, String descriptor) {
            elementName(name);
            return annotation(descriptor);
        }

        @Override
        public AnnotationVisitor visitArray(String name) {
            elementName(name);
            return new Values(); // elements of an array have no names
        }
    }

    /** One method's code. */
    private static final class Code extends MethodVisitor {
        private final String method;
        private final int arguments;
        private final int[] annotable = new int[2]; // visible, invisible; 0: the descriptor's count

        Code(String method, int arguments) {
            super(Opcodes.ASM9);
            this.method = method;
            this.arguments = arguments;
        }

        @Override
        public void visitAnnotableParameterCount(int parameterCount, boolean visible) {
            annotable[visible ? 0 : 1] = parameterCount;
        }

        private String in(String what) {
            return what + " in " + method;
        }

        @Override
        public AnnotationVisitor visitAnnotationDefault() {
            return new Values();
        }

        @Override
        public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
            return annotation(descriptor);
        }

        @Override
        public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String descriptor, boolean visible) {
            return annotation(descriptor);
        }

        @Override
        public AnnotationVisitor visitParameterAnnotation(int parameter, String descriptor, boolean visible) {
            // ASM's MethodNode sizes its parameter annotation arrays by the descriptor
            require(parameter < arguments && (annotable[visible ? 0 : 1] == 0 || parameter < annotable[visible ? 0 : 1]),
                    in("parameter annotation index"), parameter);
            return annotation(descriptor);
        }

        @Override
        public AnnotationVisitor visitInsnAnnotation(int typeRef, TypePath typePath, String descriptor, boolean visible) {
            return annotation(descriptor);
        }

        @Override
        public AnnotationVisitor visitTryCatchAnnotation(int typeRef, TypePath typePath, String descriptor, boolean visible) {
            return annotation(descriptor);
        }

        @Override
        public AnnotationVisitor visitLocalVariableAnnotation(int typeRef, TypePath typePath, Label[] start, Label[] end,
                int[] index, String descriptor, boolean visible) {
            return annotation(descriptor);
        }

        @Override
        public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            frameTypes(local, numLocal);
            frameTypes(stack, numStack);
        }

        private void frameTypes(Object[] types, int n) {
            if (types == null) {
                return;
            }
            for (int i = 0; i < n && i < types.length; i++) {
                if (types[i] instanceof String s) {
                    classOrArray(in("StackMapTable type"), s);
                }
            }
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            if (opcode == Opcodes.NEW) {
                className(in("class of new"), type);
            } else {
                classOrArray(in("class operand"), type);
            }
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            className(in("field owner"), owner);
            require(Descriptors.isUnqualifiedName(name), in("field name"), name);
            fieldDesc(in("field descriptor"), descriptor);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            classOrArray(in("method owner"), owner);
            require(Descriptors.isMethodName(name) && !name.equals("<clinit>")
                    && (!name.equals("<init>") || opcode == Opcodes.INVOKESPECIAL), in("method name"), name);
            methodDesc(in("method descriptor"), descriptor);
            if (name.equals("<init>")) {
                require(descriptor.endsWith(")V"), in("constructor descriptor"), descriptor);
            }
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... args) {
            require(Descriptors.isUnqualifiedName(name), in("invokedynamic name"), name);
            methodDesc(in("invokedynamic descriptor"), descriptor);
            handle(bsm);
            for (Object a : args) {
                constant(a);
            }
        }

        @Override
        public void visitLdcInsn(Object value) {
            constant(value);
        }

        private void constant(Object value) {
            if (value instanceof Type t) {
                if (t.getSort() == Type.METHOD) {
                    methodDesc(in("method type constant"), t.getDescriptor());
                } else {
                    classOrArray(in("class constant"), t.getSort() == Type.OBJECT ? t.getInternalName() : t.getDescriptor());
                }
            } else if (value instanceof Handle h) {
                handle(h);
            } else if (value instanceof ConstantDynamic cd) {
                require(Descriptors.isUnqualifiedName(cd.getName()), in("dynamic constant name"), cd.getName());
                fieldDesc(in("dynamic constant descriptor"), cd.getDescriptor());
                handle(cd.getBootstrapMethod());
                for (int i = 0; i < cd.getBootstrapMethodArgumentCount(); i++) {
                    constant(cd.getBootstrapMethodArgument(i));
                }
            }
        }

        private void handle(Handle h) {
            classOrArray(in("method handle owner"), h.getOwner());
            if (h.getTag() <= Opcodes.H_PUTSTATIC) {
                require(Descriptors.isUnqualifiedName(h.getName()), in("method handle field name"), h.getName());
                fieldDesc(in("method handle field descriptor"), h.getDesc());
            } else {
                boolean init = h.getName().equals("<init>");
                require(Descriptors.isMethodName(h.getName()) && !h.getName().equals("<clinit>")
                        && init == (h.getTag() == Opcodes.H_NEWINVOKESPECIAL), in("method handle method name"), h.getName());
                methodDesc(in("method handle descriptor"), h.getDesc());
            }
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
            require(Descriptors.isFieldDescriptor(descriptor) && descriptor.startsWith("[")
                    && numDimensions >= 1 && descriptor.lastIndexOf('[') + 1 >= numDimensions,
                    in("multianewarray type"), descriptor);
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            if (type != null) {
                className(in("exception handler class"), type);
            }
        }

        @Override
        public void visitLocalVariable(String name, String descriptor, String signature, Label start, Label end, int index) {
            require(Descriptors.isUnqualifiedName(name), in("local variable name"), name);
            fieldDesc(in("local variable descriptor"), descriptor);
        }
    }
}
