package reflection;

/**
 * {@code Class.forName} of names the analysis may not know, each initialising a driver class
 * whose static initialiser registers it (the JDBC idiom: the result is not used): a name from
 * {@code main}'s arguments, and one a {@code StringBuilder} builds from constant pieces on two
 * branches. The test also runs it in a JVM: {@code RAN} says which initialisers ran.
 */
public class UnknownNames {
    /** What the JVM ran. */
    public static final StringBuilder RAN = new StringBuilder();

    public static void main(String[] args) throws Exception {
        Class.forName(args[0]);
        StringBuilder name = new StringBuilder("reflection.Driver");
        if (args.length > 1) {
            name.append("One");
        } else {
            name.append("Two");
        }
        Class.forName(name.toString());
    }
}

class DriverByArgument {
    static {
        UnknownNames.RAN.append(" argument");
    }
}

class DriverOne {
    static {
        UnknownNames.RAN.append(" one");
    }
}

class DriverTwo {
    static {
        UnknownNames.RAN.append(" two");
    }
}
