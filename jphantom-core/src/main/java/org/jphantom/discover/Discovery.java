package org.jphantom.discover;

import java.util.Collections;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.jphantom.model.Origin;

/**
 * What the program references that the closed world lacks: phantom types (each with the first
 * place that needs it) and every member the program uses (first use kept). Filled class by class
 * in sorted class order, so the "first" use is deterministic.
 */
public final class Discovery {
    private final SortedMap<String, Origin> phantomTypes = new TreeMap<>();
    /** First use of each member; sorted by {@link MemberRef#key()} only when asked (most uses repeat a member). */
    private final MemberUses members = new MemberUses();
    private SortedMap<String, MemberRef> sortedMembers;
    private final SortedMap<String, SortedSet<String>> nestMembersByHost = new TreeMap<>();
    private final SortedMap<String, SortedMap<String, String>> annotationElements = new TreeMap<>();
    private final KindEvidence kindEvidence = new KindEvidence();
    private final GenericArity genericArity = new GenericArity();
    private final AnnotationUses annotationUses = new AnnotationUses();
    private final AnnotationPlaces annotationPlaces = new AnnotationPlaces();
    private final AnnotationEvidence annotationEvidence = new AnnotationEvidence(annotationUses, annotationPlaces);
    private final SyntheticAccessors syntheticAccessors = new SyntheticAccessors();
    private final CaughtExceptions caughtExceptions = new CaughtExceptions();
    private final SuperClassEvidence superClassEvidence = new SuperClassEvidence();
    private final MemberSignatures memberSignatures = new MemberSignatures();
    private final FieldSignatures fieldSignatures = new FieldSignatures();
    private final MemberTypeArguments memberTypeArguments = new MemberTypeArguments();
    private final SortedMap<String, InnerClassRef> innerClasses = new TreeMap<>();
    private final SortedMap<String, SortedSet<String>> concealedUses = new TreeMap<>();
    private final SortedMap<String, SortedSet<String>> privateAccesses = new TreeMap<>();

    void phantomType(String type, Supplier<Origin> firstUse) {
        if (!phantomTypes.containsKey(type)) {
            phantomTypes.put(type, firstUse.get());
        }
    }

    /** Records a use of a member; the origin is asked for only if it is the member's first use. */
    void member(String owner, String name, String desc, boolean field, boolean isStatic, boolean itf,
                Supplier<Origin> origin) {
        if (members.add(owner, name, desc, field, isStatic, itf, origin)) {
            sortedMembers = null;
        }
    }

    void privateAccess(String programClass, String member) {
        privateAccesses.computeIfAbsent(programClass, c -> new TreeSet<>()).add(member);
    }

    /**
     * Program classes that use a private member (owner.name[:]descriptor, internal names) of another
     * program class that is not their nestmate, with those members: the JVM refuses the access.
     */
    public SortedMap<String, SortedSet<String>> privateAccesses() {
        return Collections.unmodifiableSortedMap(privateAccesses);
    }

    void concealedUse(String programClass, String platformClass) {
        concealedUses.computeIfAbsent(programClass, c -> new TreeSet<>()).add(platformClass);
    }

    /**
     * Program classes that name, where the JVM checks access, a platform class of a package its
     * module does not export (see {@link ReferenceScanner#ReferenceScanner(org.jphantom.world.ClassWorld,
     * Discovery, java.util.function.Predicate)}), with those classes.
     */
    public SortedMap<String, SortedSet<String>> concealedUses() {
        return Collections.unmodifiableSortedMap(concealedUses);
    }

    void nestHostClaim(String host, String member) {
        nestMembersByHost.computeIfAbsent(host, h -> new TreeSet<>()).add(member);
    }

    void annotationElement(String annotation, String name, String desc) {
        annotationElements.computeIfAbsent(annotation, a -> new TreeMap<>()).putIfAbsent(name, desc);
    }

    /** How the program uses each type: evidence for kinds the constraints leave open. */
    public KindEvidence kindEvidence() {
        return kindEvidence;
    }

    void innerClass(InnerClassRef ref) {
        InnerClassRef old = innerClasses.putIfAbsent(ref.name(), ref);
        if (old != null && ref.outerLists() && !old.outerLists() && old.outer().equals(ref.outer())) {
            innerClasses.put(ref.name(), new InnerClassRef(old.name(), old.outer(), old.simpleName(), old.access(), true));
        }
    }

    /** The program's InnerClasses entries for missing nested classes, by nested class name. */
    public SortedMap<String, InnerClassRef> innerClasses() {
        return Collections.unmodifiableSortedMap(innerClasses);
    }

    /** The exceptions around each use of a method: what a phantom method may declare. */
    public CaughtExceptions caughtExceptions() {
        return caughtExceptions;
    }

    /** Evidence for generic signatures of phantom methods, and the methods lambdas implement. */
    public MemberSignatures memberSignatures() {
        return memberSignatures;
    }

    /** Type arguments of phantom fields' and methods' generic types, from the program's elided casts. */
    public MemberTypeArguments memberTypeArguments() {
        return memberTypeArguments;
    }

    /** Evidence for generic signatures of phantom fields. */
    public FieldSignatures fieldSignatures() {
        return fieldSignatures;
    }

    /** The program's uses of phantoms as exceptions, beyond the verifier's. */
    public SuperClassEvidence superClassEvidence() {
        return superClassEvidence;
    }

    /** The program's synthetic methods that pass their parameters on to another method. */
    SyntheticAccessors syntheticAccessors() {
        return syntheticAccessors;
    }

    /** Where and how the program uses each annotation type. */
    public AnnotationUses annotationUses() {
        return annotationUses;
    }

    /** Evidence that phantoms the program never annotates with are annotation interfaces. */
    public AnnotationEvidence annotationEvidence() {
        return annotationEvidence;
    }

    /** Where the program's annotation types go: evidence for {@link #annotationEvidence()}. */
    AnnotationPlaces annotationPlaces() {
        return annotationPlaces;
    }

    /** Type parameter counts the program's Signature attributes give each class. */
    public GenericArity genericArity() {
        return genericArity;
    }

    /** Phantom types by internal name, with their first use. */
    public SortedMap<String, Origin> phantomTypes() {
        return Collections.unmodifiableSortedMap(phantomTypes);
    }

    /**
     * Every member the program uses (on array types too), in no particular order: for a reader
     * whose outcome does not depend on the order, or who sorts only what it keeps (sorting every
     * member, as {@link #members()} does, is a good part of a large program's run).
     */
    public java.util.Collection<MemberRef> memberRefs() {
        return Collections.unmodifiableCollection(members);
    }

    /** Every member the program uses (on array types too), keyed by {@link MemberRef#key()}. */
    public SortedMap<String, MemberRef> members() {
        if (sortedMembers == null) {
            SortedMap<String, MemberRef> sorted = new TreeMap<>();
            for (MemberRef ref : members) {
                sorted.putIfAbsent(ref.key(), ref);
            }
            sortedMembers = Collections.unmodifiableSortedMap(sorted);
        }
        return sortedMembers;
    }

    /** Known classes naming each missing class as their nest host. */
    public SortedMap<String, SortedSet<String>> nestMembersByHost() {
        return Collections.unmodifiableSortedMap(nestMembersByHost);
    }

    /** Elements (name to return descriptor) of each annotation type, from annotation values. */
    public SortedMap<String, SortedMap<String, String>> annotationElements() {
        return Collections.unmodifiableSortedMap(annotationElements);
    }
}
