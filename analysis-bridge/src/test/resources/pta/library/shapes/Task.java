package library.shapes;

/** Package-private: under closed packages run() is no entry point, but Hooks.fire reaches it. */
class Task implements Runnable {
    @Override
    public void run() {
    }
}
