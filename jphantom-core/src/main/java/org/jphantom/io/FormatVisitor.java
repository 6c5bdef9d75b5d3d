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

    /**
     * Whether {@link ClassStructure} has checked the class already: then the name and descriptor of
     * every field and method reference in the constant pool are known to be valid, and the
     * instructions that use them need not check them again.
     */
    private final boolean structureChecked;

    /**
     * A visitor that checks each event and then hands it on to {@code next} (which may be
     * {@code null}): {@code next} only ever sees names and descriptors that passed.
     *
     * @param structureChecked whether {@link ClassStructure#check} passed on the same bytes
     */
    FormatVisitor(ClassVisitor next, boolean structureChecked) {
        super(Opcodes.ASM9, next);
        this.structureChecked = structureChecked;
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
        super.visitNestHost(nestHost);
    }

    @Override
    public void visitOuterClass(String owner, String name, String descriptor) {
        className("EnclosingMethod class", owner);
        if (name != null) {
            require(Descriptors.isMethodName(name), "EnclosingMethod method name", name);
            methodDesc("EnclosingMethod descriptor", descriptor);
        }
        super.visitOuterClass(owner, name, descriptor);
    }

    @Override
    public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
        checkAnnotation(descriptor);
        return new Values(super.visitAnnotation(descriptor, visible));
    }

    @Override
    public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String descriptor, boolean visible) {
        checkAnnotation(descriptor);
        return new Values(super.visitTypeAnnotation(typeRef, typePath, descriptor, visible));
    }

    @Override
    public void visitNestMember(String nestMember) {
        className("NestMembers class", nestMember);
        super.visitNestMember(nestMember);
    }

    @Override
    public void visitPermittedSubclass(String permittedSubclass) {
        className("PermittedSubclasses class", permittedSubclass);
        super.visitPermittedSubclass(permittedSubclass);
    }

    @Override
    public void visitInnerClass(String name, String outerName, String innerName, int access) {
        className("InnerClasses class", name);
        if (outerName != null) {
            className("InnerClasses outer class", outerName);
        }
        super.visitInnerClass(name, outerName, innerName, access);
    }

    @Override
    public RecordComponentVisitor visitRecordComponent(String name, String descriptor, String signature) {
        require(Descriptors.isUnqualifiedName(name), "record component name", name);
        fieldDesc("record component descriptor", descriptor);
        return new RecordComponentVisitor(Opcodes.ASM9, super.visitRecordComponent(name, descriptor, signature)) {
            @Override
            public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                checkAnnotation(d);
                return new Values(super.visitAnnotation(d, visible));
            }

            @Override
            public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String d, boolean visible) {
                checkAnnotation(d);
                return new Values(super.visitTypeAnnotation(typeRef, typePath, d, visible));
            }
        };
    }

    @Override
    public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
        require(Descriptors.isUnqualifiedName(name), "field name", name);
        if (!Descriptors.isFieldDescriptor(descriptor)) {
            fieldDesc("field descriptor of " + name, descriptor);
        }
        return new FieldVisitor(Opcodes.ASM9, super.visitField(access, name, descriptor, signature, value)) {
            @Override
            public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                checkAnnotation(d);
                return new Values(super.visitAnnotation(d, visible));
            }

            @Override
            public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String d, boolean visible) {
                checkAnnotation(d);
                return new Values(super.visitTypeAnnotation(typeRef, typePath, d, visible));
            }
        };
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
        require(Descriptors.isMethodName(name), "method name", name);
        if (!Descriptors.isMethodDescriptor(descriptor)) {
            methodDesc("method descriptor of " + name, descriptor);
        }
        if (name.equals("<init>")) {
            require(descriptor.endsWith(")V"), "constructor descriptor", descriptor);
        }
        if (exceptions != null) {
            for (String e : exceptions) {
                if (!ClassFiles.isValidInternalName(e)) {
                    className("throws clause class of " + name, e);
                }
            }
        }
        return new Code(name, descriptor, Type.getArgumentCount(descriptor), structureChecked,
                super.visitMethod(access, name, descriptor, signature, exceptions));
    }

    static void checkAnnotation(String descriptor) {
        require(descriptor != null && descriptor.startsWith("L") && Descriptors.isFieldDescriptor(descriptor),
                "annotation type", descriptor);
    }

    /** Annotation element values. */
    private static final class Values extends AnnotationVisitor {
        Values(AnnotationVisitor next) {
            super(Opcodes.ASM9, next);
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
            super.visit(name, value);
        }

        @Override
        public void visitEnum(String name, String descriptor, String value) {
            elementName(name);
            require(descriptor != null && descriptor.startsWith("L") && Descriptors.isFieldDescriptor(descriptor),
                    "annotation enum type", descriptor);
            require(Descriptors.isUnqualifiedName(value), "annotation enum constant", value);
            super.visitEnum(name, descriptor, value);
        }

        @Override
        public AnnotationVisitor visitAnnotation(String name, String descriptor) {
            elementName(name);
            checkAnnotation(descriptor);
            return new Values(super.visitAnnotation(name, descriptor));
        }

        @Override
        public AnnotationVisitor visitArray(String name) {
            elementName(name);
            return new Values(super.visitArray(name)); // elements of an array have no names
        }
    }

    /** One method's code. */
    private static final class Code extends MethodVisitor {
        private final String methodName;
        private final String methodDescriptor;
        private final int arguments;
        private final boolean memberRefsChecked;
        private final int[] annotable = new int[2]; // visible, invisible; 0: the descriptor's count

        Code(String methodName, String methodDescriptor, int arguments, boolean memberRefsChecked, MethodVisitor next) {
            super(Opcodes.ASM9, next);
            this.methodName = methodName;
            this.methodDescriptor = methodDescriptor;
            this.arguments = arguments;
            this.memberRefsChecked = memberRefsChecked;
        }

        @Override
        public void visitAnnotableParameterCount(int parameterCount, boolean visible) {
            annotable[visible ? 0 : 1] = parameterCount;
            super.visitAnnotableParameterCount(parameterCount, visible);
        }

        /** {@link #require} with the method named in the message, which is only built on failure. */
        private void check(boolean ok, String what, Object value) {
            if (!ok) {
                require(false, what + " in " + methodName + methodDescriptor, value);
            }
        }

        @Override
        public AnnotationVisitor visitAnnotationDefault() {
            return new Values(super.visitAnnotationDefault());
        }

        @Override
        public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
            checkAnnotation(descriptor);
            return new Values(super.visitAnnotation(descriptor, visible));
        }

        @Override
        public AnnotationVisitor visitTypeAnnotation(int typeRef, TypePath typePath, String descriptor, boolean visible) {
            checkAnnotation(descriptor);
            return new Values(super.visitTypeAnnotation(typeRef, typePath, descriptor, visible));
        }

        @Override
        public AnnotationVisitor visitParameterAnnotation(int parameter, String descriptor, boolean visible) {
            // ASM's MethodNode sizes its parameter annotation arrays by the descriptor
            check(parameter < arguments && (annotable[visible ? 0 : 1] == 0 || parameter < annotable[visible ? 0 : 1]),
                    "parameter annotation index", parameter);
            checkAnnotation(descriptor);
            return new Values(super.visitParameterAnnotation(parameter, descriptor, visible));
        }

        @Override
        public AnnotationVisitor visitInsnAnnotation(int typeRef, TypePath typePath, String descriptor, boolean visible) {
            checkAnnotation(descriptor);
            return new Values(super.visitInsnAnnotation(typeRef, typePath, descriptor, visible));
        }

        @Override
        public AnnotationVisitor visitTryCatchAnnotation(int typeRef, TypePath typePath, String descriptor, boolean visible) {
            checkAnnotation(descriptor);
            return new Values(super.visitTryCatchAnnotation(typeRef, typePath, descriptor, visible));
        }

        @Override
        public AnnotationVisitor visitLocalVariableAnnotation(int typeRef, TypePath typePath, Label[] start, Label[] end,
                int[] index, String descriptor, boolean visible) {
            checkAnnotation(descriptor);
            return new Values(super.visitLocalVariableAnnotation(typeRef, typePath, start, end, index, descriptor, visible));
        }

        @Override
        public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
            frameTypes(local, numLocal);
            frameTypes(stack, numStack);
            super.visitFrame(type, numLocal, local, numStack, stack);
        }

        private void frameTypes(Object[] types, int n) {
            if (types == null) {
                return;
            }
            for (int i = 0; i < n && i < types.length; i++) {
                if (types[i] instanceof String s) {
                    check(Descriptors.isClassOrArray(s), "StackMapTable type", s);
                }
            }
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            if (opcode == Opcodes.NEW) {
                check(ClassFiles.isValidInternalName(type), "class of new", type);
            } else {
                check(Descriptors.isClassOrArray(type), "class operand", type);
            }
            super.visitTypeInsn(opcode, type);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            check(ClassFiles.isValidInternalName(owner), "field owner", owner);
            if (!memberRefsChecked) {
                check(Descriptors.isUnqualifiedName(name), "field name", name);
                check(Descriptors.isFieldDescriptor(descriptor), "field descriptor", descriptor);
            }
            super.visitFieldInsn(opcode, owner, name, descriptor);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            check(Descriptors.isClassOrArray(owner), "method owner", owner);
            if (memberRefsChecked) {
                // ClassStructure checked the name (not <clinit>) and descriptor (<init> returns void)
                check(!name.equals("<init>") || opcode == Opcodes.INVOKESPECIAL, "method name", name);
            } else {
                check(Descriptors.isMethodName(name) && !name.equals("<clinit>")
                        && (!name.equals("<init>") || opcode == Opcodes.INVOKESPECIAL), "method name", name);
                check(Descriptors.isMethodDescriptor(descriptor), "method descriptor", descriptor);
                if (name.equals("<init>")) {
                    check(descriptor.endsWith(")V"), "constructor descriptor", descriptor);
                }
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bsm, Object... args) {
            check(Descriptors.isUnqualifiedName(name), "invokedynamic name", name);
            check(Descriptors.isMethodDescriptor(descriptor), "invokedynamic descriptor", descriptor);
            handle(bsm);
            for (Object a : args) {
                constant(a);
            }
            super.visitInvokeDynamicInsn(name, descriptor, bsm, args);
        }

        @Override
        public void visitLdcInsn(Object value) {
            constant(value);
            super.visitLdcInsn(value);
        }

        private void constant(Object value) {
            if (value instanceof Type t) {
                if (t.getSort() == Type.METHOD) {
                    check(Descriptors.isMethodDescriptor(t.getDescriptor()), "method type constant", t.getDescriptor());
                } else {
                    String c = t.getSort() == Type.OBJECT ? t.getInternalName() : t.getDescriptor();
                    check(Descriptors.isClassOrArray(c), "class constant", c);
                }
            } else if (value instanceof Handle h) {
                handle(h);
            } else if (value instanceof ConstantDynamic cd) {
                check(Descriptors.isUnqualifiedName(cd.getName()), "dynamic constant name", cd.getName());
                check(Descriptors.isFieldDescriptor(cd.getDescriptor()), "dynamic constant descriptor", cd.getDescriptor());
                handle(cd.getBootstrapMethod());
                for (int i = 0; i < cd.getBootstrapMethodArgumentCount(); i++) {
                    constant(cd.getBootstrapMethodArgument(i));
                }
            }
        }

        private void handle(Handle h) {
            check(Descriptors.isClassOrArray(h.getOwner()), "method handle owner", h.getOwner());
            if (h.getTag() <= Opcodes.H_PUTSTATIC) {
                check(Descriptors.isUnqualifiedName(h.getName()), "method handle field name", h.getName());
                check(Descriptors.isFieldDescriptor(h.getDesc()), "method handle field descriptor", h.getDesc());
            } else {
                boolean init = h.getName().equals("<init>");
                check(Descriptors.isMethodName(h.getName()) && !h.getName().equals("<clinit>")
                        && init == (h.getTag() == Opcodes.H_NEWINVOKESPECIAL), "method handle method name", h.getName());
                check(Descriptors.isMethodDescriptor(h.getDesc()), "method handle descriptor", h.getDesc());
            }
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
            check(Descriptors.isFieldDescriptor(descriptor) && descriptor.startsWith("[")
                    && numDimensions >= 1 && descriptor.lastIndexOf('[') + 1 >= numDimensions,
                    "multianewarray type", descriptor);
            super.visitMultiANewArrayInsn(descriptor, numDimensions);
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            if (type != null) {
                check(ClassFiles.isValidInternalName(type), "exception handler class", type);
            }
            super.visitTryCatchBlock(start, end, handler, type);
        }

        @Override
        public void visitLocalVariable(String name, String descriptor, String signature, Label start, Label end, int index) {
            check(Descriptors.isUnqualifiedName(name), "local variable name", name);
            check(Descriptors.isFieldDescriptor(descriptor), "local variable descriptor", descriptor);
            super.visitLocalVariable(name, descriptor, signature, start, end, index);
        }
    }
}
