package org.jphantom.analysis.ir;

import java.util.List;

/**
 * An {@code invokedynamic} site whose bootstrap is not {@code LambdaMetafactory}, kept for the
 * models that know its bootstrap ({@code StringConcatFactory}, {@code ObjectMethods},
 * {@code SwitchBootstraps}). The solver does nothing with it: the site's result is the
 * {@link New} of an abstract object of its return type that precedes it. Its {@link #ordinal}
 * follows those of the method's {@link Invoke}s (the {@code k}-th such site of a method with
 * {@code n} calls is {@code n + k}), so call edges a model records here have a name of their own
 * and the calls keep theirs.
 */
public final class DynamicCall extends Stmt {
    /** The bootstrap method. */
    public final HandleConstant bootstrap;
    /**
     * The static bootstrap arguments, as ASM reads them, except that method handles are
     * {@link HandleConstant}s: {@code String}, boxed numbers, {@code org.objectweb.asm.Type}
     * (class and method type constants), {@code org.objectweb.asm.ConstantDynamic}.
     */
    public final List<Object> bootstrapArgs;
    /** The call site's name and descriptor ({@code NameAndType}). */
    public final String name;
    public final String desc;
    /** One variable per parameter of {@link #desc}, -1 for primitives and nulls. */
    public final int[] args;
    /** The variable of the result, -1 if none (a primitive, or unused). */
    public final int lhs;
    /** Where exceptions of the calls a model adds here go (the handlers of the site, or the method's). */
    public final int exception;
    public final int ordinal;

    public DynamicCall(HandleConstant bootstrap, List<Object> bootstrapArgs, String name, String desc, int[] args,
                       int lhs, int exception, int ordinal, int line) {
        super(DYNAMIC, line);
        this.bootstrap = bootstrap;
        this.bootstrapArgs = List.copyOf(bootstrapArgs);
        this.name = name;
        this.desc = desc;
        this.args = args;
        this.lhs = lhs;
        this.exception = exception;
        this.ordinal = ordinal;
    }
}
