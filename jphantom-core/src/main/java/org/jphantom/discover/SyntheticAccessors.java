package org.jphantom.discover;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The program's synthetic static methods that only pass their parameters on to one other method:
 * the accessors ({@code access$000}) javac wrote for a private member used by a nested class before
 * nestmates (Java 11). Such an accessor has no {@code Signature}, so evidence that reads the
 * called method's {@code Signature} looks through it to the method it calls: {@link #forward}
 * says which argument of which call a parameter becomes.
 *
 * <p>A method counts as a forwarder only when its code is, apart from labels, line numbers and
 * frames, loads of its own parameters, one method call taking exactly the values loaded, and a
 * return: nothing else can happen to a parameter on the way.
 */
final class SyntheticAccessors {
    /** Where parameter {@code parameter} of a forwarder goes: argument {@code argument} of the call. */
    record Forward(String owner, String name, String desc, boolean itf, int argument) {
    }

    private record Call(String owner, String name, String desc, boolean itf, int[] argumentOf) {
    }

    private final Map<String, Call> forwarders = new HashMap<>();

    /** Records method {@code m} of program class {@code owner} if it is a synthetic static forwarder. */
    void method(String owner, MethodNode m) {
        int flags = Opcodes.ACC_SYNTHETIC | Opcodes.ACC_STATIC;
        if ((m.access & flags) != flags || m.instructions.size() == 0) {
            return;
        }
        Type[] params = Type.getArgumentTypes(m.desc);
        Map<Integer, Integer> parameterAt = new HashMap<>();
        int slot = 0;
        for (int i = 0; i < params.length; i++) {
            parameterAt.put(slot, i);
            slot += params[i].getSize();
        }
        int[] loaded = new int[params.length + 1];
        int loads = 0;
        MethodInsnNode call = null;
        boolean returned = false;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            int op = insn.getOpcode();
            if (op < 0) {
                continue;
            }
            if (returned) {
                return;
            }
            if (call == null && insn instanceof VarInsnNode v && op >= Opcodes.ILOAD && op <= Opcodes.ALOAD
                    && parameterAt.containsKey(v.var) && loads < loaded.length) {
                loaded[loads++] = parameterAt.get(v.var);
            } else if (call == null && insn instanceof MethodInsnNode mi && !mi.owner.startsWith("[")) {
                call = mi;
            } else if (call != null && op >= Opcodes.IRETURN && op <= Opcodes.RETURN) {
                returned = true;
            } else {
                return;
            }
        }
        if (call == null || !returned) {
            return;
        }
        int receiver = call.getOpcode() == Opcodes.INVOKESTATIC ? 0 : 1;
        if (loads != Type.getArgumentTypes(call.desc).length + receiver) {
            return;
        }
        int[] argumentOf = new int[params.length];
        Arrays.fill(argumentOf, -1);
        for (int k = receiver; k < loads; k++) {
            argumentOf[loaded[k]] = k - receiver;
        }
        forwarders.put(key(owner, m.name, m.desc), new Call(call.owner, call.name, call.desc, call.itf, argumentOf));
    }

    /**
     * Where parameter {@code parameter} of method {@code owner.name desc} goes, if that method is a
     * recorded forwarder that passes it on as an argument; else null.
     */
    Forward forward(String owner, String name, String desc, int parameter) {
        Call c = forwarders.get(key(owner, name, desc));
        if (c == null || parameter < 0 || parameter >= c.argumentOf().length || c.argumentOf()[parameter] < 0) {
            return null;
        }
        return new Forward(c.owner(), c.name(), c.desc(), c.itf(), c.argumentOf()[parameter]);
    }

    private static String key(String owner, String name, String desc) {
        return owner + '.' + name + desc;
    }
}
