package reflection;

/** An unknown class name whose object is cast in the same method (Livshits) or elsewhere (SOLAR). */
public class CastInference {
    public static void main(String[] args) throws Exception {
        Plugin p = (Plugin) Class.forName(args[0]).newInstance();
        p.run();
        Object later = make(args[1]);
        use(later);
    }

    static Object make(String name) throws Exception {
        return Class.forName(name).getDeclaredConstructor().newInstance();
    }

    static void use(Object o) {
        ((Plugin) o).run();
    }
}
