package org.jphantom.analysis.ir;

import org.jphantom.analysis.lang.JField;

/**
 * A field or array-element access. Instance loads ({@code var = base.f}), instance stores
 * ({@code base.f = var}), static loads and stores ({@code var = C.f}, {@code C.f = var}; {@code var}
 * is -1 for primitive fields, which still initialise {@code C}), array loads and stores
 * ({@code var = base[*]}, {@code base[*] = var}: one element field per array object).
 */
public final class FieldAccess extends Stmt {
    /** The base variable of instance and array accesses, -1 for static ones. */
    public final int base;
    public final JField field;
    /** The loaded-into or stored variable. */
    public final int var;

    public FieldAccess(int kind, int base, JField field, int var, int line) {
        super(kind, line);
        this.base = base;
        this.field = field;
        this.var = var;
    }

    public boolean isLoad() {
        return kind == LOAD_FIELD || kind == LOAD_STATIC || kind == LOAD_ARRAY;
    }
}
