import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The other order of two library classes (bench/order-free.sh): given a real chain
 * {@code CHILD extends LOWER extends UPPER}, writes the headers of a world in which the two trade
 * places, {@code CHILD extends UPPER' extends LOWER' extends (UPPER's old super class)}.
 *
 * <pre>java -cp ASM:classes OrderSwap OUT_DIR CHILD LOWER UPPER JAR...</pre>
 *
 * Class names are internal names; each is read from the first jar that holds it. {@code LOWER'}
 * also declares every non-private member of {@code UPPER} it lacks (method bodies copied as they
 * are), so that code which uses an {@code UPPER} member through a {@code LOWER} receiver still
 * compiles: the two worlds offer the same members on every static type, only the order differs.
 * The classes are for javac, which reads signatures only; they are not meant to be loaded. A class
 * with a generic class signature is refused (its super class would have to change there too).
 */
public final class OrderSwap {
    private OrderSwap() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 5) {
            System.err.println("usage: OrderSwap OUT_DIR CHILD LOWER UPPER JAR...");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        List<String> jars = List.of(args).subList(4, args.length);
        ClassNode child = read(jars, args[1]);
        ClassNode lower = read(jars, args[2]);
        ClassNode upper = read(jars, args[3]);
        for (ClassNode n : List.of(child, lower, upper)) {
            if (n.signature != null) {
                fail(n.name + " has a generic class signature");
            }
        }
        if (!child.superName.equals(lower.name) || !lower.superName.equals(upper.name)) {
            fail("not a chain " + child.name + " -> " + lower.name + " -> " + upper.name + ": " + child.name
                    + " extends " + child.superName + ", " + lower.name + " extends " + lower.superName);
        }
        System.out.println("real:    " + child.name + " -> " + lower.name + " -> " + upper.name + " -> " + upper.superName);
        lower.superName = upper.superName;
        upper.superName = lower.name;
        child.superName = upper.name;
        List<String> copied = new ArrayList<>();
        for (MethodNode m : upper.methods) {
            boolean declared = lower.methods.stream().anyMatch(x -> x.name.equals(m.name) && x.desc.equals(m.desc));
            if ((m.access & Opcodes.ACC_PRIVATE) == 0 && !m.name.startsWith("<") && !declared) {
                lower.methods.add(m);
                copied.add(m.name + m.desc);
            }
        }
        for (FieldNode f : upper.fields) {
            if ((f.access & Opcodes.ACC_PRIVATE) == 0 && lower.fields.stream().noneMatch(x -> x.name.equals(f.name))) {
                lower.fields.add(f);
                copied.add(f.name + ":" + f.desc);
            }
        }
        System.out.println("swapped: " + child.name + " -> " + upper.name + " -> " + lower.name + " -> " + lower.superName);
        System.out.println("members of " + upper.name + " also declared in " + lower.name + ": " + copied.size());
        for (ClassNode n : List.of(child, lower, upper)) {
            ClassWriter w = new ClassWriter(0);
            n.accept(w);
            Path p = out.resolve(n.name + ".class");
            Files.createDirectories(p.getParent());
            Files.write(p, w.toByteArray());
        }
    }

    private static ClassNode read(List<String> jars, String name) throws IOException {
        for (String jar : jars) {
            try (ZipFile z = new ZipFile(jar)) {
                ZipEntry e = z.getEntry(name + ".class");
                if (e != null) {
                    ClassNode n = new ClassNode();
                    new ClassReader(z.getInputStream(e).readAllBytes()).accept(n, 0);
                    return n;
                }
            }
        }
        fail("no jar holds " + name);
        return null;
    }

    private static void fail(String message) {
        System.err.println("OrderSwap: " + message);
        System.exit(2);
    }
}
