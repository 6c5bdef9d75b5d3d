package library.shapes;

/** Package-private; a client may still hold one (as a Runnable) and store it into Hooks.onChange. */
class Task implements Runnable {
    @Override
    public void run() {
    }
}
