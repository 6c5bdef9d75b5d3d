package org.jphantom.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jphantom.Result;
import org.jphantom.generate.PlannedMember;
import org.jphantom.model.Constraint;
import org.jphantom.model.Origin;

/**
 * Writes {@link JsonReport}'s report straight from a {@link Result} through Jackson's streaming
 * generator, with the pretty printer and the sorted keys that writing {@link JsonReport#toJson}'s
 * tree with sorted keys gives, byte for byte: each object's keys are written here in sorted order.
 * Building the tree, converting it to maps and serialising those took a report's whole cost on a
 * large program (and the start of Jackson's data binding on every run).
 */
final class ReportStream {
    private final JsonGenerator out;

    private ReportStream(JsonGenerator out) {
        this.out = out;
    }

    /** Writes the report of {@code r} to {@code stream}, which stays open. */
    static void write(Result r, OutputStream stream) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(stream, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.useDefaultPrettyPrinter();
            new ReportStream(g).root(r);
        }
    }

    private void root(Result r) throws IOException {
        out.writeStartObject();
        out.writeArrayFieldStart("constraints");
        for (int i = 0; i < r.constraints().size(); i++) {
            constraint(r.constraints().get(i), r.occurrences().get(i));
        }
        out.writeEndArray();
        out.writeObjectFieldStart("counts");
        for (Map.Entry<String, Integer> e : new TreeMap<>(r.counts()).entrySet()) {
            out.writeFieldName(e.getKey());
            out.writeNumber(e.getValue());
        }
        out.writeEndObject();
        out.writeArrayFieldStart("phantoms");
        for (Result.Phantom p : r.phantoms().values()) {
            phantom(p);
        }
        out.writeEndArray();
        out.writeNumberField("schemaVersion", JsonReport.SCHEMA_VERSION);
        strings("shadowedEntries", r.shadowedEntries());
        out.writeObjectFieldStart("timingsMillis");
        for (Map.Entry<String, Long> e : new TreeMap<>(r.timings()).entrySet()) {
            out.writeFieldName(e.getKey());
            out.writeNumber(e.getValue());
        }
        out.writeEndObject();
        strings("warnings", r.warnings());
        out.writeEndObject();
    }

    private void constraint(Constraint c, int occurrences) throws IOException {
        out.writeStartObject();
        if (c instanceof Constraint.Kind k) {
            out.writeStringField("kind", k.kind().name().toLowerCase(Locale.ROOT));
        }
        out.writeNumberField("occurrences", occurrences);
        origin("origin", c.origin());
        if (c instanceof Constraint.Subtype s) {
            out.writeStringField("sub", s.sub());
        } else if (c instanceof Constraint.Kind k) {
            out.writeStringField("subject", k.type());
        }
        if (c instanceof Constraint.Subtype s) {
            out.writeStringField("sup", s.sup());
        }
        out.writeStringField("text", c.toString());
        out.writeStringField("type", c instanceof Constraint.Subtype ? "subtype" : "kind");
        out.writeEndObject();
    }

    private void phantom(Result.Phantom p) throws IOException {
        out.writeStartObject();
        if (p.firstUse() != null) {
            origin("firstUse", p.firstUse());
        }
        strings("interfaces", p.interfaces());
        out.writeStringField("kind", p.kind().name().toLowerCase(Locale.ROOT));
        out.writeArrayFieldStart("members");
        for (PlannedMember m : p.members()) {
            out.writeStartObject();
            out.writeStringField("descriptor", m.desc());
            out.writeBooleanField("inferred", m.inferred());
            out.writeStringField("kind", m.field() ? "field" : m.isConstructor() ? "constructor" : "method");
            out.writeStringField("name", m.name());
            out.writeBooleanField("static", m.isStatic());
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeStringField("name", p.name());
        out.writeStringField("reason", p.reason());
        out.writeStringField("superName", p.superName());
        out.writeEndObject();
    }

    private void origin(String field, Origin o) throws IOException {
        out.writeObjectFieldStart(field);
        out.writeStringField("class", o.className());
        if (o.insn() >= 0) {
            out.writeNumberField("insn", o.insn());
        }
        if (o.method() != null) {
            out.writeStringField("method", o.method());
        }
        out.writeStringField("what", o.what());
        out.writeEndObject();
    }

    private void strings(String field, Iterable<String> values) throws IOException {
        out.writeArrayFieldStart(field);
        for (String v : values) {
            out.writeString(v);
        }
        out.writeEndArray();
    }
}
