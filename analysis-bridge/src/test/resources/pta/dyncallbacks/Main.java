package dyncallbacks;

import check.Check;

/** JVM callbacks: finalizers, uncaught-exception handlers, shutdown hooks, enum constants. */
public class Main {
    static class Finalizable {
        @Override
        protected void finalize() {
            Check.pts(this, "fin");
        }
    }

    static class Plain {
    }

    static class Handler implements Thread.UncaughtExceptionHandler {
        @Override
        public void uncaughtException(Thread t, Throwable e) {
            Check.pts(this, "handler");
        }
    }

    static class DefaultHandler implements Thread.UncaughtExceptionHandler {
        @Override
        public void uncaughtException(Thread t, Throwable e) {
            // the model's abstract thread, and, through the JDK's ThreadGroup.uncaughtException (which
            // hands a thread's exception to the default handler), every thread started (without contexts)
            Check.pts(t, "<thread> ForkJoinWorkerThread ForkJoinWorkerThread$InnocuousForkJoinWorkerThread"
                    + " InnocuousThread Main$Failing Reference$ReferenceHandler Thread abstract:Thread grouped hook");
        }
    }

    static class Failing extends Thread {
        @Override
        public void run() {
            throw new IllegalStateException();
        }
    }

    static class Hook implements Runnable {
        @Override
        public void run() {
            Check.pts(this, "hook");
        }
    }

    static class Group extends ThreadGroup {
        Group() {
            super("group");
        }

        @Override
        public void uncaughtException(Thread t, Throwable e) {
            Check.pts(this, "group");
        }
    }

    static class Privileged implements java.security.PrivilegedAction<Object> {
        @Override
        public Object run() {
            Check.pts(this, "priv");
            return null;
        }
    }

    enum Color { RED, GREEN }

    enum Unused { X }

    public static void main(String[] args) {
        new Finalizable(); // @fin
        new Plain();
        Thread.setDefaultUncaughtExceptionHandler(new DefaultHandler());
        Failing f = new Failing();
        f.setUncaughtExceptionHandler(new Handler()); // @handler
        f.start();
        Runtime.getRuntime().addShutdownHook(new Thread(new Hook() /* @hook */));
        Object[] colors = Color.class.getEnumConstants();
        Color c = Enum.valueOf(Color.class, "RED");
        Group group = new Group(); // @group
        Thread grouped = new Thread(group, () -> { }); // @grouped
        grouped.start(); // no handler: the group's uncaughtException
        Privileged action = new Privileged(); // @priv
        Object p = java.security.AccessController.doPrivileged(action); // JDK 17: ordinary code runs action.run()
    }
}
