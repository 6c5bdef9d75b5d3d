package org.jphantom.io;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The byte-level part of the JVM's format check (JVMS 4.8) that ASM does not do: every constant
 * pool entry has a known tag, its indexes point inside the pool at entries of the kinds its users
 * need (JVMS 4.4), every UTF-8 entry is legal modified UTF-8 (JVMS 4.4.7), {@code this_class},
 * {@code super_class} and the interfaces are Class entries, member and attribute names and
 * descriptors are UTF-8 entries, the attributes HotSpot parses have the lengths their contents
 * give, and the file ends exactly where its last attribute ends; instructions' constant pool
 * operands are of the kinds the instructions need; the class, field and method modifiers HotSpot
 * rejects (JVMS 4.1, 4.5, 4.6: more than one of public/private/protected, abstract with private,
 * static, final, native or synchronized, an interface that is not abstract or whose super class is
 * not Object) and a Code attribute missing from a concrete method or present in an abstract or
 * native one (4.7.3). ASM trusts all of this and reads garbage (or throws) when it does not hold.
 *
 * <p>Not checked here: the bytecode verifier's own rules (types, stack map frames); a program
 * class whose code the verifier rejects is copied as it is, and {@code jphantom verify} names it.
 */
final class ClassStructure {
    private static final int UTF8 = 1;
    private static final int INTEGER = 3;
    private static final int FLOAT = 4;
    private static final int LONG = 5;
    private static final int DOUBLE = 6;
    private static final int CLASS = 7;
    private static final int STRING = 8;
    private static final int FIELDREF = 9;
    private static final int METHODREF = 10;
    private static final int INTERFACE_METHODREF = 11;
    private static final int NAME_AND_TYPE = 12;
    private static final int METHOD_HANDLE = 15;
    private static final int METHOD_TYPE = 16;
    private static final int DYNAMIC = 17;
    private static final int INVOKE_DYNAMIC = 18;
    private static final int MODULE = 19;
    private static final int PACKAGE = 20;

    private static final int ACC_PUBLIC = 0x0001;
    private static final int ACC_PRIVATE = 0x0002;
    private static final int ACC_PROTECTED = 0x0004;
    private static final int ACC_STATIC = 0x0008;
    private static final int ACC_FINAL = 0x0010;
    private static final int ACC_SYNCHRONIZED = 0x0020;
    private static final int ACC_NATIVE = 0x0100;
    private static final int ACC_INTERFACE = 0x0200;
    private static final int ACC_ABSTRACT = 0x0400;
    private static final int ACC_ANNOTATION = 0x2000;
    private static final int ACC_ENUM = 0x4000;
    private static final int ACC_MODULE = 0x8000;

    private final byte[] b;
    private int classAccess;
    private int codeAttributes;
    private String memberDescriptor;
    private int memberAccess;
    private int codeLength;
    private int maxLocals;
    private final int major;
    private int[] tags;
    private int[] offsets;
    private String[] strings;
    /** The offsets at which the current method's instructions start. */
    private final java.util.BitSet starts = new java.util.BitSet();
    private String[] texts;
    private int pos;

    private ClassStructure(byte[] bytes) {
        this.b = bytes;
        this.major = u2at(6);
    }

    /** Checks {@code bytes}, a class file whose magic and version were checked already. */
    static void check(byte[] bytes) throws ClassFiles.BrokenClassException {
        try {
            new ClassStructure(bytes).run();
        } catch (ArrayIndexOutOfBoundsException e) {
            throw new ClassFiles.BrokenClassException("truncated class file");
        }
    }

    private void run() throws ClassFiles.BrokenClassException {
        pos = 8;
        constantPool();
        classAccess = u2();
        if ((classAccess & ACC_MODULE) == 0) {
            for (int i = 1; i < tags.length; i++) {
                if (tags[i] == MODULE || tags[i] == PACKAGE) {
                    // HotSpot: "Unknown constant tag" outside module-info
                    throw broken("constant pool entry #" + i + ": tag " + tags[i] + " outside a module-info class");
                }
            }
        }
        classRef(u2(), "this_class");
        int superIndex = u2();
        if (superIndex != 0) {
            classRef(superIndex, "super_class");
        }
        classModifiers(superIndex);
        int interfaces = u2();
        for (int i = 0; i < interfaces; i++) {
            classRef(u2(), "interfaces[" + i + "]");
        }
        members("field");
        members("method");
        attributes("class", false);
        if (pos != b.length) {
            throw broken((b.length - pos) + " extra bytes after the end of the class file");
        }
    }

    private void constantPool() throws ClassFiles.BrokenClassException {
        int count = u2();
        if (count == 0) {
            throw broken("constant_pool_count is 0");
        }
        tags = new int[count];
        offsets = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = u1();
            tags[i] = tag;
            offsets[i] = pos;
            switch (tag) {
                case UTF8 -> {
                    int length = u2();
                    if (major >= 48) {
                        utf8(i, pos, length); // HotSpot is lenient with older class files
                    } else if (pos + length > b.length) {
                        throw broken("truncated class file");
                    }
                    pos += length;
                }
                case INTEGER, FLOAT, FIELDREF, METHODREF, INTERFACE_METHODREF, NAME_AND_TYPE, DYNAMIC,
                        INVOKE_DYNAMIC -> pos += 4;
                case LONG, DOUBLE -> {
                    pos += 8;
                    if (++i >= count) {
                        throw broken("constant pool entry #" + (i - 1) + ": an 8-byte constant in the last slot");
                    }
                }
                case CLASS, STRING, METHOD_TYPE, MODULE, PACKAGE -> pos += 2;
                case METHOD_HANDLE -> pos += 3;
                default -> throw broken("constant pool entry #" + i + ": unknown tag " + tag);
            }
        }
        int end = pos;
        for (int i = 1; i < count; i++) {
            pos = offsets[i];
            switch (tags[i]) {
                case CLASS, STRING, MODULE, PACKAGE -> entry(u2(), i, UTF8);
                case METHOD_TYPE -> {
                    int d = u2();
                    entry(d, i, UTF8);
                    if (!Descriptors.isMethodDescriptor(utf8String(d))) {
                        throw broken("constant pool entry #" + i + ": invalid method type descriptor");
                    }
                }
                case FIELDREF, METHODREF, INTERFACE_METHODREF -> {
                    entry(u2(), i, CLASS);
                    entry(u2(), i, NAME_AND_TYPE);
                }
                case NAME_AND_TYPE -> {
                    entry(u2(), i, UTF8);
                    entry(u2(), i, UTF8);
                }
                case DYNAMIC, INVOKE_DYNAMIC -> {
                    pos += 2; // the bootstrap method index is checked by ASM against BootstrapMethods
                    entry(u2(), i, NAME_AND_TYPE);
                }
                case METHOD_HANDLE -> methodHandle(i);
                default -> {
                }
            }
        }
        // The member references in pool order (the first bad one is reported); a NameAndType that
        // several references share is checked once for fields and once for methods.
        byte[] natPassed = null;
        for (int ref = 1; ref < count; ref++) {
            int tag = tags[ref];
            if (tag != FIELDREF && tag != METHODREF && tag != INTERFACE_METHODREF) {
                continue;
            }
            int nat = u2at(offsets[ref] + 2);
            int bit = tag == FIELDREF ? 1 : 2;
            if (natPassed == null) {
                natPassed = new byte[count];
            } else if ((natPassed[nat] & bit) != 0) {
                continue;
            }
            memberReference(ref, nat);
            natPassed[nat] |= (byte) bit;
        }
        if (major < 49) {
            for (int i = 1; i < count; i++) {
                if (tags[i] == CLASS) {
                    String name = utf8String(u2at(offsets[i]));
                    boolean legal = name.startsWith("[") ? Descriptors.hasLegacyClassNames(name)
                            : Descriptors.isLegacyName(name, true);
                    if (!legal) {
                        throw broken("constant pool entry #" + i + ": class name '" + EntryNames.printable(name)
                                + "' is not made of Java identifiers, as a class file of version " + major + " must be");
                    }
                }
            }
        }
        pos = end;
    }

    /** The name and descriptor of member reference {@code ref} (its NameAndType {@code nat}) are valid for its kind. */
    private void memberReference(int ref, int nat) throws ClassFiles.BrokenClassException {
        int at = offsets[nat];
        String name = utf8String(u2at(at));
        String desc = utf8String(u2at(at + 2));
        boolean ok = tags[ref] == FIELDREF
                ? Descriptors.isUnqualifiedName(name) && Descriptors.isFieldDescriptor(desc)
                : Descriptors.isMethodName(name) && !name.equals("<clinit>") && Descriptors.isMethodDescriptor(desc)
                        && (!name.equals("<init>") || desc.endsWith(")V"));
        if (!ok) {
            throw broken("constant pool entry #" + ref + ": invalid member reference '"
                    + EntryNames.printable(name) + "' '" + EntryNames.printable(desc) + "'");
        }
        if (major < 49 && !(legacyMemberName(name, tags[ref] != FIELDREF) && Descriptors.hasLegacyClassNames(desc))) {
            throw broken("constant pool entry #" + ref + ": member reference '" + EntryNames.printable(name)
                    + "' '" + EntryNames.printable(desc) + "' is not made of Java identifiers, as a class file"
                    + " of version " + major + " must be");
        }
    }

    /**
     * HotSpot's name rule for class files before Java 5 ({@link Descriptors#isLegacyName}):
     * {@code <init>} and {@code <clinit>} pass for methods.
     */
    private static boolean legacyMemberName(String name, boolean method) {
        return method && (name.equals("<init>") || name.equals("<clinit>")) || Descriptors.isLegacyName(name, false);
    }

    /** The text of a UTF-8 entry (already checked to be legal modified UTF-8 where that applies), cached. */
    private String utf8String(int index) {
        if (strings == null) {
            strings = new String[tags.length];
        }
        String s = strings[index];
        if (s == null) {
            s = decode(index);
            strings[index] = s;
        }
        return s;
    }

    private String decode(int index) {
        int at = offsets[index];
        int length = u2at(at);
        int end = at + 2 + length;
        if (ascii(at + 2, end)) {
            return new String(b, at + 2, length, StandardCharsets.ISO_8859_1); // most names: one copy, no builder
        }
        StringBuilder sb = new StringBuilder(length);
        for (int i = at + 2; i < end && i < b.length; i++) {
            int c = b[i] & 0xff;
            if (c < 0x80) {
                sb.append((char) c);
            } else if ((c & 0xe0) == 0xc0 && i + 1 < end) {
                sb.append((char) (((c & 0x1f) << 6) | (b[++i] & 0x3f)));
            } else if ((c & 0xf0) == 0xe0 && i + 2 < end) {
                sb.append((char) (((c & 0x0f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f)));
                i += 2;
            } else {
                sb.append('\ufffd');
            }
        }
        return sb.toString();
    }

    /** Whether bytes {@code from} (inclusive) to {@code to} (exclusive) are all 7-bit, and within the class file. */
    private boolean ascii(int from, int to) {
        if (to > b.length) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (b[i] < 0) {
                return false;
            }
        }
        return true;
    }

    private void methodHandle(int i) throws ClassFiles.BrokenClassException {
        int kind = u1();
        int ref = u2();
        checkIndex(ref, i);
        int tag = tags[ref];
        boolean ok = switch (kind) {
            case 1, 2, 3, 4 -> tag == FIELDREF;
            case 5, 8 -> tag == METHODREF;
            case 6, 7 -> tag == METHODREF || (major >= 52 && tag == INTERFACE_METHODREF);
            case 9 -> tag == INTERFACE_METHODREF;
            default -> throw broken("constant pool entry #" + i + ": invalid method handle kind " + kind);
        };
        if (!ok) {
            throw broken("constant pool entry #" + i + ": method handle of kind " + kind
                    + " refers to an entry of tag " + tag);
        }
    }

    private void entry(int index, int user, int tag) throws ClassFiles.BrokenClassException {
        checkIndex(index, user);
        if (tags[index] != tag) {
            throw broken("constant pool entry #" + user + " refers to entry #" + index + " of tag " + tags[index]
                    + " where tag " + tag + " is needed");
        }
    }

    private void checkIndex(int index, int user) throws ClassFiles.BrokenClassException {
        if (index <= 0 || index >= tags.length || tags[index] == 0) {
            throw broken((user > 0 ? "constant pool entry #" + user : "a structure") + " refers to invalid constant pool index "
                    + index);
        }
    }

    private void classRef(int index, String what) throws ClassFiles.BrokenClassException {
        if (index <= 0 || index >= tags.length || tags[index] != CLASS) {
            throw broken(what + " is not a Class constant (index " + index + ")");
        }
    }

    /** Checks that {@code index} is a UTF-8 constant; the message names {@code owner + what} (built only then). */
    private void utf8Ref(int index, String owner, String what) throws ClassFiles.BrokenClassException {
        if (index <= 0 || index >= tags.length || tags[index] != UTF8) {
            throw broken(owner + what + " is not a UTF-8 constant (index " + index + ")");
        }
    }

    /**
     * Modified UTF-8 (JVMS 4.4.7) as HotSpot checks it: no zero byte, no byte 0xF0 and above,
     * complete multi-byte sequences, no overlong form but {@code C0 80}.
     */
    private void utf8(int index, int from, int length) throws ClassFiles.BrokenClassException {
        int end = from + length;
        if (end > b.length) {
            throw broken("truncated class file");
        }
        for (int i = from; i < end; i++) {
            if (b[i] > 0) {
                continue; // 0x01 to 0x7f: most bytes of most class files
            }
            int c = b[i] & 0xff;
            int more;
            if (c >= 0x01 && c <= 0x7f) {
                more = 0;
            } else if ((c & 0xe0) == 0xc0) {
                more = 1;
            } else if ((c & 0xf0) == 0xe0) {
                more = 2;
            } else {
                throw broken("constant pool entry #" + index + ": illegal modified UTF-8 (byte 0x"
                        + Integer.toHexString(c) + ")");
            }
            int value = more == 1 ? c & 0x1f : c & 0x0f;
            for (int k = 0; k < more; k++) {
                if (++i >= end || (b[i] & 0xc0) != 0x80) {
                    throw broken("constant pool entry #" + index + ": illegal modified UTF-8 (incomplete sequence)");
                }
                value = (value << 6) | (b[i] & 0x3f);
            }
            // HotSpot's UTF8::is_legal_utf8: no overlong form, except the two-byte form of NUL
            if (more == 1 && value != 0 && value < 0x80 || more == 2 && value < 0x800) {
                throw broken("constant pool entry #" + index + ": illegal modified UTF-8 (overlong form)");
            }
        }
    }

    /** Class modifiers HotSpot rejects (JVMS 4.1), and an interface's super class. */
    private void classModifiers(int superIndex) throws ClassFiles.BrokenClassException {
        int a = classAccess;
        if ((a & ACC_MODULE) != 0) {
            return;
        }
        boolean itf = (a & ACC_INTERFACE) != 0;
        checkClassModifiers(a, "class");
        if (itf && (superIndex == 0 || !"java/lang/Object".equals(utf8Text(classNameIndex(superIndex))))) {
            throw broken("an interface whose super class is not java.lang.Object");
        }
    }

    /** HotSpot's rule for the modifiers of a class and of each InnerClasses entry (JVMS 4.1, 4.7.6). */
    private void checkClassModifiers(int a, String what) throws ClassFiles.BrokenClassException {
        boolean itf = (a & ACC_INTERFACE) != 0;
        boolean since5 = major >= 49;
        if ((a & (ACC_FINAL | ACC_ABSTRACT)) == (ACC_FINAL | ACC_ABSTRACT)
                || itf && major >= 50 && (a & ACC_ABSTRACT) == 0
                || itf && since5 && (a & (ACC_SYNCHRONIZED | ACC_ENUM)) != 0 // ACC_SUPER has the bit of synchronized
                || !itf && since5 && (a & ACC_ANNOTATION) != 0) {
            throw broken("illegal " + what + " modifiers 0x" + Integer.toHexString(a));
        }
    }

    private int classNameIndex(int classIndex) {
        int at = offsets[classIndex];
        return u2at(at);
    }

    private void members(String kind) throws ClassFiles.BrokenClassException {
        int count = u2();
        boolean method = kind.equals("method");
        java.util.Set<Map.Entry<String, String>> seen = new java.util.HashSet<>();
        for (int i = 0; i < count; i++) {
            int access = u2();
            memberAccess = access;
            int nameIndex = u2();
            utf8Ref(nameIndex, kind, " name");
            int descIndex = u2();
            utf8Ref(descIndex, kind, " descriptor");
            memberDescriptor = utf8String(descIndex);
            if (!seen.add(Map.entry(utf8String(nameIndex), memberDescriptor))) {
                throw broken("duplicate " + kind + " " + EntryNames.printable(utf8String(nameIndex)) + " "
                        + EntryNames.printable(memberDescriptor));
            }
            if (Integer.bitCount(access & (ACC_PUBLIC | ACC_PRIVATE | ACC_PROTECTED)) > 1) {
                throw broken(kind + " " + utf8Text(nameIndex) + ": more than one of public, private, protected");
            }
            if (major < 49 && !(legacyMemberName(utf8String(nameIndex), method)
                    && Descriptors.hasLegacyClassNames(memberDescriptor))) {
                throw broken(kind + " " + utf8Text(nameIndex) + " " + EntryNames.printable(memberDescriptor) + ": not made of Java"
                        + " identifiers, as a class file of version " + major + " must be");
            }
            codeAttributes = 0;
            attributes(kind, method);
            if (method) {
                boolean noCode = (access & (ACC_ABSTRACT | ACC_NATIVE)) != 0;
                if (noCode ? codeAttributes != 0 : codeAttributes != 1) {
                    throw broken("method " + utf8Text(nameIndex) + ": " + codeAttributes + " Code attributes for modifiers 0x"
                            + Integer.toHexString(access));
                }
                if ((access & ACC_ABSTRACT) != 0
                        && (access & (ACC_PRIVATE | ACC_STATIC | ACC_FINAL | ACC_NATIVE | ACC_SYNCHRONIZED)) != 0) {
                    throw broken("method " + utf8Text(nameIndex) + ": illegal modifiers 0x" + Integer.toHexString(access));
                }
            }
        }
    }

    private void attributes(String owner, boolean method) throws ClassFiles.BrokenClassException {
        int count = u2();
        for (int i = 0; i < count; i++) {
            int nameIndex = u2();
            utf8Ref(nameIndex, owner, " attribute name");
            long length = u4() & 0xffffffffL;
            long end = pos + length;
            if (end > b.length) {
                throw broken("truncated class file (" + owner + " attribute " + utf8Text(nameIndex) + ")");
            }
            if (method && utf8Text(nameIndex).equals("Code")) {
                codeAttributes++;
            }
            int expected = expectedLength(utf8Text(nameIndex), method, owner);
            if (expected >= 0 && expected != length) {
                throw broken(owner + " attribute " + utf8Text(nameIndex) + " has length " + length + " where its contents need "
                        + expected);
            }
            pos = (int) end;
        }
    }

    /** The length the attribute's own contents give, or -1 when this check does not parse it. */
    private int expectedLength(String name, boolean method, String owner) throws ClassFiles.BrokenClassException {
        int start = pos;
        switch (name) {
            case "Code" -> {
                if (!method) {
                    return -1;
                }
                pos += 2; // max_stack
                maxLocals = u2();
                long codeLength = u4() & 0xffffffffL;
                this.codeLength = (int) Math.min(codeLength, 65536);
                if (codeLength == 0 || codeLength >= 65536) {
                    throw broken("method attribute Code has code_length " + codeLength);
                }
                if (pos + codeLength > b.length) {
                    throw broken("truncated class file (Code)");
                }
                instructions(pos, (int) codeLength);
                pos += (int) codeLength;
                int handlers = u2();
                for (int k = 0; k < handlers; k++) {
                    handler(u2(), u2(), u2());
                    pos += 2; // catch_type: a Class entry, checked by ASM and the format visitor
                }
                attributes("Code", false);
            }
            case "SourceFile" -> pos += 2;
            case "ConstantValue" -> {
                if (!owner.equals("field")) {
                    return -1;
                }
                int index = u2();
                int tag = index > 0 && index < tags.length ? tags[index] : 0;
                String d = memberDescriptor;
                // HotSpot's verify_constantvalue, for static fields only (it ignores the others)
                boolean ok = (memberAccess & ACC_STATIC) == 0 || switch (d) {
                    case "I", "S", "C", "B", "Z" -> tag == INTEGER;
                    case "J" -> tag == LONG;
                    case "F" -> tag == FLOAT;
                    case "D" -> tag == DOUBLE;
                    case "Ljava/lang/String;" -> tag == STRING;
                    default -> false; // "Bad string initial value", "Unable to set initial value"
                };
                if (!ok) {
                    throw broken("field of type " + d + " has a ConstantValue of tag " + tag);
                }
            }
            case "LineNumberTable" -> {
                if (!owner.equals("Code")) {
                    return -1;
                }
                int n = u2();
                for (int k = 0; k < n; k++) {
                    int pc = u2();
                    pos += 2;
                    if (pc >= codeLength) {
                        throw broken("LineNumberTable entry at pc " + pc + " beyond the code");
                    }
                }
            }
            case "LocalVariableTable", "LocalVariableTypeTable" -> {
                if (!owner.equals("Code")) {
                    return -1;
                }
                int n = u2();
                for (int k = 0; k < n; k++) {
                    int startPc = u2();
                    int length = u2();
                    int nameIndex = u2();
                    int descIndex = u2();
                    int slot = u2();
                    utf8Ref(nameIndex, name, " name");
                    utf8Ref(descIndex, name, " descriptor");
                    String d = utf8String(descIndex);
                    int wide = name.equals("LocalVariableTable") && (d.equals("J") || d.equals("D")) ? 1 : 0;
                    if (startPc >= codeLength || startPc + length > codeLength || slot + wide >= maxLocals) {
                        throw broken(name + " entry out of range (pc " + startPc + "+" + length + ", slot " + slot + ")");
                    }
                    int endPc = startPc + length;
                    if (major >= 50 && name.equals("LocalVariableTable")
                            && (!starts.get(startPc) || endPc != codeLength && !starts.get(endPc))) {
                        // the type-checking verifier (JVMS 4.10.1) rejects the method
                        throw broken(name + " entry not on instruction boundaries (pc " + startPc + "+" + length + ")");
                    }
                }
            }
            case "MethodParameters" -> {
                if (!method) {
                    return -1;
                }
                int n = u1();
                pos += 4 * n;
            }
            case "Signature" -> {
                if (major < 49) {
                    return -1;
                }
                pos += 2;
            }
            case "EnclosingMethod" -> {
                if (major < 49 || !owner.equals("class")) {
                    return -1;
                }
                pos += 4;
            }
            case "NestHost" -> {
                if (major < 55 || !owner.equals("class")) {
                    return -1;
                }
                pos += 2;
            }
            case "Exceptions" -> {
                if (!method) {
                    return -1;
                }
                int n = u2();
                pos += 2 * n;
            }
            case "InnerClasses" -> {
                if (!owner.equals("class")) {
                    return -1;
                }
                int n = u2();
                for (int k = 0; k < n; k++) {
                    pos += 6;
                    checkClassModifiers(u2(), "inner class");
                }
            }
            case "NestMembers", "PermittedSubclasses" -> {
                if (major < (name.equals("NestMembers") ? 55 : 61) || !owner.equals("class")) {
                    return -1;
                }
                int n = u2();
                pos += 2 * n;
            }
            default -> {
                return -1;
            }
        }
        int length = pos - start;
        pos = start;
        return length;
    }

    /**
     * An exception table entry: a non-empty range inside the code (HotSpot's class file parser)
     * whose ends and handler are instruction starts (the type-checking verifier, JVMS 4.10.1).
     */
    private void handler(int startPc, int endPc, int handlerPc) throws ClassFiles.BrokenClassException {
        boolean ok = startPc < endPc && endPc <= codeLength && handlerPc < codeLength;
        if (ok && major >= 50) {
            ok = starts.get(startPc) && (endPc == codeLength || starts.get(endPc)) && starts.get(handlerPc);
        }
        if (!ok) {
            throw broken("exception table entry out of range or not on instruction boundaries (pc " + startPc + " to "
                    + endPc + ", handler " + handlerPc + ")");
        }
    }

    /**
     * The constant pool operands of every instruction are of the kinds the instruction needs
     * (JVMS 4.9.1, 4.10.1.9); the verifier rejects the class otherwise, and ASM would read the
     * wrong entry as if it were of the right kind.
     */
    private void instructions(int start, int length) throws ClassFiles.BrokenClassException {
        int end = start + length;
        int at = start;
        starts.clear();
        while (at < end) {
            starts.set(at - start);
            int op = b[at] & 0xff;
            int size;
            switch (op) {
                case 0x12 -> { // ldc
                    operand(b[at + 1] & 0xff, op, INTEGER, FLOAT, STRING, CLASS, METHOD_TYPE, METHOD_HANDLE, DYNAMIC);
                    size = 2;
                }
                case 0x13 -> { // ldc_w
                    operand(u2at(at + 1), op, INTEGER, FLOAT, STRING, CLASS, METHOD_TYPE, METHOD_HANDLE, DYNAMIC);
                    size = 3;
                }
                case 0x14 -> { // ldc2_w
                    operand(u2at(at + 1), op, LONG, DOUBLE, DYNAMIC);
                    size = 3;
                }
                case 0xb2, 0xb3, 0xb4, 0xb5 -> { // get/put static/field
                    operand(u2at(at + 1), op, FIELDREF);
                    size = 3;
                }
                case 0xb6 -> { // invokevirtual
                    operand(u2at(at + 1), op, METHODREF);
                    size = 3;
                }
                case 0xb7, 0xb8 -> { // invokespecial, invokestatic
                    if (major >= 52) {
                        operand(u2at(at + 1), op, METHODREF, INTERFACE_METHODREF);
                    } else {
                        operand(u2at(at + 1), op, METHODREF);
                    }
                    size = 3;
                }
                case 0xb9 -> { // invokeinterface
                    operand(u2at(at + 1), op, INTERFACE_METHODREF);
                    size = 5;
                }
                case 0xba -> { // invokedynamic
                    operand(u2at(at + 1), op, INVOKE_DYNAMIC);
                    size = 5;
                }
                case 0xbb, 0xbd, 0xc0, 0xc1 -> { // new, anewarray, checkcast, instanceof
                    operand(u2at(at + 1), op, CLASS);
                    size = 3;
                }
                case 0xc5 -> { // multianewarray
                    operand(u2at(at + 1), op, CLASS);
                    size = 4;
                }
                case 0xaa -> { // tableswitch
                    int p = start + (((at - start) + 4) & ~3);
                    int low = s4(p + 4);
                    int high = s4(p + 8);
                    long n = (long) high - low + 1;
                    if (n < 0 || n > 65536) {
                        throw broken("invalid tableswitch in code");
                    }
                    size = (int) (p + 12 + 4 * n - at);
                }
                case 0xab -> { // lookupswitch
                    int p = start + (((at - start) + 4) & ~3);
                    int pairs = s4(p + 4);
                    if (pairs < 0 || pairs > 65536) {
                        throw broken("invalid lookupswitch in code");
                    }
                    size = p + 8 + 8 * pairs - at;
                }
                case 0xc4 -> size = (b[at + 1] & 0xff) == 0x84 ? 6 : 4; // wide
                default -> size = INSTRUCTION_SIZE[op];
            }
            if (size <= 0) {
                throw broken("invalid opcode " + op + " in code");
            }
            if (major >= 51 && (op == 0xa8 || op == 0xa9 || op == 0xc9)) {
                throw broken("jsr/ret (opcode " + op + ") in a class file of version " + major);
            }
            at += size;
        }
        if (at != end) {
            throw broken("the last instruction of a method runs past its code");
        }
    }

    private void operand(int index, int opcode, int... tags) throws ClassFiles.BrokenClassException {
        if (index > 0 && index < this.tags.length) {
            for (int t : tags) {
                if (this.tags[index] == t) {
                    return;
                }
            }
        }
        throw broken("opcode " + opcode + " refers to constant pool entry #" + index + (index > 0 && index < this.tags.length
                ? " of tag " + this.tags[index] : ", which does not exist") + ", of a kind it cannot use");
    }

    private int s4(int at) {
        return (u2at(at) << 16) | u2at(at + 2);
    }

    /** Sizes of the fixed-size instructions, 0 for undefined opcodes (and the variable-size ones). */
    private static final int[] INSTRUCTION_SIZE = new int[256];

    static {
        for (int op = 0x00; op <= 0xc9; op++) {
            INSTRUCTION_SIZE[op] = 1;
        }
        INSTRUCTION_SIZE[0x10] = 2; // bipush
        INSTRUCTION_SIZE[0x11] = 3; // sipush
        for (int op = 0x15; op <= 0x19; op++) {
            INSTRUCTION_SIZE[op] = 2; // xload index
        }
        for (int op = 0x36; op <= 0x3a; op++) {
            INSTRUCTION_SIZE[op] = 2; // xstore index
        }
        INSTRUCTION_SIZE[0x84] = 3; // iinc
        for (int op = 0x99; op <= 0xa8; op++) {
            INSTRUCTION_SIZE[op] = 3; // if*, goto, jsr
        }
        INSTRUCTION_SIZE[0xa9] = 2; // ret
        INSTRUCTION_SIZE[0xbc] = 2; // newarray
        INSTRUCTION_SIZE[0xc6] = 3; // ifnull
        INSTRUCTION_SIZE[0xc7] = 3; // ifnonnull
        INSTRUCTION_SIZE[0xc8] = 5; // goto_w
        INSTRUCTION_SIZE[0xc9] = 5; // jsr_w
        INSTRUCTION_SIZE[0xba] = 0; // handled above
    }

    /** The entry as 7-bit text, for attribute names and messages, cached. */
    private String utf8Text(int index) {
        if (texts == null) {
            texts = new String[tags.length];
        }
        String s = texts[index];
        if (s == null) {
            s = ascii(index);
            texts[index] = s;
        }
        return s;
    }

    private String ascii(int index) {
        int at = offsets[index];
        int length = ((b[at] & 0xff) << 8) | (b[at + 1] & 0xff);
        if (ascii(at + 2, at + 2 + length)) {
            return new String(b, at + 2, length, StandardCharsets.ISO_8859_1);
        }
        StringBuilder sb = new StringBuilder(length);
        for (int i = at + 2; i < at + 2 + length && i < b.length; i++) {
            sb.append((char) (b[i] & 0x7f));
        }
        return sb.toString();
    }

    private ClassFiles.BrokenClassException broken(String reason) {
        return new ClassFiles.BrokenClassException(reason);
    }

    private int u1() {
        return b[pos++] & 0xff;
    }

    private int u2() {
        int v = u2at(pos);
        pos += 2;
        return v;
    }

    private int u2at(int at) {
        return ((b[at] & 0xff) << 8) | (b[at + 1] & 0xff);
    }

    private int u4() {
        int v = (u2at(pos) << 16) | u2at(pos + 2);
        pos += 4;
        return v;
    }
}
