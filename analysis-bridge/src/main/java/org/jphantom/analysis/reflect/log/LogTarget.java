package org.jphantom.analysis.reflect.log;

import java.util.List;

/** What a reflective call reached: a class, a method or constructor, or a field. */
public sealed interface LogTarget {
    /** The target as the log spells it. */
    String text();

    /** The class (for members, the declaring class) in Java spelling. */
    String className();

    /**
     * A type, in Java spelling: {@code a.b.C}, {@code int}, {@code a.b.C[][]}.
     *
     * @param name the type's name
     */
    record ClassTarget(String name) implements LogTarget {
        @Override
        public String text() {
            return name;
        }

        @Override
        public String className() {
            return name;
        }
    }

    /**
     * A method, or a constructor (name {@code <init>}, return type {@code void}).
     *
     * @param declaringClass in Java spelling
     * @param returnType in Java spelling
     * @param name the method's name
     * @param parameterTypes in Java spelling, in order
     */
    record MethodTarget(String declaringClass, String returnType, String name, List<String> parameterTypes)
            implements LogTarget {
        public MethodTarget {
            parameterTypes = List.copyOf(parameterTypes);
        }

        @Override
        public String text() {
            return "<" + declaringClass + ": " + returnType + " " + name + "(" + String.join(",", parameterTypes) + ")>";
        }

        @Override
        public String className() {
            return declaringClass;
        }

        public boolean isConstructor() {
            return name.equals("<init>");
        }
    }

    /**
     * A field.
     *
     * @param declaringClass in Java spelling
     * @param type the field's type in Java spelling
     * @param name the field's name
     */
    record FieldTarget(String declaringClass, String type, String name) implements LogTarget {
        @Override
        public String text() {
            return "<" + declaringClass + ": " + type + " " + name + ">";
        }

        @Override
        public String className() {
            return declaringClass;
        }
    }
}
