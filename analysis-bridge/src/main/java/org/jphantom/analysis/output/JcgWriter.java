package org.jphantom.analysis.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
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
 * call sites by their order in the method, targets by signature: the same result, the same bytes
 * (UTF-8, no spaces, a line break before each reachable method).
 *
 * <p>Reads nothing but the {@link MethodGraph}, so it may run while another thread uses the program.
 */
public final class JcgWriter {
    private static final byte[] OPEN = ascii("{\"reachableMethods\":[");
    private static final byte[] METHOD = ascii("{\"method\":");
    private static final byte[] CALL_SITES = ascii(",\"callSites\":[");
    private static final byte[] DECLARED = ascii("{\"declaredTarget\":");
    private static final byte[] LINE = ascii(",\"line\":");
    private static final byte[] PC = ascii(",\"pc\":");
    private static final byte[] TARGETS = ascii(",\"targets\":[");
    private static final byte[] CLOSE_SITE = ascii("]}");
    private static final byte[] CLOSE_METHOD = ascii("]}");
    private static final byte[] CLOSE = ascii("]}\n");

    private JcgWriter() {
    }

    /** Writes the graph's JCG JSON to {@code sink} (buffered here). */
    public static void write(MethodGraph graph, OutputStream sink) throws IOException {
        Methods methods = new Methods(graph);
        Out out = new Out(sink);
        out.write(OPEN);
        boolean first = true;
        for (int m : graph.reachable()) {
            out.write('\n');
            if (!first) {
                out.write(',');
            }
            first = false;
            out.write(METHOD);
            out.write(methods.of(m));
            out.write(CALL_SITES);
            int[] sites = graph.sitesOf(m);
            for (int i = 0; i < sites.length; i++) {
                Invoke inv = graph.site(sites[i]);
                if (i > 0) {
                    out.write(',');
                }
                out.write(DECLARED);
                out.write(methods.declared(inv));
                out.write(LINE);
                out.number(inv.line > 0 ? inv.line : -1);
                out.write(PC);
                out.number(inv.pc);
                out.write(TARGETS);
                int[] targets = graph.targetsOf(sites[i]);
                for (int j = 0; j < targets.length; j++) {
                    if (j > 0) {
                        out.write(',');
                    }
                    out.write(methods.of(targets[j]));
                }
                out.write(CLOSE_SITE);
            }
            out.write(CLOSE_METHOD);
        }
        out.write(CLOSE);
        out.flush();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** A plain buffer in front of the file: tens of millions of small writes, one thread. */
    private static final class Out {
        private final OutputStream sink;
        private final byte[] buf = new byte[1 << 16];
        private int n;

        Out(OutputStream sink) {
            this.sink = sink;
        }

        void write(byte[] b) throws IOException {
            if (b.length > buf.length - n) {
                flush();
                if (b.length > buf.length) {
                    sink.write(b);
                    return;
                }
            }
            System.arraycopy(b, 0, buf, n, b.length);
            n += b.length;
        }

        void write(char c) throws IOException {
            if (n == buf.length) {
                flush();
            }
            buf[n++] = (byte) c;
        }

        /** {@code v} in decimal, as JSON (and Jackson) writes an int. */
        void number(int v) throws IOException {
            if (buf.length - n < 11) {
                flush();
            }
            if (v < 0) {
                buf[n++] = '-';
                v = -v; // a line or offset: never Integer.MIN_VALUE
            }
            int end = n + (v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : v < 10000 ? 4 : v < 100000 ? 5
                    : Integer.toString(v).length());
            for (int i = end - 1; i >= n; i--) {
                buf[i] = (byte) ('0' + v % 10);
                v /= 10;
            }
            n = end;
        }

        void flush() throws IOException {
            sink.write(buf, 0, n);
            n = 0;
        }
    }

    /**
     * Each method's JSON object, encoded once: a method is the target of many call sites, and
     * parsing its descriptor for each was most of the writer's time.
     */
    private static final class Methods {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        private final JsonGenerator json;
        private final MethodGraph graph;
        private final byte[][] byId;
        private final Map<Declared, byte[]> declared = new HashMap<>();

        Methods(MethodGraph graph) throws IOException {
            this.graph = graph;
            this.byId = new byte[graph.methodCount()][];
            // one generator for every method: each is a root value of its own, with nothing between them
            this.json = new JsonFactory().createGenerator(bytes);
            json.setRootValueSeparator(null);
        }

        byte[] of(int m) throws IOException {
            byte[] b = byId[m];
            if (b == null) {
                JMethod jm = graph.method(m);
                b = encode(graph.className(m), jm.name(), jm.desc());
                byId[m] = b;
            }
            return b;
        }

        byte[] declared(Invoke inv) throws IOException {
            Declared key = new Declared(inv.owner, inv.name, inv.desc);
            byte[] b = declared.get(key);
            if (b == null) {
                b = encode(inv.owner, inv.name, inv.desc);
                declared.put(key, b);
            }
            return b;
        }

        private byte[] encode(String owner, String name, String desc) throws IOException {
            bytes.reset();
            method(json, owner, name, desc);
            json.flush();
            return bytes.toByteArray();
        }
    }

    /**
     * A call's declared target: the key of its encoding (no string built per call site; equals and
     * hashCode written out, as a record's are slow in code that runs once, before the JIT compiles it).
     */
    private static final class Declared {
        private final String owner;
        private final String name;
        private final String desc;
        private final int hash;

        Declared(String owner, String name, String desc) {
            this.owner = owner;
            this.name = name;
            this.desc = desc;
            this.hash = (owner.hashCode() * 31 + name.hashCode()) * 31 + desc.hashCode();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Declared d && hash == d.hash && owner.equals(d.owner) && name.equals(d.name)
                    && desc.equals(d.desc);
        }

        @Override
        public int hashCode() {
            return hash;
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
