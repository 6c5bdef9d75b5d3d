package sample.lib.json;

import java.util.ArrayList;
import java.util.List;

/** Stand-in JSON library; left out of sample-partial.jar. */
public class JsonArray extends JsonValue {
    private final List<JsonValue> items = new ArrayList<>();

    public void add(JsonValue value) {
        items.add(value);
    }

    public int size() {
        return items.size();
    }

    @Override
    public String toJson() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < items.size(); i++) {
            sb.append(i == 0 ? "" : ",").append(items.get(i).toJson());
        }
        return sb.append(']').toString();
    }
}
