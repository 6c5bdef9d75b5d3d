package startup;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * The JVM's start-up: System.out, err and in, the context class loader of the main thread, and
 * Thread.currentThread() in main and in a started thread. Without the start-up model these fields
 * hold nothing (the JVM sets them through natives), so the calls on them reach no method.
 */
public class Main {
    static class Tee extends PrintStream {
        Tee(OutputStream out) {
            super(out);
        }

        @Override
        public void println(String s) {
            super.println(s);
        }
    }

    static class Worker extends Thread {
        void work() {
        }

        @Override
        public void run() {
            Thread self = Thread.currentThread();
            if (self instanceof Worker) {
                ((Worker) self).work();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        System.out.println("out");
        System.err.flush();
        System.in.available();
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        context.loadClass("startup.Main");
        new Worker().start();
        System.setOut(new Tee(System.out));
        System.out.println("through the tee");
    }
}
