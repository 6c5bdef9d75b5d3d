package check;

/**
 * In-source expectations of the points-to fixtures. The test harness finds every reachable call
 * of {@link #pts} and compares the objects its first argument may point to (contexts dropped)
 * with {@code expected}: labels separated by spaces. An allocation is labelled by a trailing
 * {@code // @label} comment on its line; other objects by their type's simple name, string
 * constants by their quoted value. {@code "a b | 1cfa,2cfa: a"} expects {@code a b} except under
 * the listed context sensitivities, which expect {@code a}.
 */
public final class Check {
    private Check() {
    }

    public static void pts(Object value, String expected) {
    }
}
