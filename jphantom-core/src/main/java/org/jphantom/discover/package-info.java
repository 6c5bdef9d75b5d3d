/**
 * Phantom discovery: every type and member a program class references, from every place the JVM
 * can load a class from, and which of those types the closed world lacks. Also decides which
 * methods need the dataflow of {@link org.jphantom.extract}. {@link org.jphantom.discover.ReferenceScanner}
 * is the entry point: it takes the program's classes one at a time, in program order (the first use
 * of each phantom and member is the one kept), reads their declarations itself and hands methods,
 * annotations and bridges to the package-private scanners, which all record through one
 * {@code References}; what the scan asks the closed world is asked once per name ({@code TypeFacts}),
 * and what a member instruction records, once per member whose types are all known (its later uses
 * repeat only the access checks of the class using it; {@code world.MemberKeys} finds a member without
 * building a key). Evidence that only code naming a phantom can give (annotation reads, field
 * signatures, elided casts) is looked for only in methods that are relevant.
 * Trees parsed in parallel ahead of the scan can share their names and descriptors through
 * {@link org.jphantom.discover.SharedStrings} (thread-safe), so that the scan's lookups compare
 * strings by identity. The scanners that need to know which instructions produced a value (elided
 * casts, annotation reads) ask {@code SourceFrames}, ASM's source analysis computed in code order,
 * and only for the few methods where the answer can matter.
 *
 * <p>Besides what the JVM needs, {@link org.jphantom.discover.Discovery} collects the program's
 * view of the phantoms for tools beyond the JVM: evidence for kinds the constraints leave open
 * ({@link org.jphantom.discover.KindEvidence}), type-parameter counts from {@code Signature}
 * attributes ({@link org.jphantom.discover.GenericArity}), {@code InnerClasses} entries of missing
 * nested classes, where annotation types are used ({@link org.jphantom.discover.AnnotationUses}),
 * which phantoms the program reads reflectively as annotations
 * ({@link org.jphantom.discover.AnnotationEvidence}; where annotation types go, through the
 * program's synthetic accessors too: {@code AnnotationPlaces}, {@code SyntheticAccessors}), generic signatures of phantom methods and
 * fields ({@link org.jphantom.discover.MemberSignatures}, {@link org.jphantom.discover.FieldSignatures},
 * and the type arguments the program's elided casts give them,
 * {@link org.jphantom.discover.MemberTypeArguments}, read against the known classes' own
 * signatures, {@link org.jphantom.discover.KnownGenerics}),
 * and the exceptions around each use of a method ({@link org.jphantom.discover.CaughtExceptions};
 * which handler is evidence for which call: {@link org.jphantom.discover.HandlerAttribution}).
 * None of these is a constraint: they never make a complement fail.
 */
package org.jphantom.discover;
