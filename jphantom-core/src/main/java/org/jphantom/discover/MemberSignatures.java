package org.jphantom.discover;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.objectweb.asm.Type;

/**
 * Generic signatures of phantom instance methods, where the program's own code determines them:
 * a lambda or method reference of a phantom functional interface (the metafactory's erased and
 * instantiated method types), and a program class whose {@code Signature} gives a phantom generic
 * supertype type arguments and whose bridge method (erased descriptor) calls the specialised one.
 * A parameter or return position that is {@code Object} in the erased descriptor and a class type
 * in the specialised one is a type variable of the phantom: the one whose type argument is that
 * class type, when the supertype's arguments say so unambiguously, else the next one in
 * declaration order. Positions the evidence does not specialise keep their erased types; a method
 * with more specialised positions than the phantom has type parameters gets no signature. The
 * methods the metafactory implements are also recorded: they are the functional interfaces'
 * abstract methods. A program method that overrides a phantom's method with the same erased
 * descriptor gives it its own signature ({@link OverridingMethods}); that evidence comes first.
 */
public final class MemberSignatures {
    /** One piece of evidence: the specialised descriptor and the phantom's type arguments there (or null). */
    private record Evidence(String specialised, List<String> typeArguments) {
    }

    /** An overriding method's lifted signature for a phantom with {@code n} type parameters; null: disagreement. */
    private record Overriding(String signature, int n) {
    }

    private final Map<String, Evidence> evidence = new HashMap<>();
    private final Map<String, Overriding> overrides = new HashMap<>();
    private final SortedSet<String> functional = new TreeSet<>();

    /** A lambda of functional interface {@code owner} implements {@code name erased} as {@code instantiated}. */
    void lambda(String owner, String name, String erased, String instantiated) {
        functional.add(CaughtExceptions.key(owner, name, erased));
        evidence.putIfAbsent(CaughtExceptions.key(owner, name, erased), new Evidence(instantiated, null));
    }

    /**
     * A program class has a bridge {@code name erased} to {@code name specialised} and gives the
     * phantom supertype {@code owner} the type arguments {@code typeArguments} (signatures).
     */
    void bridge(String owner, String name, String erased, String specialised, List<String> typeArguments) {
        String key = CaughtExceptions.key(owner, name, erased);
        Evidence old = evidence.get(key);
        if (old == null || old.typeArguments() == null) {
            evidence.put(key, new Evidence(specialised, List.copyOf(typeArguments)));
        }
    }

    /**
     * A program method overrides phantom {@code owner}'s {@code name desc}, given {@code n} type
     * arguments; {@code lifted} is its signature in the phantom's type variables
     * ({@link OverridingMethods#lift}), or null when it has none. Overrides that disagree give the
     * method no signature from this evidence.
     */
    void override(String owner, String name, String desc, String lifted, int n) {
        overrides.merge(CaughtExceptions.key(owner, name, desc), new Overriding(lifted, n),
                (a, b) -> a.equals(b) ? a : new Overriding(null, n));
    }

    /** The keys ({@link CaughtExceptions#key}) of the methods lambdas implement, sorted. */
    public SortedSet<String> functionalMethods() {
        return Collections.unmodifiableSortedSet(functional);
    }

    /**
     * The method signatures, by {@link CaughtExceptions#key}, given the phantoms' type-parameter
     * counts (type variables named as {@code GenericArity}'s users name them: {@code T} for one,
     * {@code T1..Tn} for more).
     */
    public SortedMap<String, String> signatures(SortedMap<String, Integer> arities) {
        SortedMap<String, String> out = new TreeMap<>();
        evidence.forEach((key, e) -> {
            int paren = key.lastIndexOf('('); // a descriptor has one '('; a (malformed) name may hold more
            int dot = paren < 0 ? -1 : key.lastIndexOf('.', paren);
            if (dot < 0) {
                return; // not owner.name(desc): a name no class file may have; nothing to infer
            }
            String owner = key.substring(0, dot);
            String erased = key.substring(paren);
            int n = arities.getOrDefault(owner, 0);
            String sig = n == 0 ? null : signature(erased, e, n);
            if (sig != null) {
                out.put(key, sig);
            }
        });
        overrides.forEach((key, o) -> {
            String owner = key.substring(0, key.lastIndexOf('.', key.lastIndexOf('(')));
            if (o.signature() != null && arities.getOrDefault(owner, 0) == o.n()) {
                out.put(key, o.signature());
            }
        });
        return Collections.unmodifiableSortedMap(out);
    }

    private static String signature(String erased, Evidence e, int n) {
        Type[] ea, sa;
        Type er, sr;
        try {
            ea = Type.getArgumentTypes(erased);
            er = Type.getReturnType(erased);
            sa = Type.getArgumentTypes(e.specialised());
            sr = Type.getReturnType(e.specialised());
        } catch (RuntimeException malformed) {
            return null;
        }
        if (sa.length != ea.length) {
            return null;
        }
        List<Type> erasedAll = new ArrayList<>(List.of(ea)), specialisedAll = new ArrayList<>(List.of(sa));
        erasedAll.add(er);
        specialisedAll.add(sr);
        boolean[] used = new boolean[n];
        Map<String, Integer> chosen = new HashMap<>();
        String[] parts = new String[erasedAll.size()];
        boolean any = false;
        for (int i = 0; i < parts.length; i++) {
            Type et = erasedAll.get(i), st = specialisedAll.get(i);
            parts[i] = et.getDescriptor();
            if (!et.getDescriptor().equals("Ljava/lang/Object;") || st.getSort() != Type.OBJECT
                    || st.getDescriptor().equals(et.getDescriptor())) {
                continue;
            }
            Integer v = e.typeArguments() == null ? chosen.get(st.getDescriptor()) : null;
            if (v == null) {
                v = variable(st.getDescriptor(), e.typeArguments(), used);
                if (v < 0) {
                    return null;
                }
                chosen.put(st.getDescriptor(), v);
            }
            used[v] = true;
            parts[i] = "T" + (n == 1 ? "T" : "T" + (v + 1)) + ";";
            any = true;
        }
        if (!any) {
            return null;
        }
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < parts.length - 1; i++) {
            sb.append(parts[i]);
        }
        return sb.append(')').append(parts[parts.length - 1]).toString();
    }

    /**
     * The type variable for a specialised position: the matching type argument (the first unused of
     * several), else the next unused variable; -1 if none is left.
     */
    private static int variable(String specialised, List<String> typeArguments, boolean[] used) {
        if (typeArguments != null && typeArguments.size() == used.length) {
            int first = -1;
            for (int j = 0; j < used.length; j++) {
                if (typeArguments.get(j).equals(specialised)) {
                    if (!used[j]) {
                        return j;
                    }
                    first = first < 0 ? j : first;
                }
            }
            if (first >= 0) {
                return first;
            }
        }
        for (int j = 0; j < used.length; j++) {
            if (!used[j]) {
                return j;
            }
        }
        return -1;
    }
}
