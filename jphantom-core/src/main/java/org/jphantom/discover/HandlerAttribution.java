package org.jphantom.discover;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;
import org.jphantom.world.MemberInfo;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

/**
 * Which calls of phantom methods an exception handler is evidence for. A handler of a checked
 * exception type {@code E} says that something in its {@code try} block throws {@code E}, not that
 * every call there does. The handler is attributed to the phantom calls of its range only when
 * nothing else in the range can throw {@code E}: no call of a known method whose {@code throws}
 * clause names {@code E}, a subtype or a supertype of it, no call of a known class's method that
 * the known hierarchy does not resolve (it may be inherited from a phantom), and no {@code athrow}.
 * Several phantom calls with no other thrower all get it (one of them must throw it). A type is
 * attributed only when the phantom method's class can name it: a phantom or a public class, or a
 * class of the phantom's own package (a {@code throws} clause naming an inaccessible class fails
 * javac, and resolving it from the phantom fails the JVM's access check).
 */
final class HandlerAttribution {
    private static final Set<String> CATCH_ALL = Set.of("java/lang/Throwable", "java/lang/Exception",
            "java/lang/RuntimeException", "java/lang/Error");

    private final ClassWorld world;
    private final Map<String, Boolean> checked = new HashMap<>();

    HandlerAttribution(ClassWorld world) {
        this.world = world;
    }

    /**
     * The checked exception types attributed to each call of a phantom method in {@code m}, by the
     * call's instruction index; calls with none are absent.
     */
    Map<Integer, Set<String>> attribute(MethodNode m) {
        Map<Integer, Set<String>> out = new HashMap<>();
        if (m.tryCatchBlocks.isEmpty()) {
            return out;
        }
        // a try block is one handler of one type, possibly split into several ranges by javac
        Map<String, List<TryCatchBlockNode>> blocks = new LinkedHashMap<>();
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            if (tcb.type != null && isChecked(tcb.type)) {
                blocks.computeIfAbsent(m.instructions.indexOf(tcb.handler) + " " + tcb.type, k -> new ArrayList<>()).add(tcb);
            }
        }
        for (List<TryCatchBlockNode> block : blocks.values()) {
            String type = block.get(0).type;
            List<Integer> phantomCalls = new ArrayList<>();
            boolean other = false;
            for (TryCatchBlockNode tcb : block) {
                int index = m.instructions.indexOf(tcb.start);
                for (AbstractInsnNode insn = tcb.start; insn != null && insn != tcb.end; insn = insn.getNext(), index++) {
                    if (insn.getOpcode() == Opcodes.ATHROW) {
                        other = true;
                    } else if (insn instanceof MethodInsnNode mi) {
                        if (isPhantomOwner(mi.owner)) {
                            phantomCalls.add(index);
                        } else if (mayThrow(mi, type)) {
                            other = true;
                        }
                    }
                }
            }
            if (!other) {
                for (int call : phantomCalls) {
                    out.computeIfAbsent(call, k -> new TreeSet<>()).add(type);
                }
            }
        }
        return out;
    }

    /** Whether {@code owner}'s code can name {@code exception} in a {@code throws} clause. */
    boolean accessible(String owner, String exception) {
        ClassInfo info = world.lookup(exception);
        return info == null || info.isPublic() || ClassWorld.packageOf(owner).equals(ClassWorld.packageOf(exception));
    }

    private boolean isPhantomOwner(String owner) {
        return !owner.startsWith("[") && !world.isKnown(owner);
    }

    /** Whether a call of a known class's method may throw {@code type}. */
    private boolean mayThrow(MethodInsnNode mi, String type) {
        if (mi.owner.startsWith("[")) {
            return false;
        }
        MemberInfo callee = world.resolveMethod(mi.owner, mi.name, mi.desc, mi.itf);
        if (callee == null) {
            return true;
        }
        for (String e : callee.exceptions()) {
            if (e.equals(type) || e.equals("java/lang/Exception") || e.equals("java/lang/Throwable")
                    || world.knownSubtype(e, type) || world.knownSubtype(type, e)) {
                return true;
            }
        }
        return false;
    }

    /** Checked: not a root javac accepts anywhere, and not known to be below RuntimeException or Error. */
    private boolean isChecked(String type) {
        if (CATCH_ALL.contains(type)) {
            return false;
        }
        return checked.computeIfAbsent(type, t -> !world.knownSubtype(t, "java/lang/RuntimeException")
                && !world.knownSubtype(t, "java/lang/Error"));
    }
}
