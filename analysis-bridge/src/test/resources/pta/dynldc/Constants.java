package dynldc;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * A stand-in that {@code Main} compiles against: the test replaces its class file with one made by
 * ASM ({@code LdcFixture}) whose methods load method handle and method type constants
 * ({@code ldc}), which javac never emits, and switch on types with {@code SwitchBootstraps}.
 */
public final class Constants {
    private Constants() {
    }

    /** {@code ldc} of {@code REF_invokeVirtual Main$Greeter.greet(String)String}. */
    public static MethodHandle greet() {
        throw new AssertionError("replaced");
    }

    /** {@code ldc} of {@code REF_invokeStatic Main.stat(Object)String}. */
    public static MethodHandle stat() {
        throw new AssertionError("replaced");
    }

    /** {@code ldc} of {@code REF_newInvokeSpecial Main.<init>(Object)}. */
    public static MethodHandle make() {
        throw new AssertionError("replaced");
    }

    /** {@code ldc} of {@code REF_putStatic Main.sfield:Object}. */
    public static MethodHandle putStatic() {
        throw new AssertionError("replaced");
    }

    /** {@code ldc} of the method type {@code (Object)String}. */
    public static MethodType statType() {
        throw new AssertionError("replaced");
    }

    /** {@code invokedynamic SwitchBootstraps.typeSwitch} over {@code String} and {@code Integer}. */
    public static int kind(Object o) {
        throw new AssertionError("replaced");
    }

    /** {@code invokedynamic StringConcatFactory.makeConcatWithConstants} of {@code o} itself, not its string. */
    public static String concat(Object o) {
        throw new AssertionError("replaced");
    }

    /** {@code invokedynamic} bootstrapped by {@code Main.bootstrap}. */
    public static Object custom() {
        throw new AssertionError("replaced");
    }
}
