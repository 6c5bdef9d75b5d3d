package sample.lib.json;

/** Stand-in JSON library; left out of sample-partial.jar. */
public abstract class JsonValue {
    public abstract String toJson();
}
