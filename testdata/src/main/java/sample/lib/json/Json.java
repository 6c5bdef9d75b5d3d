package sample.lib.json;

/** Stand-in JSON library; left out of sample-partial.jar. */
public final class Json {
    private Json() {
    }

    public static JsonObject parseObject(String text) {
        JsonObject o = new JsonObject();
        for (String pair : text.replaceAll("[{}\"]", "").split(",")) {
            String[] kv = pair.split(":", 2);
            if (kv.length == 2) {
                o.put(kv[0].trim(), kv[1].trim());
            }
        }
        return o;
    }
}
