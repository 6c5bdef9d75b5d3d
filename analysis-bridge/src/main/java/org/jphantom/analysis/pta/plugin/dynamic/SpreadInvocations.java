package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.Arrays;
import java.util.List;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.objectweb.asm.Type;

/**
 * {@code MethodHandle.invokeWithArguments(Object...)} and {@code invokeWithArguments(List)}: the
 * call runs every handle object of {@link HandleObjects} its receiver may be, whatever its type
 * (the JDK adapts it to the number of elements, or throws), with the elements as arguments.
 * Which element goes to which parameter is not tracked, so the objects of all elements flow into
 * every reference parameter (sound but imprecise; the parameter types filter them). The elements:
 * for an array the calling method allocates (a varargs call), the values it stores into it, else
 * the elements of the array objects; for a list the calling method makes with {@code List.of} or
 * {@code Arrays.asList}, the values it passes, else the elements of the arrays its
 * {@code toArray()} returns, called on the list's objects from the call site (as the JDK's body of
 * the {@code List} variant does: {@code invokeWithArguments(arguments.toArray())}). A primitive
 * result is returned boxed. The edges are recorded at the program's call
 * ({@code <caller>/k -> <target>}), not at the JDK's call inside the {@code List} variant: without
 * contexts that body would mix the handles and lists of every caller, the JDK's included (see
 * {@link MethodHandleInvocations} on handle calls of the JDK).
 */
final class SpreadInvocations extends HandleCallSites {
    private static final String NAME = "invokeWithArguments";
    private static final String ARRAY_DESC = "([Ljava/lang/Object;)Ljava/lang/Object;";
    private static final String LIST_DESC = "(Ljava/util/List;)Ljava/lang/Object;";

    SpreadInvocations(HandleObjects handles) {
        super(handles, inv -> inv.owner.equals(MethodHandleInvocations.MH) && inv.recv >= 0
                && inv.name.equals(NAME) && (inv.desc.equals(ARRAY_DESC) || inv.desc.equals(LIST_DESC)));
    }

    @Override
    Run prepare(int csm, int site, Invoke inv) {
        int elements = inv.desc.equals(LIST_DESC) ? listElements(csm, site, inv.args[0]) : elements(csm, inv.args[0]);
        int result = Calls.var(solver, csm, inv.lhs);
        int exception = Calls.var(solver, csm, inv.exception);
        return (t, handle) -> {
            int[] args = new int[Type.getArgumentTypes(t.type()).length];
            Arrays.fill(args, elements);
            runner.run(csm, site, t, handle, args, result, true, exception);
        };
    }

    /** A pointer to the objects list variable {@code listVar} of {@code csm}'s method holds. */
    private int listElements(int csm, int site, int listVar) {
        int elements = solver.tempPointer();
        if (listVar < 0) {
            return elements;
        }
        List<Integer> listed = ArrayLiterals.listed(solver.ir(solver.methodOf(csm)), listVar);
        if (listed != null) {
            for (int v : listed) {
                if (v >= 0) {
                    solver.addEdge(solver.varPointer(csm, v), elements, null);
                }
            }
            return elements;
        }
        JMethod toArray = solver.program().resolveMethod("java/util/List", "toArray", "()[Ljava/lang/Object;", true);
        if (toArray == null) {
            return elements;
        }
        int arrays = solver.tempPointer();
        watch.watch(solver.varPointer(csm, listVar), objs -> Calls.dispatch(solver, csm, site, toArray, true, objs,
                new int[0], arrays, -1));
        elementsOf(arrays, elements);
        return elements;
    }

    /** A pointer to the objects of the elements of the array variable {@code arrayVar} of {@code csm}'s method. */
    private int elements(int csm, int arrayVar) {
        int elements = solver.tempPointer();
        if (arrayVar < 0) {
            return elements;
        }
        List<Integer> stored = ArrayLiterals.stored(solver.ir(solver.methodOf(csm)), arrayVar);
        if (stored != null) {
            for (int v : stored) {
                if (v >= 0) {
                    solver.addEdge(solver.varPointer(csm, v), elements, null);
                }
            }
            return elements;
        }
        elementsOf(solver.varPointer(csm, arrayVar), elements);
        return elements;
    }

    /** Lets the elements of the arrays {@code arrays} points to flow into {@code elements}. */
    private void elementsOf(int arrays, int elements) {
        int element = solver.program().arrayElement().id();
        watch.watch(arrays, objs -> {
            for (int o : objs) {
                solver.addEdge(solver.fieldPointer(o, element), elements, null);
            }
        });
    }
}
