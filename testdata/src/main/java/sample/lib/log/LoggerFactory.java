package sample.lib.log;

/** Stand-in logging library; left out of sample-partial.jar. */
public final class LoggerFactory {
    private LoggerFactory() {
    }

    public static Logger getLogger(Class<?> owner) {
        String name = owner.getName();
        return new Logger() {
            @Override
            public void info(String message) {
                System.out.println("INFO " + name + ": " + message);
            }

            @Override
            public void warn(String message, Throwable cause) {
                System.out.println("WARN " + name + ": " + message + " (" + cause + ")");
            }

            @Override
            public boolean isDebugEnabled() {
                return false;
            }
        };
    }
}
