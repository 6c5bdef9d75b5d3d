package sample.lib.json;

import java.util.Map;
import java.util.TreeMap;

/** Stand-in JSON library; left out of sample-partial.jar. */
public class JsonObject extends JsonValue {
    private final Map<String, Object> members = new TreeMap<>();

    public JsonObject put(String key, String value) {
        members.put(key, value);
        return this;
    }

    public JsonObject put(String key, long value) {
        members.put(key, value);
        return this;
    }

    public JsonObject put(String key, JsonValue value) {
        members.put(key, value);
        return this;
    }

    public String getString(String key) {
        Object v = members.get(key);
        if (v == null) {
            throw new JsonException("missing " + key);
        }
        return v.toString();
    }

    @Override
    public String toJson() {
        StringBuilder sb = new StringBuilder("{");
        members.forEach((k, v) -> sb.append(sb.length() > 1 ? "," : "").append('"').append(k).append("\":")
                .append(v instanceof JsonValue j ? j.toJson() : v instanceof String ? "\"" + v + "\"" : v));
        return sb.append('}').toString();
    }
}
