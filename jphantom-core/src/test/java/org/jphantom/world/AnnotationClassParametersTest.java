package org.jphantom.world;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which parameters a method's Signature types as the class of an annotation type. */
class AnnotationClassParametersTest {
    @Test
    void methodTypeParametersAndWildcards() {
        // <A extends Annotation> A getAnnotation(Class<A>)
        assertEquals(1, AnnotationClassParameters.of(Set.of(),
                "<A::Ljava/lang/annotation/Annotation;>(Ljava/lang/Class<TA;>;)TA;"));
        // boolean isAnnotationPresent(Class<? extends Annotation>)
        assertEquals(1, AnnotationClassParameters.of(Set.of(), "(Ljava/lang/Class<+Ljava/lang/annotation/Annotation;>;)Z"));
        // <A extends Annotation> void put(Map<Class<? extends Annotation>, List<?>>, Class<A>, Class<? extends V<A, ?>>)
        assertEquals(0b010, AnnotationClassParameters.of(Set.of(), "<A::Ljava/lang/annotation/Annotation;>(Ljava/util/Map<"
                + "Ljava/lang/Class<+Ljava/lang/annotation/Annotation;>;Ljava/util/List<*>;>;Ljava/lang/Class<TA;>;"
                + "Ljava/lang/Class<+Lp/V<TA;*>;>;)V"));
        // Class<? super Annotation>, Class<T> with T unbounded, Class<?>[]: none
        assertEquals(0, AnnotationClassParameters.of(Set.of(), "<T:Ljava/lang/Object;>(Ljava/lang/Class<-Ljava/lang/annotation/Annotation;>;"
                + "Ljava/lang/Class<TT;>;[Ljava/lang/Class<+Ljava/lang/annotation/Annotation;>;)V"));
        assertEquals(0, AnnotationClassParameters.of(Set.of(), "(Ljava/lang/Class<Ljava/lang/annotation/Annotation"));
        assertEquals(0, AnnotationClassParameters.of(Set.of(), null));
    }

    @Test
    void classTypeParametersUnlessHidden() {
        Set<String> vars = AnnotationClassParameters.classVariables(
                "<C:Lp/Def<TC;TA;>;A::Ljava/lang/annotation/Annotation;>Ljava/lang/Object;Lp/I<TA;>;");
        assertEquals(Set.of("A"), vars);
        assertEquals(1, AnnotationClassParameters.of(vars, "(Ljava/lang/Class<TA;>;)V"));
        assertEquals(0, AnnotationClassParameters.of(vars, "(Ljava/lang/Class<TC;>;)V"));
        // the method's own A hides the class's
        assertEquals(0, AnnotationClassParameters.of(vars, "<A:Ljava/lang/Object;>(Ljava/lang/Class<TA;>;)V"));
        assertEquals(Set.of(), AnnotationClassParameters.classVariables("Ljava/lang/Object;"));
    }
}
