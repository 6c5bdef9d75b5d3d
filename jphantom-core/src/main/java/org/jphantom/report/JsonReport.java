package org.jphantom.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import org.jphantom.JphantomException;
import org.jphantom.io.OutputFiles;
import org.jphantom.Result;
import org.jphantom.generate.PlannedMember;
import org.jphantom.model.Constraint;
import org.jphantom.model.Origin;

/**
 * The machine-readable report (schema version 1, documented in the README): an object with
 * sorted keys {@code constraints}, {@code counts}, {@code phantoms}, {@code schemaVersion},
 * {@code shadowedEntries}, {@code timingsMillis}, {@code warnings}. Lists are in the result's (sorted) order.
 */
public final class JsonReport {
    /** Version of the report layout; bumped on incompatible change. */
    public static final int SCHEMA_VERSION = 1;

    private JsonReport() {
    }

    /** Builds the report tree. */
    public static ObjectNode toJson(Result r) {
        ObjectMapper mapper = mapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        ObjectNode counts = root.putObject("counts");
        r.counts().forEach(counts::put);
        ObjectNode timings = root.putObject("timingsMillis");
        r.timings().forEach(timings::put);
        ArrayNode warnings = root.putArray("warnings");
        r.warnings().forEach(warnings::add);
        ArrayNode shadowed = root.putArray("shadowedEntries");
        r.shadowedEntries().forEach(shadowed::add);
        ArrayNode phantoms = root.putArray("phantoms");
        for (Result.Phantom p : r.phantoms().values()) {
            ObjectNode o = phantoms.addObject();
            o.put("name", p.name());
            o.put("kind", p.kind().name().toLowerCase(java.util.Locale.ROOT));
            o.put("superName", p.superName());
            ArrayNode itfs = o.putArray("interfaces");
            p.interfaces().forEach(itfs::add);
            o.put("reason", p.reason());
            if (p.firstUse() != null) {
                origin(o.putObject("firstUse"), p.firstUse());
            }
            ArrayNode members = o.putArray("members");
            for (PlannedMember m : p.members()) {
                ObjectNode mo = members.addObject();
                mo.put("kind", m.field() ? "field" : m.isConstructor() ? "constructor" : "method");
                mo.put("name", m.name());
                mo.put("descriptor", m.desc());
                mo.put("static", m.isStatic());
                mo.put("inferred", m.inferred());
            }
        }
        ArrayNode constraints = root.putArray("constraints");
        for (int i = 0; i < r.constraints().size(); i++) {
            Constraint c = r.constraints().get(i);
            ObjectNode o = constraints.addObject();
            o.put("text", c.toString());
            if (c instanceof Constraint.Subtype s) {
                o.put("type", "subtype");
                o.put("sub", s.sub());
                o.put("sup", s.sup());
            } else if (c instanceof Constraint.Kind k) {
                o.put("type", "kind");
                o.put("subject", k.type());
                o.put("kind", k.kind().name().toLowerCase(java.util.Locale.ROOT));
            }
            o.put("occurrences", r.occurrences().get(i));
            origin(o.putObject("origin"), c.origin());
        }
        return root;
    }

    /**
     * Writes the report atomically, with the mode a new file gets under the user's umask: the bytes of
     * {@link #toJson}'s tree written with sorted keys and indented ({@link #write(Result, java.io.OutputStream)}).
     */
    public static void write(Result r, Path file) {
        try {
            OutputFiles.writeAtomically(file, out -> ReportStream.write(r, out));
        } catch (IOException e) {
            throw JphantomException.input("cannot write report " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes the report to {@code out} (left open): {@link #toJson}'s tree with every object's keys
     * sorted, indented by Jackson's default pretty printer, without building the tree.
     */
    public static void write(Result r, java.io.OutputStream out) throws IOException {
        ReportStream.write(r, out);
    }

    static void origin(ObjectNode o, Origin origin) {
        o.put("class", origin.className());
        if (origin.method() != null) {
            o.put("method", origin.method());
        }
        if (origin.insn() >= 0) {
            o.put("insn", origin.insn());
        }
        o.put("what", origin.what());
    }

    static ObjectMapper mapper() {
        ObjectMapper m = new ObjectMapper();
        m.enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
        m.configure(com.fasterxml.jackson.databind.MapperFeature.SORT_PROPERTIES_ALPHABETICALLY, true);
        m.configure(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT, true);
        return m;
    }
}
