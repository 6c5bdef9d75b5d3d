package org.jphantom.analysis.pta.heap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.lang.Signatures;
import org.jphantom.analysis.util.IntList;

/**
 * The allocation-site abstraction: one abstract object per allocation statement, except for
 * <ul>
 *   <li>string constants: one object per distinct value (the JVM interns them), or one object for
 *       all of them ({@link HeapOptions#mergeStringConstants}) except, on request, those that name
 *       a class or a member a reflective lookup could find, whole or in part ({@link NameIndex}); or,
 *       with string colouring, one object per colour ({@link StringColouring}), one more colour for
 *       the identifiers met outside the colouring (the JDK's) that select no member of its classes,
 *       one per other string that could name something (a class, a part of a name, a member of the
 *       colouring's classes), and one for all strings that can name nothing. Which
 *       strings of a colour reach a use is the use's to find out ({@link #isMergedStrings});
 *   <li>class constants: one object per type, shared with the objects {@code getClass()} returns;
 *   <li>objects of {@code String}, {@code StringBuilder}, {@code StringBuffer} and of every
 *       {@code Throwable} type that {@code new} allocates (the IR gives a concatenation in the JDK's
 *       code as a {@code new String}): one object per type. They are many, they
 *       flow nearly everywhere, and telling their sites apart buys little; as receivers they would
 *       multiply the contexts of object-sensitive analyses (Tai-e merges them the same way). Each
 *       of the two groups can be kept apart ({@link HeapOptions}).
 * </ul>
 *
 * <p>Which object an allocation statement stands for is kept here, per method and statement
 * index: the IR is not written to, so several analyses (each with its own heap) share it.
 */
public final class AllocationSiteHeap implements HeapModel {
    private final Program program;
    /** Per method id, the object of each allocation statement (by statement index), 0 if not yet asked, else 1 + object. */
    private int[][] siteOfStmt = new int[1 << 12][];
    /** The objects of allocation statements that belong to no IR (added by plugins). */
    private final Map<New, Integer> siteOfLoose = new IdentityHashMap<>();
    /** Per object: the string constant's value, or the class object's type name; null otherwise. */
    private final List<String> constants = new ArrayList<>();
    private final java.util.BitSet classObjects = new java.util.BitSet();
    private final IntList types = new IntList(1024);
    private final IntList methods = new IntList(1024);
    private final List<String> labels = new ArrayList<>();
    private final java.util.BitSet sharedObjects = new java.util.BitSet();
    /** The arrays allocated with a constant length of zero. */
    private final java.util.BitSet emptyArrays = new java.util.BitSet();
    private final Map<String, Integer> shared = new HashMap<>();
    private final Map<Integer, String> abstractKeys = new HashMap<>();

    private final HeapOptions options;
    private final NameIndex names;
    private StringColouring colouring;
    /** Per colour object: the strings it stands for (an empty list: the strings that name nothing). */
    private final Map<Integer, List<String>> valuesOf = new HashMap<>();
    /** The strings of {@link #unselecting}'s object, sorted; it grows as the analysis meets them. */
    private final List<String> unselecting = new ArrayList<>();
    private final int stringType;
    private final int throwableType;

    public AllocationSiteHeap(Program program, HeapOptions options) {
        this.program = program;
        this.options = options;
        this.names = new NameIndex(program);
        this.stringType = program.type("java/lang/String");
        this.throwableType = program.type("java/lang/Throwable");
    }

    public HeapOptions options() {
        return options;
    }

    @Override
    public int objectOf(JMethod method, New stmt) {
        if (stmt.index < 0) {
            Integer known = siteOfLoose.get(stmt);
            if (known == null) {
                known = newObjectOf(method, stmt);
                siteOfLoose.put(stmt, known);
            }
            return known;
        }
        int id = method.id();
        if (id >= siteOfStmt.length) {
            siteOfStmt = Arrays.copyOf(siteOfStmt, Math.max(id + 1, siteOfStmt.length * 2));
        }
        int[] sites = siteOfStmt[id];
        if (sites == null || stmt.index >= sites.length) {
            sites = sites == null ? new int[Math.max(stmt.index + 1, 8)]
                    : Arrays.copyOf(sites, Math.max(stmt.index + 1, sites.length * 2));
            siteOfStmt[id] = sites;
        }
        if (sites[stmt.index] == 0) {
            sites[stmt.index] = 1 + newObjectOf(method, stmt);
        }
        return sites[stmt.index] - 1;
    }

    private int newObjectOf(JMethod method, New stmt) {
        int obj;
        switch (stmt.what) {
            case STRING:
                obj = stringObject(stmt.constant, stmt.type);
                break;
            case NEW:
                if (mergedByType(stmt.type)) {
                    String name = program.typeName(stmt.type);
                    obj = shared("merged:" + name, stmt.type, -1, "<merged " + Signatures.javaName(name) + ">");
                    break;
                }
                obj = site(method, stmt);
                break;
            case CLASS_CONSTANT:
                obj = classObject(stmt.constant);
                break;
            case ABSTRACT:
                obj = site(method, stmt);
                sharedObjects.set(obj);
                break;
            case ARRAY:
                obj = site(method, stmt);
                if (stmt.length == 0) {
                    emptyArrays.set(obj);
                }
                break;
            default:
                obj = site(method, stmt);
                break;
        }
        return obj;
    }

    @Override
    public int stringObject(String value) {
        return stringObject(value, program.type("java/lang/String"));
    }

    private int stringObject(String value, int type) {
        if (options.colourNames()) {
            if (colouring == null) {
                colouring = StringColouring.of(program, names, options.keepPartialNames());
            }
            int colour = colouring.colourOf(value);
            if (colour >= 0) {
                return colourObject("colour " + colour, type, colouring.strings(colour));
            }
            if (NameIndex.couldBeMemberName(value) && colouring.selectsNothing(value) && !names.isClassName(value)
                    && !(options.keepPartialNames() && names.isPartialClassName(value))) {
                return unselecting(value, type);
            }
        }
        if (options.mergeStringConstants() && !(options.keepNames() && relevant(value))) {
            return shared("str", type, -1, "<string constants>");
        }
        if (options.colourNames() && !NameIndex.couldBeMemberName(value) && !relevant(value)
                && !value.startsWith("[")) { // an array class's name is for forName
            return colourObject("unnamed", type, List.of()); // selects no member, names no class
        }
        int obj = shared("str:" + value, type, -1, "\"" + escape(value) + "\"");
        constants.set(obj, value);
        return obj;
    }

    /**
     * The object of the Java identifiers met outside the colouring (constants of code the colouring
     * did not read: the JDK's) that select no member of the colouring's classes: they conflict with
     * no string, so they share a colour, one that grows as the analysis meets them. Which of them
     * reach a use is the use's to find out, as for any colour ({@link #isMergedStrings}); on a class
     * outside the colouring's they can still select members by name.
     */
    private int unselecting(String value, int type) {
        int at = java.util.Collections.binarySearch(unselecting, value);
        if (at < 0) {
            unselecting.add(-at - 1, value);
        }
        return colourObject("that select no member", type, unselecting);
    }

    /** How many strings met outside the colouring share the colour of those that select nothing. */
    public int stringsSelectingNothing() {
        return unselecting.size();
    }

    /** Whether a constant could select a class or member, whole or (with partial names) in part. */
    private boolean relevant(String value) {
        return names.isName(value) || options.keepPartialNames() && names.isPartialName(value);
    }

    private int colourObject(String what, int type, List<String> values) {
        int obj = shared("str" + what, type, -1, "<strings: " + what + ">");
        valuesOf.putIfAbsent(obj, values);
        return obj;
    }

    /** The string colouring, when {@link HeapOptions#colourNames} is on and a constant was met; else null. */
    public StringColouring colouring() {
        return colouring;
    }

    private int site(JMethod method, New stmt) {
        return add(stmt.type, method.id(), method.signature(program) + "/" + stmt.what.name().toLowerCase()
                + " " + Signatures.javaName(program.typeName(stmt.type)) + "@L" + stmt.line + "#" + stmt.index);
    }

    private boolean mergedByType(int type) {
        if (options.mergeStringObjects()) {
            if (type == stringType) {
                return true;
            }
            String name = program.typeName(type);
            if (name.equals("java/lang/StringBuilder") || name.equals("java/lang/StringBuffer")) {
                return true;
            }
        }
        return options.mergeThrowables() && !program.isArray(type) && program.isSubtype(type, throwableType);
    }

    @Override
    public int abstractObject(String key, int type, JMethod method, String label) {
        return shared("abs:" + key, type, method == null ? -1 : method.id(), label);
    }

    @Override
    public int classObject(String typeName) {
        int obj = shared("class:" + typeName, program.type("java/lang/Class"), -1,
                "class " + Signatures.javaName(typeName));
        if (!classObjects.get(obj)) {
            classObjects.set(obj);
            constants.set(obj, typeName);
        }
        return obj;
    }

    private int shared(String key, int type, int method, String label) {
        Integer obj = shared.get(key);
        if (obj == null) {
            obj = add(type, method, label);
            shared.put(key, obj);
            sharedObjects.set(obj);
            if (key.startsWith("abs:")) {
                abstractKeys.put(obj, key.substring(4));
            }
        }
        return obj;
    }

    private int add(int type, int method, String label) {
        int id = types.size();
        types.add(type);
        methods.add(method);
        labels.add(label);
        constants.add(null);
        return id;
    }

    private static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length() && i < 80; i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    @Override
    public boolean isEmptyArray(int obj) {
        return emptyArrays.get(obj);
    }

    @Override
    public boolean isShared(int obj) {
        return sharedObjects.get(obj);
    }

    @Override
    public int count() {
        return types.size();
    }

    @Override
    public int typeOf(int obj) {
        return types.get(obj);
    }

    @Override
    public int methodOf(int obj) {
        return methods.get(obj);
    }

    @Override
    public String describe(int obj) {
        return labels.get(obj);
    }

    @Override
    public String abstractKey(int obj) {
        return abstractKeys.get(obj);
    }

    @Override
    public String stringConstant(int obj) {
        return classObjects.get(obj) ? null : constants.get(obj);
    }

    @Override
    public List<String> stringValues(int obj) {
        List<String> values = valuesOf.get(obj);
        return values != null ? values : HeapModel.super.stringValues(obj);
    }

    @Override
    public boolean isMergedStrings(int obj) {
        List<String> values = valuesOf.get(obj);
        return values != null && (values.size() > 1 || values == unselecting);
    }

    @Override
    public String classConstant(int obj) {
        return classObjects.get(obj) ? constants.get(obj) : null;
    }
}
