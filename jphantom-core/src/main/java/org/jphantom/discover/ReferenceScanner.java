package org.jphantom.discover;

import java.util.BitSet;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jphantom.model.Origin;
import org.jphantom.world.ClassWorld;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InnerClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.RecordComponentNode;

/**
 * Finds every type and member a class references, from every place the JVM can load a class
 * from: supertypes, descriptors, instruction operands, constants, method handles, invokedynamic
 * bootstrap arguments, exception handlers, throws clauses, StackMapTable frames, annotations and
 * the InnerClasses, EnclosingMethod, NestHost, NestMembers, PermittedSubclasses and Record
 * attributes. Types the world lacks become phantoms in the {@link Discovery}. It also tells which
 * methods need the dataflow: those that mention a phantom type or a known type whose ancestry
 * contains one; all other constraints are between fixed types and need no solving.
 *
 * <p>This class reads a class's declarations; {@link MethodScanner} reads its methods,
 * {@link AnnotationScanner} its annotations, {@link BridgeMethods} its bridges,
 * {@link OverridingMethods} its generic overrides; all record through
 * {@link References}, which asks the world through {@link TypeFacts}. Classes must be scanned in
 * program order: the first use of each phantom and member is the one kept.
 */
public final class ReferenceScanner {
    private final ClassWorld world;
    private final Discovery discovery;
    private final TypeFacts facts;
    private final References refs;
    private final AnnotationScanner annotations;
    private final MethodScanner methods;
    private final BridgeMethods bridges;
    private final OverridingMethods overriding;

    public ReferenceScanner(ClassWorld world, Discovery discovery) {
        this(world, discovery, name -> false);
    }

    /**
     * @param concealed whether a known class lies in a platform package that its module does not
     *     export to the program (an access the JVM refuses); the scanner records the program
     *     classes that name such a class where the JVM checks access ({@link Discovery#concealedUses()})
     */
    public ReferenceScanner(ClassWorld world, Discovery discovery, Predicate<String> concealed) {
        this(world, discovery, concealed, new SharedStrings());
    }

    /**
     * As {@link #ReferenceScanner(ClassWorld, Discovery, Predicate)}, for trees whose strings are
     * {@linkplain SharedStrings#share shared} through {@code shared} (any tree may be scanned; only
     * the shared ones are looked up by identity).
     */
    public ReferenceScanner(ClassWorld world, Discovery discovery, Predicate<String> concealed, SharedStrings shared) {
        this.world = world;
        this.discovery = discovery;
        this.facts = new TypeFacts(world, concealed, shared);
        this.refs = new References(world, discovery, facts);
        this.annotations = new AnnotationScanner(discovery, refs);
        this.methods = new MethodScanner(world, discovery, refs, annotations);
        this.bridges = new BridgeMethods(world, discovery.memberSignatures());
        this.overriding = new OverridingMethods(world, discovery.memberSignatures());
    }

    /**
     * Whether constraints involving {@code type} (internal name or array descriptor) can matter
     * to the solver: the type or its element type is phantom, or has a phantom ancestor.
     */
    public boolean isRelevant(String type) {
        return facts.isRelevant(type);
    }

    /**
     * Scans one program class.
     *
     * @return the indexes (in {@code cn.methods}) of the methods whose code needs the dataflow
     */
    public BitSet scan(ClassNode cn) {
        Supplier<Origin> classOrigin = fixed(Origin.ofClass(cn.name, "declaration"));
        boolean classRelevant = isRelevant(cn.name);
        refs.from(cn.name);
        discovery.genericArity().classOrMethodSignature(cn.signature);
        discovery.kindEvidence().signature(cn.signature);
        if (cn.superName != null) {
            refs.type(cn.superName, fixed(Origin.ofClass(cn.name, "super class")));
            refs.access(cn.superName);
        }
        for (String itf : cn.interfaces) {
            refs.type(itf, fixed(Origin.ofClass(cn.name, "super interface")));
            refs.access(itf);
            if ((cn.access & Opcodes.ACC_INTERFACE) == 0 && !world.isKnown(itf)) {
                discovery.annotationEvidence().implementedByClass(itf);
            }
        }
        annotations.annotations(cn.visibleAnnotations, classOrigin);
        annotations.annotations(cn.invisibleAnnotations, classOrigin);
        annotations.uses(cn.visibleAnnotations, cn.invisibleAnnotations, "TYPE");
        if (cn.outerClass != null) {
            refs.type(cn.outerClass, fixed(Origin.ofClass(cn.name, "EnclosingMethod")));
            if (cn.outerMethod != null && cn.outerMethodDesc != null) {
                refs.descriptor(cn.outerMethodDesc, fixed(Origin.ofClass(cn.name, "EnclosingMethod")));
            }
        }
        if (cn.nestHostClass != null) {
            refs.type(cn.nestHostClass, fixed(Origin.ofClass(cn.name, "NestHost")));
            if (!world.isKnown(cn.nestHostClass)) {
                discovery.nestHostClaim(cn.nestHostClass, cn.name);
            }
        }
        list(cn.nestMembers, fixed(Origin.ofClass(cn.name, "NestMembers")));
        list(cn.permittedSubclasses, fixed(Origin.ofClass(cn.name, "PermittedSubclasses")));
        innerClasses(cn);
        if (cn.recordComponents != null) {
            for (RecordComponentNode rc : cn.recordComponents) {
                Supplier<Origin> o = fixed(Origin.ofClass(cn.name, "record component " + rc.name));
                discovery.genericArity().typeSignature(rc.signature);
                refs.descriptor(rc.descriptor, o);
                annotations.annotations(rc.visibleAnnotations, o);
                annotations.annotations(rc.invisibleAnnotations, o);
            }
        }
        for (FieldNode f : cn.fields) {
            Supplier<Origin> o = fixed(Origin.ofClass(cn.name, "field " + f.name));
            refs.descriptor(f.desc, o);
            refs.values(f.desc);
            discovery.genericArity().typeSignature(f.signature);
            annotations.annotations(f.visibleAnnotations, o);
            annotations.annotations(f.invisibleAnnotations, o);
            annotations.uses(f.visibleAnnotations, f.invisibleAnnotations, "FIELD");
        }
        bridges.scan(cn);
        overriding.scan(cn);
        BitSet analyse = new BitSet();
        List<MethodNode> all = cn.methods;
        for (int i = 0; i < all.size(); i++) {
            if (methods.scan(cn, all.get(i), classRelevant)) {
                analyse.set(i);
            }
        }
        return analyse;
    }

    private void innerClasses(ClassNode cn) {
        if (cn.innerClasses == null) {
            return;
        }
        for (InnerClassNode ic : cn.innerClasses) {
            refs.type(ic.name, fixed(Origin.ofClass(cn.name, "InnerClasses")));
            if (!world.isKnown(ic.name)) {
                discovery.kindEvidence().innerClassFlags(ic.name, ic.access);
                discovery.annotationEvidence().innerClassFlags(ic.name, ic.access);
            }
            if (ic.outerName != null && ic.innerName != null && !world.isKnown(ic.name)) {
                discovery.innerClass(new InnerClassRef(ic.name, ic.outerName, ic.innerName, ic.access,
                        ic.outerName.equals(cn.name)));
            }
            if (ic.outerName != null) {
                refs.type(ic.outerName, fixed(Origin.ofClass(cn.name, "InnerClasses")));
                if (!world.isKnown(ic.outerName)) {
                    discovery.kindEvidence().memberFlags(ic.outerName, ic.access);
                }
            }
        }
    }

    private void list(List<String> names, Supplier<Origin> o) {
        if (names != null) {
            for (String n : names) {
                refs.type(n, o);
            }
        }
    }

    private static Supplier<Origin> fixed(Origin o) {
        return () -> o;
    }
}
