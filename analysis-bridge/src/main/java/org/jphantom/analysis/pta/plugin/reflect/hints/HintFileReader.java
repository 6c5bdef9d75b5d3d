package org.jphantom.analysis.pta.plugin.reflect.hints;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.jphantom.JphantomException;

/**
 * Reads a hints file ({@code --reflection-hints}) and checks its shape:
 * {@code {"hints": [{"class": ..., "method": ..., "line": 12, "api": "Class.forName",
 * "classes" | "methods" | "fields": [...] | "ignore": true}, ...]}}. {@code line} and {@code api} are
 * optional; exactly one of {@code classes}, {@code methods}, {@code fields} and {@code ignore}; no
 * other key. Whether the names exist, and the API label and its combination with the kind, are
 * checked against the closed world by the reflection analysis.
 */
public final class HintFileReader {
    private static final List<String> KEYS = List.of("class", "method", "line", "api", "classes", "methods", "fields",
            "ignore");
    private static final Set<String> KNOWN = Set.copyOf(KEYS);

    private HintFileReader() {
    }

    /** @throws JphantomException (exit code 2) if the file cannot be read or is not a hints file */
    public static ReflectionHints read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw JphantomException.input(file + ": no such reflection hints file");
        } catch (java.nio.charset.MalformedInputException e) {
            throw JphantomException.input(file + ": not a text file in UTF-8");
        } catch (IOException e) {
            throw JphantomException.input(file + ": cannot read: " + e.getMessage());
        }
        return parse(file.toString(), text);
    }

    /** Parses the text of a hints file; {@code origin} names it in messages. */
    public static ReflectionHints parse(String origin, String text) {
        JsonNode root;
        try {
            ObjectMapper mapper = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
            root = mapper.readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw JphantomException.input(origin + ": not valid JSON: " + e.getOriginalMessage().replaceAll("\\s+", " ")
                    + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
        }
        if (root == null || !root.isObject() || !root.has("hints") || !root.get("hints").isArray()) {
            throw JphantomException.input(origin + ": expected an object {\"hints\": [...]}");
        }
        for (Iterator<String> keys = root.fieldNames(); keys.hasNext(); ) {
            String k = keys.next();
            if (!k.equals("hints")) {
                throw JphantomException.input(origin + ": unknown key \"" + k + "\" at the top level (only \"hints\")");
            }
        }
        List<Hint> out = new ArrayList<>();
        int i = 0;
        for (JsonNode h : root.get("hints")) {
            out.add(hint(origin, i++, h));
        }
        return new ReflectionHints(origin, out);
    }

    private static Hint hint(String origin, int index, JsonNode h) {
        if (!h.isObject()) {
            throw JphantomException.input(origin + ": hints[" + index + "]: not an object");
        }
        String where = where(index, h);
        for (Iterator<String> keys = h.fieldNames(); keys.hasNext(); ) {
            String k = keys.next();
            if (!KNOWN.contains(k)) {
                throw bad(origin, where, "unknown key \"" + k + "\" (known: " + String.join(", ", KEYS) + ")");
            }
        }
        if (!text(h, "class") || !text(h, "method")) {
            throw bad(origin, where, "needs \"class\" (the caller's binary name) and \"method\" (its name), as strings");
        }
        int line = -1;
        if (h.has("line")) {
            if (!h.get("line").canConvertToInt() || !h.get("line").isIntegralNumber() || h.get("line").asInt() <= 0) {
                throw bad(origin, where, "\"line\" must be a positive whole number, not " + h.get("line"));
            }
            line = h.get("line").asInt();
        }
        if (h.has("api") && !text(h, "api")) {
            throw bad(origin, where, "\"api\" must be a string such as \"Class.forName\", not " + h.get("api"));
        }
        List<Hint.Kind> kinds = new ArrayList<>();
        for (Hint.Kind k : Hint.Kind.values()) {
            if (h.has(k.key())) {
                kinds.add(k);
            }
        }
        if (kinds.size() != 1) {
            throw bad(origin, where, "needs exactly one of \"classes\", \"methods\", \"fields\" and \"ignore\""
                    + (kinds.isEmpty() ? "" : ", has " + kinds.stream().map(k -> "\"" + k.key() + "\"").toList()));
        }
        Hint.Kind kind = kinds.get(0);
        List<String> names = new ArrayList<>();
        JsonNode value = h.get(kind.key());
        if (kind == Hint.Kind.IGNORE) {
            if (!value.isBoolean() || !value.asBoolean()) {
                throw bad(origin, where, "\"ignore\" must be true, not " + value);
            }
        } else {
            if (!value.isArray() || value.isEmpty()) {
                throw bad(origin, where, "\"" + kind.key() + "\" must be a non-empty array of strings");
            }
            for (JsonNode n : value) {
                if (!n.isTextual() || n.asText().isBlank()) {
                    throw bad(origin, where, "\"" + kind.key() + "\" must be a non-empty array of strings, not " + value);
                }
                names.add(n.asText().strip());
            }
        }
        return new Hint(index, h.get("class").asText(), h.get("method").asText(), line,
                h.has("api") ? h.get("api").asText() : null, kind, names);
    }

    private static boolean text(JsonNode h, String key) {
        return h.has(key) && h.get(key).isTextual() && !h.get(key).asText().isBlank();
    }

    /** {@code hints[2] (a.b.C.m:12, Class.forName)}, as far as the node tells. */
    private static String where(int index, JsonNode h) {
        if (!text(h, "class") || !text(h, "method")) {
            return "hints[" + index + "]";
        }
        JsonNode line = h.get("line");
        return "hints[" + index + "] (" + h.get("class").asText() + "." + h.get("method").asText()
                + (line != null && line.isIntegralNumber() ? ":" + line.asText() : "")
                + (text(h, "api") ? ", " + h.get("api").asText() : "") + ")";
    }

    private static JphantomException bad(String origin, String where, String message) {
        return JphantomException.input(origin + ": " + where + ": " + message);
    }
}
