package org.jphantom.analysis.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.Writer;
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
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeArrayFieldStart("reachableMethods");
            for (int m : graph.reachable()) {
                g.writeRaw('\n');
                g.writeStartObject();
                g.writeFieldName("method");
                method(g, graph.method(m), graph);
                g.writeArrayFieldStart("callSites");
                for (int site : graph.sitesOf(m)) {
                    Invoke inv = graph.site(site);
                    g.writeStartObject();
                    g.writeFieldName("declaredTarget");
                    method(g, inv.owner, inv.name, inv.desc);
                    g.writeNumberField("line", inv.line > 0 ? inv.line : -1);
                    g.writeNumberField("pc", inv.pc);
                    g.writeArrayFieldStart("targets");
                    for (int t : graph.targetsOf(site)) {
                        method(g, graph.method(t), graph);
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

    private static void method(JsonGenerator g, JMethod m, MethodGraph graph) throws IOException {
        method(g, graph.program().typeName(m.declaringType()), m.name(), m.desc());
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
