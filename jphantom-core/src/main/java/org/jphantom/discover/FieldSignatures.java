package org.jphantom.discover;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Generic signatures of phantom fields, where the program's own debug information determines them:
 * the value of a phantom field stored straight into a local variable ({@code getfield; astore n}),
 * or a local variable stored straight into a phantom field ({@code aload n; putfield}), whose
 * {@code LocalVariableTypeTable} entry gives the local a generic type ({@code List<String> names =
 * holder.names}). javac wrote that type from the field's declaration (a raw field would make it an
 * unchecked conversion), so the field's signature is that type when it erases to the field's
 * descriptor and names no type variable (a variable of the program's method or class says nothing
 * about the phantom's). Uses that disagree leave the field without a signature.
 */
public final class FieldSignatures {
    /** A signature seen for a field, or {@link #CONFLICT}, by {@code owner.name:desc}. */
    private final Map<String, String> seen = new HashMap<>();
    private static final String CONFLICT = "";

    /** Reads the uses of phantom fields in {@code m}; {@code phantom} tells a phantom owner. */
    void method(MethodNode m, Predicate<String> phantom) {
        if (m.localVariables == null) {
            return;
        }
        boolean generic = false;
        for (LocalVariableNode lv : m.localVariables) {
            generic |= lv.signature != null;
        }
        if (!generic) {
            return;
        }
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (!(insn instanceof FieldInsnNode f) || !phantom.test(f.owner)) {
                continue;
            }
            boolean read = f.getOpcode() == Opcodes.GETFIELD || f.getOpcode() == Opcodes.GETSTATIC;
            AbstractInsnNode other = read ? next(f) : previous(f);
            if (other instanceof VarInsnNode v && v.getOpcode() == (read ? Opcodes.ASTORE : Opcodes.ALOAD)) {
                String sig = localSignature(m, v, read);
                if (sig != null && erasesTo(sig, f.desc)) {
                    seen.merge(f.owner + "." + f.name + ":" + f.desc, sig, (a, b) -> a.equals(b) ? a : CONFLICT);
                }
            }
        }
    }

    /** Signatures by field key ({@code owner.name:desc}), sorted. */
    public SortedMap<String, String> signatures() {
        SortedMap<String, String> out = new TreeMap<>();
        seen.forEach((k, v) -> {
            if (!v.equals(CONFLICT)) {
                out.put(k, v);
            }
        });
        return Collections.unmodifiableSortedMap(out);
    }

    /** The generic type of local {@code v.var} where {@code v} stores (its scope starts after) or loads it. */
    static String localSignature(MethodNode m, VarInsnNode v, boolean store) {
        int at = m.instructions.indexOf(v);
        for (LocalVariableNode lv : m.localVariables) {
            if (lv.index != v.var || lv.signature == null) {
                continue;
            }
            int start = m.instructions.indexOf(lv.start), end = m.instructions.indexOf(lv.end);
            if (store ? start > at && start <= at + 2 : start <= at && at < end) {
                return lv.signature;
            }
        }
        return null;
    }

    /** Whether {@code signature} is a parameterized form of {@code desc} with no type variable in it. */
    static boolean erasesTo(String signature, String desc) {
        if (!desc.endsWith(";") || !signature.startsWith(desc.substring(0, desc.length() - 1) + "<")) {
            return false;
        }
        boolean[] variable = {false};
        try {
            new SignatureReader(signature).acceptType(new SignatureVisitor(Opcodes.ASM9) {
                @Override
                public void visitTypeVariable(String name) {
                    variable[0] = true;
                }

                @Override
                public void visitInnerClassType(String name) {
                    variable[0] = true; // Outer<..>.Inner: not the plain parameterized descriptor
                }
            });
        } catch (RuntimeException malformed) {
            return false;
        }
        return !variable[0];
    }

    static AbstractInsnNode next(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }

    static AbstractInsnNode previous(AbstractInsnNode insn) {
        AbstractInsnNode p = insn.getPrevious();
        while (p != null && p.getOpcode() < 0) {
            p = p.getPrevious();
        }
        return p;
    }
}
