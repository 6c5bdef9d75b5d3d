package org.jphantom.analysis.pta.plugin;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.solver.Solver;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * {@code --missing=skip}: the way Doop analysed an incomplete program. A reachable method whose
 * descriptor or bytecode references a type the closed world lacks is not analysed (its IR is
 * empty), and is listed in the warnings. Without this plugin the analysis still never fails on
 * missing types: unresolved calls simply have no target and missing classes no members.
 */
public final class MissingTypes implements Plugin {
    private Program program;
    private final List<String> warnings = new ArrayList<>();

    @Override
    public void setSolver(Solver solver) {
        this.program = solver.program();
    }

    /** One line per skipped method, in the order they were reached. */
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public MethodIR body(JMethod m) {
        String missing = missingIn(m);
        if (missing == null) {
            return null;
        }
        warnings.add(m.signature(program) + ": skipped, references missing type " + missing.replace('/', '.'));
        return new MethodIR.Builder(m).build();
    }

    private String missingIn(JMethod m) {
        String t = missingInDesc(Type.getMethodType(m.desc()));
        if (t != null) {
            return t;
        }
        MethodNode code = program.code(m);
        if (code == null) {
            return null;
        }
        for (TryCatchBlockNode tcb : code.tryCatchBlocks) {
            if (tcb.type != null && isMissing(tcb.type)) {
                return tcb.type;
            }
        }
        for (AbstractInsnNode insn : code.instructions) {
            String r = null;
            if (insn instanceof TypeInsnNode ti) {
                r = missingInName(ti.desc);
            } else if (insn instanceof FieldInsnNode fi) {
                r = missingInName(fi.owner);
                if (r == null) {
                    r = missingInDesc(Type.getType(fi.desc));
                }
            } else if (insn instanceof MethodInsnNode mi) {
                r = missingInName(mi.owner);
                if (r == null) {
                    r = missingInDesc(Type.getMethodType(mi.desc));
                }
            } else if (insn instanceof MultiANewArrayInsnNode ma) {
                r = missingInDesc(Type.getType(ma.desc));
            } else if (insn instanceof LdcInsnNode ldc && ldc.cst instanceof Type lt && lt.getSort() != Type.METHOD) {
                r = missingInDesc(lt);
            }
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    private String missingInName(String internalNameOrArray) {
        return internalNameOrArray.startsWith("[") ? missingInDesc(Type.getType(internalNameOrArray))
                : isMissing(internalNameOrArray) ? internalNameOrArray : null;
    }

    private String missingInDesc(Type t) {
        if (t.getSort() == Type.METHOD) {
            for (Type a : t.getArgumentTypes()) {
                String r = missingInDesc(a);
                if (r != null) {
                    return r;
                }
            }
            return missingInDesc(t.getReturnType());
        }
        if (t.getSort() == Type.ARRAY) {
            return missingInDesc(t.getElementType());
        }
        if (t.getSort() == Type.OBJECT && isMissing(t.getInternalName())) {
            return t.getInternalName();
        }
        return null;
    }

    private boolean isMissing(String internalName) {
        return program.world().lookup(internalName) == null;
    }
}
