package org.jphantom;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.discover.Discovery;
import org.jphantom.discover.Names;
import org.jphantom.io.InputEntry;
import org.jphantom.io.ProgramClass;
import org.jphantom.io.ProgramInput;
import org.jphantom.model.Origin;
import org.jphantom.solve.PhantomShape;
import org.jphantom.solve.Solution;
import org.jphantom.world.ClassInfo;
import org.jphantom.world.ClassWorld;

/**
 * The checks of the program as a whole that {@link Complementer} runs between its stages: input
 * errors that stop the run (a cyclic hierarchy, platform classes the JDK lacks) and warnings that
 * name a class the JVM cannot load or link as it is (newer class files, wrong super kinds, concealed
 * JDK packages, private access outside a nest, a phantom that must extend an inaccessible class,
 * signature files that must go). Each reads the stage results it is given and adds to
 * {@code warnings} or throws {@link JphantomException}; none changes the complement.
 */
final class InputChecks {
    private InputChecks() {
    }

    /** Class files a JVM of the selected release could not load: the complement is still made. */
    static void warnNewerThanRelease(List<ProgramClass> program, Map<String, ClassInfo> info, int release,
                                             List<String> warnings) {
        int newest = release + 44;
        List<String> newer = new ArrayList<>();
        for (ProgramClass pc : program) {
            if (info.get(pc.internalName()).version() > newest) {
                newer.add(pc.entryName() + " (version " + info.get(pc.internalName()).version() + ")");
            }
        }
        if (!newer.isEmpty()) {
            warnings.add(newer.size() + " class file" + (newer.size() == 1 ? " is" : "s are") + " newer than Java "
                    + release + " can load (class file version " + newest + "), e.g. " + newer.get(0));
        }
    }

    /**
     * A program class whose known super class is an interface, or whose known super interface is
     * a class, cannot be loaded (IncompatibleClassChangeError): the complement is still made.
     */
    static void warnWrongSuperKinds(ClassWorld world, List<ProgramClass> program, List<String> warnings) {
        for (ProgramClass pc : program) {
            ClassInfo c = world.lookup(pc.internalName());
            ClassInfo sup = c.superName() == null ? null : world.lookup(c.superName());
            if (sup != null && sup.isInterface() && !c.isInterface()) {
                warnings.add(pc.entryName() + " (" + pc.source() + "): " + Names.javaName(pc.internalName())
                        + " extends interface " + Names.javaName(sup.name()) + "; the JVM cannot load it");
            }
            for (String i : c.interfaces()) {
                ClassInfo itf = world.lookup(i);
                if (itf != null && !itf.isInterface()) {
                    warnings.add(pc.entryName() + " (" + pc.source() + "): " + Names.javaName(pc.internalName())
                            + " implements class " + Names.javaName(i) + "; the JVM cannot load it");
                }
            }
        }
    }

    /**
     * A program class that uses a class of a platform package its module does not export cannot
     * link on this JDK (IllegalAccessError; programs built for Java 8 meet it): one warning per
     * program class, naming it; the complement is still made.
     */
    static void warnConcealedUses(Discovery discovery, ProgramInput input, List<String> warnings) {
        discovery.concealedUses().forEach((programClass, used) -> {
            ProgramClass pc = input.classes().get(programClass);
            String where = pc == null ? "" : pc.entryName() + " (" + pc.source() + "): ";
            String first = used.first();
            warnings.add(where + Names.javaName(programClass) + " uses " + Names.javaName(first)
                    + (used.size() > 1 ? " and " + (used.size() - 1) + " more class" + (used.size() > 2 ? "es" : "")
                    + " of packages" : ", of a package") + " that the JDK does not export; the JVM throws"
                    + " IllegalAccessError there unless it runs with --add-exports");
        });
    }

    /**
     * A phantom whose solved super class or interface is a known type it cannot access (JVMS 5.4.4:
     * not public and in another package) cannot be loaded (IllegalAccessError). The constraints
     * leave no other choice, so the program's own use is at fault (a damaged name, or a type used
     * across packages): warned, naming the phantom's first use; the complement is still made.
     */
    static void warnInaccessibleSupers(ClassWorld world, Solution solution, Discovery discovery,
                                               List<String> warnings) {
        for (PhantomShape s : solution.phantoms().values()) {
            List<String> supers = new ArrayList<>(s.interfaces());
            if (s.superName() != null) {
                supers.add(0, s.superName());
            }
            for (String sup : supers) {
                ClassInfo known = world.lookup(sup);
                if (known != null && !known.isPublic()
                        && !ClassWorld.packageOf(sup).equals(ClassWorld.packageOf(s.name()))) {
                    warnings.add("phantom " + Names.javaName(s.name()) + " (used in " + discovery.phantomTypes().get(s.name())
                            + ") must be a subtype of " + Names.javaName(sup) + ", which is not public and in another"
                            + " package; the JVM cannot load it (IllegalAccessError)");
                }
            }
        }
    }

    /**
     * A program class that uses a private member of another program class that is not its nestmate
     * cannot link there (IllegalAccessError): one warning per program class, naming both.
     */
    static void warnPrivateAccesses(Discovery discovery, ProgramInput input, List<String> warnings) {
        discovery.privateAccesses().forEach((programClass, members) -> {
            ProgramClass pc = input.classes().get(programClass);
            String where = pc == null ? "" : pc.entryName() + " (" + pc.source() + "): ";
            String first = members.first();
            warnings.add(where + Names.javaName(programClass) + " uses private " + first.replace('/', '.')
                    + (members.size() > 1 ? " and " + (members.size() - 1) + " more private member"
                    + (members.size() > 2 ? "s" : "") : "") + " of a class that is not its nestmate (their NestHost"
                    + " and NestMembers attributes do not agree); the JVM throws IllegalAccessError there");
        });
    }

    /** A class that is its own ancestor can never be loaded: reject the input. */
    static void checkCycles(ClassWorld world, List<ProgramClass> program) {
        Set<String> acyclic = new HashSet<>();
        for (ProgramClass pc : program) {
            List<String> path = new ArrayList<>();
            if (cycle(world, pc.internalName(), acyclic, new HashSet<>(), path)) {
                throw JphantomException.input(pc.entryName() + " (" + pc.source() + "): cyclic class hierarchy: "
                        + String.join(" -> ", path.stream().map(Names::javaName).toList()));
            }
        }
    }

    private static boolean cycle(ClassWorld world, String t, Set<String> acyclic, Set<String> onPath, List<String> path) {
        if (acyclic.contains(t)) {
            return false;
        }
        path.add(t);
        if (!onPath.add(t)) {
            return true;
        }
        ClassInfo info = world.lookup(t);
        if (info != null) {
            List<String> supers = new ArrayList<>(info.interfaces());
            if (info.superName() != null) {
                supers.add(0, info.superName());
            }
            for (String s : supers) {
                if (cycle(world, s, acyclic, onPath, path)) {
                    return true;
                }
            }
        }
        onPath.remove(t);
        path.remove(path.size() - 1);
        acyclic.add(t);
        return false;
    }

    static void checkPlatformPhantoms(ClassWorld world, Discovery discovery, int release) {
        List<String> platform = new ArrayList<>();
        for (Map.Entry<String, Origin> e : discovery.phantomTypes().entrySet()) {
            if (world.isPlatformName(e.getKey()) || e.getKey().startsWith("java/")) {
                platform.add(Names.javaName(e.getKey()) + " (used in " + e.getValue() + ")");
            }
        }
        if (!platform.isEmpty()) {
            int shown = Math.min(platform.size(), 5);
            throw JphantomException.input("the program needs " + platform.size() + " platform class"
                    + (platform.size() == 1 ? "" : "es") + " that JDK " + release + " lacks and no class path provides: "
                    + String.join("; ", platform.subList(0, shown)) + (platform.size() > shown ? "; ..." : "")
                    + ". The JVM never loads such classes from the program: complement against the JDK the program"
                    + " was built for with --release N, or add the library with -cp");
        }
    }

    static Set<String> signatureFilesToDrop(ProgramInput input, Set<String> generated, List<String> warnings) {
        if (!input.signed()) {
            return Set.of();
        }
        Set<String> clash = new TreeSet<>();
        for (String g : generated) {
            if (input.signedPackages().contains(ClassWorld.packageOf(g))) {
                clash.add(Names.javaName(g));
            }
        }
        if (clash.isEmpty()) {
            return Set.of();
        }
        Set<String> drop = new TreeSet<>();
        for (InputEntry e : input.entries()) {
            String n = e.name().toUpperCase(java.util.Locale.ROOT);
            if (n.startsWith("META-INF/") && n.indexOf('/', 9) < 0
                    && (n.endsWith(".SF") || n.endsWith(".RSA") || n.endsWith(".DSA") || n.endsWith(".EC"))) {
                drop.add(e.name());
            }
        }
        warnings.add("phantoms " + clash + " fall in signed packages, which the JVM would reject; the signature files "
                + drop + " are left out of the output, so it is no longer signed");
        return drop;
    }
}
