package org.jphantom.report.html;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jphantom.discover.Names;
import org.jphantom.io.ClassParser;
import org.jphantom.io.ProgramClass;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;

/**
 * The "used by" lists of the report: every place in the program's class files that names a
 * phantom, with its source line where the class has line numbers. Read from the bytes after the
 * run (the pipeline keeps only the first use of each fact): super types, field and method
 * descriptors, throws clauses, handler types, and the operands of type, field, method,
 * {@code ldc}, {@code multianewarray} and {@code invokedynamic} instructions. Annotations,
 * signatures and stack map frames are not listed here; a phantom named only there keeps the
 * solver's origins. Instruction indices count as the pipeline's do (frames included), so a use
 * and the origin of a constraint from the same instruction show the same index.
 */
final class UsageIndex {
    private final Set<String> phantoms;
    private final SortedMap<String, SortedSet<Use>> uses = new TreeMap<>();

    private UsageIndex(Set<String> phantoms) {
        this.phantoms = phantoms;
    }

    /** The uses of each phantom in {@code phantoms} (internal names) found in {@code program}. */
    static SortedMap<String, SortedSet<Use>> scan(Collection<ProgramClass> program, Set<String> phantoms) {
        UsageIndex index = new UsageIndex(phantoms);
        if (!phantoms.isEmpty()) {
            byte[][] names = phantoms.stream().map(UsageIndex::modifiedUtf8).toArray(byte[][]::new);
            for (ProgramClass c : program) {
                // Most classes name no phantom: only those whose bytes hold a phantom's name (its
                // constant pool spells every type it names) are parsed.
                if (!mentionsAny(c.bytes(), names)) {
                    continue;
                }
                try {
                    // With its frames: FrameNodes take InsnList indices, as in the pipeline's origins.
                    index.classUses(ClassParser.parse(new ClassReader(c.bytes()), 0));
                } catch (ClassParser.BrokenClass e) {
                    // the run reported (or, with --skip-broken, skipped) it already
                }
            }
        }
        return index.uses;
    }

    /** {@code name} as a class file's constant pool spells it (modified UTF-8, JVMS 4.4.7). */
    static byte[] modifiedUtf8(String name) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= 0x0001 && c <= 0x007F) {
                out.write(c);
            } else if (c <= 0x07FF) {
                out.write(0xC0 | (c >> 6));
                out.write(0x80 | (c & 0x3F));
            } else {
                out.write(0xE0 | (c >> 12));
                out.write(0x80 | ((c >> 6) & 0x3F));
                out.write(0x80 | (c & 0x3F));
            }
        }
        return out.toByteArray();
    }

    /** Whether {@code bytes} contains one of {@code names}. */
    static boolean mentionsAny(byte[] bytes, byte[][] names) {
        for (byte[] name : names) {
            if (indexOf(bytes, name) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static int indexOf(byte[] bytes, byte[] name) {
        if (name.length == 0) {
            return 0;
        }
        byte first = name[0];
        int last = bytes.length - name.length;
        outer:
        for (int i = 0; i <= last; i++) {
            if (bytes[i] != first) {
                continue;
            }
            for (int j = 1; j < name.length; j++) {
                if (bytes[i + j] != name[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private void classUses(ClassNode c) {
        type(c, null, -1, -1, c.superName, "extends");
        if (c.interfaces != null) {
            c.interfaces.forEach(i -> type(c, null, -1, -1, i, "implements"));
        }
        for (FieldNode f : c.fields) {
            descriptor(c, null, -1, -1, f.desc, "type of field " + f.name);
        }
        for (MethodNode m : c.methods) {
            String method = m.name + m.desc;
            descriptor(c, method, -1, -1, m.desc, "method descriptor");
            if (m.exceptions != null) {
                m.exceptions.forEach(e -> type(c, method, -1, -1, e, "throws clause"));
            }
            for (TryCatchBlockNode t : m.tryCatchBlocks) {
                type(c, method, -1, m.instructions.indexOf(t.handler), t.type, "exception handler type");
            }
            int line = -1;
            int index = 0;
            for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext(), index++) {
                if (insn instanceof LineNumberNode l) {
                    line = l.line;
                } else {
                    instruction(c, method, line, index, insn);
                }
            }
        }
    }

    private void instruction(ClassNode c, String method, int line, int index, AbstractInsnNode insn) {
        if (insn instanceof TypeInsnNode t) {
            String what = Names.opcode(t.getOpcode()) + " " + Names.javaName(t.desc);
            if (t.desc.startsWith("[")) {
                descriptor(c, method, line, index, t.desc, what);
            } else {
                type(c, method, line, index, t.desc, what);
            }
        } else if (insn instanceof FieldInsnNode f) {
            String what = Names.opcode(f.getOpcode()) + " " + Names.javaName(f.owner) + "." + f.name;
            owner(c, method, line, index, f.owner, what);
            descriptor(c, method, line, index, f.desc, what);
        } else if (insn instanceof MethodInsnNode m) {
            String what = Names.opcode(m.getOpcode()) + " " + Names.javaName(m.owner) + "." + m.name + m.desc;
            owner(c, method, line, index, m.owner, what);
            descriptor(c, method, line, index, m.desc, what);
        } else if (insn instanceof LdcInsnNode l && l.cst instanceof Type t) {
            descriptor(c, method, line, index, t.getDescriptor(), "ldc " + t.getClassName());
        } else if (insn instanceof MultiANewArrayInsnNode a) {
            descriptor(c, method, line, index, a.desc, "multianewarray " + a.desc);
        } else if (insn instanceof InvokeDynamicInsnNode d) {
            String what = "invokedynamic " + d.name + d.desc;
            descriptor(c, method, line, index, d.desc, what);
            for (Object arg : d.bsmArgs) {
                if (arg instanceof Handle h) {
                    owner(c, method, line, index, h.getOwner(), what + " (method handle " + h.getName() + ")");
                    descriptor(c, method, line, index, h.getDesc(), what + " (method handle " + h.getName() + ")");
                } else if (arg instanceof Type t) {
                    descriptor(c, method, line, index, t.getDescriptor(), what);
                }
            }
        }
    }

    /** An owner operand, which may be an array descriptor (as in {@code [La;.clone()}). */
    private void owner(ClassNode c, String method, int line, int index, String owner, String what) {
        if (owner.startsWith("[")) {
            descriptor(c, method, line, index, owner, what);
        } else {
            type(c, method, line, index, owner, what);
        }
    }

    private void descriptor(ClassNode c, String method, int line, int index, String desc, String what) {
        Type t = Type.getType(desc);
        if (t.getSort() == Type.METHOD) {
            for (Type a : t.getArgumentTypes()) {
                element(c, method, line, index, a, what);
            }
            element(c, method, line, index, t.getReturnType(), what);
        } else {
            element(c, method, line, index, t, what);
        }
    }

    private void element(ClassNode c, String method, int line, int index, Type t, String what) {
        Type e = t.getSort() == Type.ARRAY ? t.getElementType() : t;
        if (e.getSort() == Type.OBJECT) {
            type(c, method, line, index, e.getInternalName(), what);
        }
    }

    private void type(ClassNode c, String method, int line, int index, String type, String what) {
        if (type != null && phantoms.contains(type)) {
            uses.computeIfAbsent(type, k -> new TreeSet<>()).add(new Use(c.name, method, line, index, what));
        }
    }

    /** The uses of {@code phantom}, or the solver's origins when the scan found none. */
    static SortedSet<Use> orOrigins(SortedSet<Use> found, List<Use> origins) {
        if (found != null && !found.isEmpty()) {
            return found;
        }
        return new TreeSet<>(origins);
    }
}
