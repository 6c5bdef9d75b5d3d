package org.jphantom.analysis.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.util.HashMap;
import java.util.Map;
import org.jphantom.analysis.graph.MethodGraph;
import org.jphantom.analysis.ir.Invoke;
import org.jphantom.analysis.lang.JMethod;
import org.objectweb.asm.Type;

/**
 * The call graph in JCG's serialized format (the JSON of the JCG call-graph benchmark, which its
 * OPAL, Soot, WALA, Doop and Tai-e adapters write and its evaluation reads):
 * <pre>
 * {"reachableMethods": [ {"method": M, "callSites": [ {"declaredTarget": M, "line": L, "pc": P, "targets": [M...]} ]} ]}
 * M = {"name": "m", "declaringClass": "Lp/C;", "returnType": "V", "parameterTypes": ["I", "[Ljava/lang/String;"]}
 * </pre>
 * Types are JVM descriptors. {@code line} is the source line, -1 if unknown; {@code pc} is the
 * call instruction's bytecode offset, -1 for the call sites a model adds (a reflective or dynamic
 * call, say); JCG's readers ignore the field and OPAL's serializer writes it. Every call site of a
 * reachable method is listed, with no targets if none was found. Methods are sorted by signature,
 * call sites by their order in the method, targets by signature: the same result, the same bytes.
 */
public final class JcgWriter {
    private JcgWriter() {
    }

    public static void write(MethodGraph graph, Writer out) throws IOException {
        JsonFactory json = new JsonFactory();
        Methods methods = new Methods(json, graph);
        try (JsonGenerator g = json.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeArrayFieldStart("reachableMethods");
            for (int m : graph.reachable()) {
                g.writeRaw('\n');
                g.writeStartObject();
                g.writeFieldName("method");
                g.writeRawValue(methods.of(m));
                g.writeArrayFieldStart("callSites");
                for (int site : graph.sitesOf(m)) {
                    Invoke inv = graph.site(site);
                    g.writeStartObject();
                    g.writeFieldName("declaredTarget");
                    g.writeRawValue(methods.declared(inv));
                    g.writeNumberField("line", inv.line > 0 ? inv.line : -1);
                    g.writeNumberField("pc", inv.pc);
                    g.writeArrayFieldStart("targets");
                    for (int t : graph.targetsOf(site)) {
                        g.writeRawValue(methods.of(t));
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    /**
     * Each method's JSON object, written once: a method is the target of many call sites, and
     * parsing its descriptor for each was most of the writer's time.
     */
    private static final class Methods {
        private final JsonFactory json;
        private final MethodGraph graph;
        private final String[] byId;
        private final Map<String, String> declared = new HashMap<>();

        Methods(JsonFactory json, MethodGraph graph) {
            this.json = json;
            this.graph = graph;
            this.byId = new String[graph.program().methodCount()];
        }

        String of(int m) throws IOException {
            String s = byId[m];
            if (s == null) {
                JMethod jm = graph.method(m);
                s = text(graph.program().typeName(jm.declaringType()), jm.name(), jm.desc());
                byId[m] = s;
            }
            return s;
        }

        String declared(Invoke inv) throws IOException {
            String key = inv.owner + '.' + inv.name + inv.desc;
            String s = declared.get(key);
            if (s == null) {
                s = text(inv.owner, inv.name, inv.desc);
                declared.put(key, s);
            }
            return s;
        }

        private String text(String owner, String name, String desc) throws IOException {
            StringWriter w = new StringWriter(128);
            try (JsonGenerator g = json.createGenerator(w)) {
                method(g, owner, name, desc);
            }
            return w.toString();
        }
    }

    private static void method(JsonGenerator g, String owner, String name, String desc) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", name);
        g.writeStringField("declaringClass", owner.startsWith("[") ? owner : "L" + owner + ";");
        g.writeStringField("returnType", Type.getReturnType(desc).getDescriptor());
        g.writeArrayFieldStart("parameterTypes");
        for (Type t : Type.getArgumentTypes(desc)) {
            g.writeString(t.getDescriptor());
        }
        g.writeEndArray();
        g.writeEndObject();
    }
}
