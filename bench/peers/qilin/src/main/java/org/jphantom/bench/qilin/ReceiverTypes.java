package org.jphantom.bench.qilin;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Benchmark diagnosis (not part of jphantom; bench/peers/qilin/pairs.py --types): for each
 * "caller TAB callee" line on stdin (Soot signatures), says whether the caller's bytecode
 * has a call of that name and argument types whose declared owner the callee's class can receive:
 *   typed     some invoke instruction names the method and an owner O that a receiver of the callee's
 *             class C or of one of its subclasses can be (or O <: C: the method inherited from C)
 *   untyped   instructions of that name and arguments exist, but no class that is C or extends or
 *             implements it is a subtype of any of their owners: no run can make that call
 *   none      no invoke instruction of that name and arguments (implicit, invokedynamic, native model)
 *   unknown   the caller's or the callee's class is in no jar (e.g. jphantom's lambda proxies)
 * Prints "class TAB caller TAB callee". Args: the application jars (the library: jrt:/ of the
 * running JDK). A type-checked call graph (Qilin's: Spark filters every assignment by the local's
 * declared type) has no untyped pair.
 */
public final class ReceiverTypes {
  private ReceiverTypes() {}

  static Map<String, byte[]> app = new HashMap<>();
  static Map<String, Path> jrt = new HashMap<>();
  static Map<String, ClassNode> nodes = new HashMap<>();

  public static void main(String[] args) throws Exception {
    for (String a : args) {
      try (JarFile j = new JarFile(a)) {
        for (Enumeration<JarEntry> e = j.entries(); e.hasMoreElements(); ) {
          JarEntry en = e.nextElement();
          if (en.getName().endsWith(".class")) {
            app.put(en.getName().substring(0, en.getName().length() - 6), j.getInputStream(en).readAllBytes());
          }
        }
      }
    }
    FileSystem fs = FileSystems.getFileSystem(URI.create("jrt:/"));
    try (DirectoryStream<Path> mods = Files.newDirectoryStream(fs.getPath("/modules"))) {
      for (Path m : mods) {
        Files.walk(m).filter(p -> p.toString().endsWith(".class")).forEach(p -> {
          String rel = m.relativize(p).toString();
          jrt.putIfAbsent(rel.substring(0, rel.length() - 6), p);
        });
      }
    }
    // every class's supertypes (itself included), and the inverse: each type's subtypes
    Set<String> all = new HashSet<>(app.keySet());
    all.addAll(jrt.keySet());
    for (String c : all) {
      for (String s : supers(c)) subs.computeIfAbsent(s, k -> new HashSet<>()).add(c);
    }
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    String line;
    while ((line = in.readLine()) != null) {
      String[] t = line.split("\t");
      System.out.println(classify(t[0], t[1]) + "\t" + line);
    }
  }

  static ClassNode node(String internal) {
    return nodes.computeIfAbsent(internal, n -> {
      try {
        byte[] b = app.get(n);
        if (b == null && jrt.containsKey(n)) b = Files.readAllBytes(jrt.get(n));
        if (b == null) return null;
        ClassNode c = new ClassNode();
        new ClassReader(b).accept(c, ClassReader.SKIP_FRAMES);
        return c;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  static Map<String, Set<String>> supersMemo = new HashMap<>();
  static Map<String, Set<String>> subs = new HashMap<>();

  static Set<String> supers(String c) {
    Set<String> r = supersMemo.get(c);
    if (r != null) return r;
    r = new HashSet<>();
    r.add(c);
    String[] h = header(c);
    if (h != null) for (String s : h) if (s != null) r.addAll(supers(s));
    supersMemo.put(c, r);
    return r;
  }

  static String[] header(String c) {
    try {
      byte[] b = app.get(c);
      if (b == null && jrt.containsKey(c)) b = Files.readAllBytes(jrt.get(c));
      if (b == null) return null;
      ClassReader r = new ClassReader(b);
      String[] itf = r.getInterfaces();
      String[] h = Arrays.copyOf(itf, itf.length + 1);
      h[itf.length] = r.getSuperName();
      return h;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Some class that is C or a subclass of C (and so may inherit C's method) is a subtype of O. */
  static boolean receivable(String c, String o) {
    if (supers(c).contains(o) || supers(o).contains(c)) return true;
    for (String r : subs.getOrDefault(c, Set.of())) if (supers(r).contains(o)) return true;
    return false;
  }

  static String classify(String caller, String callee) {
    String[] cr = parse(caller);
    String[] ce = parse(callee);
    if (header(ce[0]) == null) return "unknown";
    ClassNode n = node(cr[0]);
    if (n == null) return "unknown";
    boolean named = false;
    for (MethodNode m : n.methods) {
      if (!m.name.equals(cr[1]) || !m.desc.startsWith(cr[2])) continue;
      for (AbstractInsnNode i : m.instructions) {
        if (i instanceof MethodInsnNode mi && mi.name.equals(ce[1]) && mi.desc.startsWith(ce[2])) {
          named = true;
          String o = mi.owner.startsWith("[") ? "java/lang/Object" : mi.owner;
          if (receivable(ce[0], o)) return "typed";
        }
      }
    }
    return named ? "untyped" : "none";
  }

  /** internal class name, method name, "(" + argument descriptors + ")" */
  static String[] parse(String sig) {
    int colon = sig.indexOf(':');
    String cls = sig.substring(1, colon).replace('.', '/');
    String rest = sig.substring(colon + 2, sig.length() - 1);
    int sp = rest.indexOf(' ');
    int lp = rest.indexOf('(');
    String name = rest.substring(sp + 1, lp);
    String args = rest.substring(lp + 1, rest.length() - 1);
    StringBuilder d = new StringBuilder("(");
    if (!args.isEmpty()) for (String a : args.split(",")) d.append(desc(a.trim()));
    return new String[] {cls, name, d.append(")").toString()};
  }

  static String desc(String t) {
    if (t.endsWith("[]")) return "[" + desc(t.substring(0, t.length() - 2));
    return switch (t) {
      case "int" -> "I"; case "long" -> "J"; case "boolean" -> "Z"; case "byte" -> "B";
      case "char" -> "C"; case "short" -> "S"; case "float" -> "F"; case "double" -> "D"; case "void" -> "V";
      default -> "L" + t.replace('.', '/') + ";";
    };
  }
}
