package org.jphantom.analysis.pta.plugin.dynamic;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.ir.MethodIR;
import org.jphantom.analysis.ir.New;
import org.jphantom.analysis.ir.Stmt;
import org.jphantom.analysis.lang.JMethod;
import org.jphantom.analysis.lang.Program;
import org.jphantom.analysis.pta.context.Contexts;
import org.jphantom.analysis.pta.plugin.Warnings;
import org.objectweb.asm.Type;

/**
 * The JDK's XML factories (JAXP): {@code SAXParserFactory.newInstance()},
 * {@code DocumentBuilderFactory.newInstance()}, {@code TransformerFactory.newInstance()},
 * {@code XMLInputFactory.newFactory()}, {@code DatatypeFactory.newInstance()} and their siblings
 * pass the name of the JDK's default implementation as a string constant to their package's
 * {@code FactoryFinder}, which, after the system property, {@code jaxp.properties} and
 * {@code ServiceLoader}, loads it by {@code Class.forName} and instantiates it reflectively: JDK
 * code whose reflection the reflection analysis leaves alone, so without this model no XML
 * document of the program is ever parsed (its SAX handlers never run).
 *
 * <p>At each call of a static method of a {@code javax.xml} {@code *FactoryFinder} class, the
 * model reads the calling method's string constants passed to it (its IR, not points-to sets:
 * without contexts the finder's parameter holds every caller's name) and, for each that names a
 * concrete class of the closed world with a no-argument constructor and a subtype of the call's
 * class-constant argument (the factory type, which the finder checks with
 * {@code isAssignableFrom}), makes one abstract object per class, initialises the class, calls its
 * constructor from that call site and makes the object a result of the call. Other names (a
 * system property, {@code jaxp.properties}, a name the program passes to
 * {@code newInstance(String, ClassLoader)}) are not followed; the service providers the program's
 * class path lists for the factory type are those of {@link ServiceProviders} where the program
 * loads them itself. The JDK's finders of {@code XPathFactory} and {@code SchemaFactory}, which
 * are instances of another shape, are not modelled.
 */
public final class XmlFactories extends CallSiteModel implements Warnings {
    private final Set<String> instantiated = new HashSet<>();
    private final TreeSet<String> unresolved = new TreeSet<>();

    @Override
    public void onNewCallEdge(int site, int callerCsm, int calleeCsm) {
        JMethod callee = solver.methodOf(calleeCsm);
        if (!callee.isStatic() || !isFinder(solver.program().typeName(callee.declaringType()))
                || !done.add(callerCsm, site)) {
            return;
        }
        Invoke inv = solver.callSites().get(site);
        if (inv.lhs < 0) {
            return;
        }
        MethodIR caller = solver.ir(solver.methodOf(callerCsm));
        Type[] params = Type.getArgumentTypes(callee.desc());
        List<String> factoryTypes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < params.length && i < inv.args.length; i++) {
            String d = params[i].getDescriptor();
            if (d.equals("Ljava/lang/Class;")) {
                factoryTypes.addAll(constants(caller, inv.args[i], New.Kind.CLASS_CONSTANT));
            } else if (d.equals("Ljava/lang/String;")) {
                names.addAll(constants(caller, inv.args[i], New.Kind.STRING));
            }
        }
        Program program = solver.program();
        int result = solver.varPointer(callerCsm, inv.lhs);
        for (String factoryType : factoryTypes) {
            int factory = program.type(factoryType);
            for (String name : names) {
                String internal = name.replace('.', '/');
                int type = program.type(internal);
                if (program.info(type) == null || program.isAbstractOrInterface(type)
                        || !program.isSubtype(type, factory)) {
                    continue; // a property name, or another finder argument that names no implementation
                }
                JMethod init = program.declared(type, "<init>", "()V");
                if (init == null) {
                    unresolved.add("XML factory: " + name + " has no no-arg constructor");
                    continue;
                }
                int obj = solver.csObject(Contexts.EMPTY, solver.heap().abstractObject("xml-factory:" + internal, type,
                        null, "<xml-factory:" + name + ">"));
                if (instantiated.add(callerCsm + ":" + site + ":" + internal)) {
                    solver.initClass(type);
                    Calls.dispatch(solver, callerCsm, site, init, false, new int[] {obj}, new int[0], -1, -1);
                }
                solver.addPointsTo(result, obj);
            }
        }
    }

    /** A {@code FactoryFinder} of a {@code javax.xml} package (internal name). */
    static boolean isFinder(String owner) {
        return owner.startsWith("javax/xml/") && owner.endsWith("/FactoryFinder");
    }

    /**
     * The constants of {@code kind} that define {@code var} in {@code ir}: string values, or the
     * internal names of class constants (arrays: descriptors).
     */
    private static List<String> constants(MethodIR ir, int var, New.Kind kind) {
        List<String> out = new ArrayList<>();
        if (var < 0) {
            return out;
        }
        for (Stmt st : ir.stmts) {
            if (st instanceof New n && n.lhs == var && n.what == kind && n.constant != null) {
                out.add(n.constant);
            }
        }
        return out;
    }

    @Override
    public List<String> warnings() {
        return new ArrayList<>(unresolved);
    }
}
