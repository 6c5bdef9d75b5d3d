package workflow;

/**
 * Reflection into the JDK's internals from the unnamed module: {@code forName} finds the class,
 * but since JDK 16 constructing it through reflection throws {@code IllegalAccessException}
 * (java.base does not export {@code com.sun.crypto.provider}); an exported class is made.
 */
public class Encapsulation {
    public static void main(String[] args) throws Exception {
        Object list = Class.forName("java.util.ArrayList").getDeclaredConstructor().newInstance();
        System.out.println("made " + list.getClass().getName());
        Class<?> internal = Class.forName("com.sun.crypto.provider.AESKeyGenerator");
        try {
            internal.getDeclaredConstructor().newInstance();
            System.out.println("made " + internal.getName());
        } catch (IllegalAccessException e) {
            System.out.println("refused " + internal.getName());
        }
    }
}
