package org.jphantom.bench.qilin;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import sootup.core.model.SootClass;
import sootup.core.model.SootField;
import sootup.core.signatures.FieldSignature;
import sootup.core.signatures.FieldSubSignature;
import sootup.core.types.ClassType;
import sootup.core.views.View;

/**
 * Field resolution per JVMS 5.4.3.2 over a SootUp view, for bench/selectx-peer.sh's third Qilin
 * work-around ({@code QILIN_FIELDS=jvms}, the default). Qilin 3.0.1's {@code MethodNodeFactory}
 * looks a field reference up with {@code View.getField(signature)}, which only searches the class
 * the instruction names ({@code getfield Pattern$Slice.next} where {@code Pattern$Node} declares
 * {@code next}); on a miss it makes a new field of that signature, so loads and stores of one
 * inherited field through differently qualified references never meet (and a static field read
 * through a subclass is another global node). The script's patched {@code MethodNodeFactory}
 * calls {@link #resolve} and {@link #signature} instead: the named class, then its direct
 * superinterfaces (recursively), then its superclass (recursively), matching name and type.
 */
public final class InheritedFields {
  /** Field references that resolved to a field declared in another class (for the report). */
  private static final Set<FieldSignature> INHERITED = ConcurrentHashMap.newKeySet();

  private InheritedFields() {}

  /** The field a reference resolves to, or empty when no class on the JVMS search path has it. */
  public static Optional<? extends SootField> resolve(View view, FieldSignature ref) {
    Optional<? extends SootField> own = view.getField(ref);
    if (own.isPresent()) {
      return own;
    }
    Optional<? extends SootField> found =
        lookup(view, ref.getDeclClassType(), ref.getSubSignature(), new HashSet<>());
    if (found.isPresent()) {
      INHERITED.add(ref);
    }
    return found;
  }

  /** The resolved field's signature (declaring class included), or {@code ref} when unresolved. */
  public static FieldSignature signature(View view, FieldSignature ref) {
    return resolve(view, ref).<FieldSignature>map(SootField::getSignature).orElse(ref);
  }

  /** How many distinct field references resolved to an inherited field so far. */
  public static int inheritedReferences() {
    return INHERITED.size();
  }

  private static Optional<? extends SootField> lookup(
      View view, ClassType type, FieldSubSignature field, Set<ClassType> seen) {
    if (!seen.add(type)) {
      return Optional.empty();
    }
    Optional<? extends SootClass> c = view.getClass(type);
    if (c.isEmpty()) {
      return Optional.empty();
    }
    Optional<? extends SootField> declared = c.get().getField(field);
    if (declared.isPresent()) {
      return declared;
    }
    for (ClassType itf : c.get().getInterfaces()) {
      Optional<? extends SootField> f = lookup(view, itf, field, seen);
      if (f.isPresent()) {
        return f;
      }
    }
    Optional<? extends ClassType> sup = c.get().getSuperclass();
    return sup.isPresent() ? lookup(view, sup.get(), field, seen) : Optional.empty();
  }
}
