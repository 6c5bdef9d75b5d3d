package sample.app;

import sample.lib.json.JsonObject;

/** An order line of the sample application. */
public record Order(String id, String product, long quantity) {
    public JsonObject toJson() {
        return new JsonObject().put("id", id).put("product", product).put("quantity", quantity);
    }

    public static Order fromJson(JsonObject json) {
        return new Order(json.getString("id"), json.getString("product"),
                Long.parseLong(json.getString("quantity")));
    }
}
