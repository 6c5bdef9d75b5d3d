package org.jphantom.world;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.signature.SignatureVisitor;

/**
 * A visitor of a class or method signature that reads only the parts it overrides: every part it
 * does not (the bounds of type parameters, the super class, the interfaces, a method's parameter,
 * return and exception types) is skipped whole. ASM's own default visits each part with the same
 * visitor, which would mix the parts a reader does not ask for into the ones it does.
 */
public abstract class SignatureParts extends SignatureVisitor {
    private static final SignatureVisitor SKIP = new SignatureVisitor(Opcodes.ASM9) { };

    protected SignatureParts() {
        super(Opcodes.ASM9);
    }

    /** A visitor that reads nothing: for a part, a type argument or an array's element to skip. */
    public static SignatureVisitor skip() {
        return SKIP;
    }

    @Override
    public SignatureVisitor visitClassBound() {
        return SKIP;
    }

    @Override
    public SignatureVisitor visitInterfaceBound() {
        return SKIP;
    }

    @Override
    public SignatureVisitor visitSuperclass() {
        return SKIP;
    }

    @Override
    public SignatureVisitor visitInterface() {
        return SKIP;
    }

    @Override
    public SignatureVisitor visitParameterType() {
        return SKIP;
    }

    @Override
    public SignatureVisitor visitReturnType() {
        return SKIP;
    }

    @Override
    public SignatureVisitor visitExceptionType() {
        return SKIP;
    }
}
