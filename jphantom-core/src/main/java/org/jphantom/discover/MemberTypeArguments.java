package org.jphantom.discover;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.objectweb.asm.Type;

/**
 * The type arguments the program's elided casts give the generic types of phantom fields and of
 * phantom methods' returns ({@link ElidedCasts} finds them). Each piece of evidence says: the
 * member's type, followed along a path of type-argument positions, is a given type
 * ({@code holder.names.get(0)} cast to {@code String}: path {@code [0]} of {@code List} is
 * {@code String}). A member gets a signature only when its erased type is a plainly generic known
 * class ({@link KnownGenerics}) and the evidence gives every one of its type arguments, without
 * disagreement anywhere; a type argument that is itself generic gets its own arguments the same
 * way, or stays raw.
 */
public final class MemberTypeArguments {
    private static final String CONFLICT = "";

    /** Evidence per member: path (positions joined by '.') -> type signature, or CONFLICT. */
    private final Map<String, Map<String, String>> fields = new HashMap<>();
    private final Map<String, Map<String, String>> returns = new HashMap<>();

    /** Phantom field {@code owner.name:desc}: its type at {@code path} is {@code type} (a type signature). */
    void field(String key, List<Integer> path, String type) {
        record(fields, key, path, type);
    }

    /** Phantom method {@code CaughtExceptions.key}: its return type at {@code path} is {@code type}. */
    void returned(String key, List<Integer> path, String type) {
        record(returns, key, path, type);
    }

    /**
     * The program stores the result of phantom method {@code key} straight into a local whose
     * generic type is {@code local} (from its {@code LocalVariableTypeTable}): each type argument
     * it names is evidence like a cast's; a type variable there disagrees with any type (the
     * method's result depends on the caller's instantiation), a wildcard says nothing.
     */
    void returnedInto(String key, TypeTree local) {
        arguments(key, new ArrayList<>(), local);
    }

    private void arguments(String key, List<Integer> path, TypeTree type) {
        for (int i = 0; i < type.arguments().size(); i++) {
            TypeTree a = type.arguments().get(i);
            path.add(i);
            switch (a.sort()) {
                case 'L' -> {
                    record(returns, key, path, a.nested() ? CONFLICT : "L" + a.name() + ";");
                    arguments(key, path, a);
                }
                case '[' -> record(returns, key, path, a.concrete() ? a.text() : CONFLICT);
                case 'T' -> record(returns, key, path, CONFLICT);
                default -> { } // a wildcard: any of the casts' types fits it
            }
            path.remove(path.size() - 1);
        }
    }

    private static void record(Map<String, Map<String, String>> to, String key, List<Integer> path, String type) {
        StringBuilder p = new StringBuilder();
        for (int i : path) {
            p.append(i).append('.');
        }
        to.computeIfAbsent(key, k -> new HashMap<>()).merge(p.toString(), type, (a, b) -> a.equals(b) ? a : CONFLICT);
    }

    /** The field signatures the evidence determines, by {@code owner.name:desc}, sorted. */
    public SortedMap<String, String> fieldSignatures(KnownGenerics generics) {
        SortedMap<String, String> out = new TreeMap<>();
        fields.forEach((key, evidence) -> {
            String sig = type(key.substring(key.lastIndexOf(':') + 1), evidence, generics);
            if (sig != null) {
                out.put(key, sig);
            }
        });
        return Collections.unmodifiableSortedMap(out);
    }

    /**
     * The method signatures the evidence determines, by {@code CaughtExceptions.key}, sorted: the
     * erased parameter types and the generic return type.
     */
    public SortedMap<String, String> returnSignatures(KnownGenerics generics) {
        SortedMap<String, String> out = new TreeMap<>();
        returns.forEach((key, evidence) -> {
            int paren = key.lastIndexOf('('), close = key.lastIndexOf(')');
            if (paren < 0 || close < paren) {
                return;
            }
            String sig = type(key.substring(close + 1), evidence, generics);
            if (sig != null) {
                out.put(key, key.substring(paren, close + 1) + sig);
            }
        });
        return Collections.unmodifiableSortedMap(out);
    }

    /**
     * Field signatures from the program's generic locals ({@link FieldSignatures}) and from its elided
     * casts together: a field both give but differently gets none.
     */
    public static SortedMap<String, String> mergeFields(SortedMap<String, String> locals, SortedMap<String, String> casts) {
        SortedMap<String, String> out = new TreeMap<>(locals);
        casts.forEach((key, sig) -> {
            if (out.putIfAbsent(key, sig) != null && !out.get(key).equals(sig)) {
                out.remove(key);
            }
        });
        return Collections.unmodifiableSortedMap(out);
    }

    /**
     * Method signatures from overrides, bridges and lambdas ({@link MemberSignatures}) and the
     * generic returns elided casts give: a signature whose return type is the raw descriptor's
     * takes the generic return; one whose return is already generic keeps it.
     */
    public static SortedMap<String, String> mergeReturns(SortedMap<String, String> methods, SortedMap<String, String> returns) {
        SortedMap<String, String> out = new TreeMap<>(methods);
        returns.forEach((key, sig) -> {
            String old = out.get(key);
            if (old == null) {
                out.put(key, sig);
                return;
            }
            String raw = key.substring(key.lastIndexOf(')') + 1);
            if (old.endsWith(")" + raw)) {
                out.put(key, old.substring(0, old.length() - raw.length()) + sig.substring(sig.lastIndexOf(')') + 1));
            }
        });
        return Collections.unmodifiableSortedMap(out);
    }

    /** The generic form of type {@code desc} the evidence gives, or null when it gives no complete one. */
    private static String type(String desc, Map<String, String> evidence, KnownGenerics generics) {
        if (evidence.containsValue(CONFLICT) || !desc.startsWith("L") || !desc.endsWith(";")) {
            return null;
        }
        String name = Type.getType(desc).getInternalName();
        List<String> formals = generics.formals(name);
        if (formals == null || formals.isEmpty()) {
            return null;
        }
        return arguments(name, formals.size(), "", evidence, generics, false);
    }

    /**
     * {@code L name <args> ;} with the arguments at {@code prefix}; when some is missing, the raw
     * type if {@code rawAllowed}, else null.
     */
    private static String arguments(String name, int n, String prefix, Map<String, String> evidence,
            KnownGenerics generics, boolean rawAllowed) {
        List<String> args = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String arg = evidence.get(prefix + i + ".");
            if (arg == null) {
                return rawAllowed ? "L" + name + ";" : null;
            }
            TypeTree t = TypeTree.parse(arg);
            if (t != null && t.sort() == 'L') {
                List<String> inner = generics.formals(t.name());
                if (inner != null && !inner.isEmpty()) {
                    arg = arguments(t.name(), inner.size(), prefix + i + ".", evidence, generics, true);
                }
            }
            args.add(arg);
        }
        return "L" + name + "<" + String.join("", args) + ">;";
    }
}
