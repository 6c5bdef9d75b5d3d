package dynserlambda;

import check.Check;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * A serializable lambda's round trip: writeObject calls the lambda class's writeReplace (a
 * SerializedLambda of the captured values), readObject's SerializedLambda.readResolve calls this
 * class's $deserializeLambda$, whose new lambda runs the body. The test also runs it in a JVM.
 */
public class Main {
    static class Payload implements Serializable {
    }

    /** What the lambda bodies saw when the JVM ran them. */
    public static final StringBuilder RAN = new StringBuilder();

    public static void main(String[] args) throws Exception {
        Payload payload = new Payload(); // @payload
        Runnable r = (Runnable & Serializable) () -> {
            Check.pts(payload, "<deserialized:dynserlambda.Main$Payload>"); // only the read-back lambda runs
            RAN.append("serializable");
        };
        Runnable plain = () -> RAN.append(" plain");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutputStream out = new ObjectOutputStream(bytes);
        out.writeObject(r);
        out.flush();
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        Runnable back = (Runnable) in.readObject();
        back.run();
        plain.run();
    }
}
