package sample.lib.log;

/** Stand-in logging library; left out of sample-partial.jar. */
public interface Logger {
    void info(String message);

    void warn(String message, Throwable cause);

    boolean isDebugEnabled();
}
