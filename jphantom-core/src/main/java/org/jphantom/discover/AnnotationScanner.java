package org.jphantom.discover;

import java.util.List;
import java.util.function.Supplier;
import org.jphantom.model.Origin;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AnnotationNode;

/**
 * Records what the annotations of a program class reference: the annotation types, the types and
 * enum constants of their values (nested annotations too), the elements of phantom annotation
 * types with the return descriptor their values give, and where each annotation type is used.
 */
final class AnnotationScanner {
    private final Discovery discovery;
    private final References refs;

    AnnotationScanner(Discovery discovery, References refs) {
        this.discovery = discovery;
        this.refs = refs;
    }

    /** Records where the annotations of one element ({@code "TYPE"}, {@code "FIELD"}, ...) are used. */
    void uses(List<AnnotationNode> visible, List<AnnotationNode> invisible, String target) {
        discovery.annotationUses().record(visible, true, target);
        discovery.annotationUses().record(invisible, false, target);
    }

    /** Records the references of {@code annotations} (may be {@code null}). */
    void annotations(List<AnnotationNode> annotations, Supplier<Origin> o) {
        if (annotations == null) {
            return;
        }
        for (AnnotationNode a : annotations) {
            annotation(a, o);
        }
    }

    private void annotation(AnnotationNode a, Supplier<Origin> o) {
        String type = Type.getType(a.desc).getInternalName();
        refs.descriptor(a.desc, o);
        if (a.values != null) {
            for (int i = 0; i + 1 < a.values.size(); i += 2) {
                value(type, (String) a.values.get(i), a.values.get(i + 1), o);
            }
        }
    }

    /** Records a method's annotation default ({@code AnnotationDefault}). */
    void annotationDefault(Object value, Supplier<Origin> o) {
        value(null, null, value, o);
    }

    private void value(String annotationType, String name, Object value, Supplier<Origin> o) {
        String desc = null;
        if (value instanceof String[] e) {
            refs.descriptor(e[0], o);
            desc = e[0];
            // the constant is a static field of the enum type (read reflectively by the JVM)
            refs.member(Type.getType(e[0]).getInternalName(), e[1], e[0], true, true, false, o);
        } else if (value instanceof Type t) {
            refs.descriptor(t.getDescriptor(), o);
            desc = "Ljava/lang/Class;";
        } else if (value instanceof AnnotationNode nested) {
            annotation(nested, o);
            desc = nested.desc;
        } else if (value instanceof List<?> list) {
            String elementDesc = null;
            for (Object v : list) {
                value(null, null, v, o);
                if (elementDesc == null) {
                    elementDesc = elementDesc(v);
                }
            }
            desc = "[" + (elementDesc == null ? "Ljava/lang/String;" : elementDesc);
        } else if (value != null) {
            desc = elementDesc(value);
        }
        if (annotationType != null && name != null && desc != null && !refs.known(annotationType)) {
            discovery.annotationElement(annotationType, name, desc);
        }
    }

    private static String elementDesc(Object v) {
        if (v instanceof String[] e) {
            return e[0];
        } else if (v instanceof Type) {
            return "Ljava/lang/Class;";
        } else if (v instanceof AnnotationNode n) {
            return n.desc;
        } else if (v instanceof String) {
            return "Ljava/lang/String;";
        } else if (v instanceof Integer) {
            return "I";
        } else if (v instanceof Long) {
            return "J";
        } else if (v instanceof Float) {
            return "F";
        } else if (v instanceof Double) {
            return "D";
        } else if (v instanceof Boolean) {
            return "Z";
        } else if (v instanceof Byte) {
            return "B";
        } else if (v instanceof Character) {
            return "C";
        } else if (v instanceof Short) {
            return "S";
        }
        return null;
    }
}
