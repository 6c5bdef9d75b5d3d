package sample.lib.json;

/** Stand-in JSON library; left out of sample-partial.jar. */
public class JsonException extends RuntimeException {
    public JsonException(String message) {
        super(message);
    }
}
