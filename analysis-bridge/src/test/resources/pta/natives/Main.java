package natives;

import check.Check;

public class Main implements Cloneable {
    Object field = new Object(); // @field

    static class Worker extends Thread {
        final Object job;

        Worker(Object job) {
            this.job = job;
        }

        @Override
        public void run() {
            Check.pts(job, "job");
        }
    }

    static class Task implements Runnable {
        @Override
        public void run() {
            Check.pts(this, "task");
        }
    }

    @Override
    protected Main clone() throws CloneNotSupportedException {
        return (Main) super.clone();
    }

    public static void main(String[] args) throws Exception {
        Main m = new Main(); // @main
        Main copy = m.clone();
        Check.pts(copy, "main");
        Check.pts(copy.field, "field");
        Check.pts(m.getClass(), "class:natives.Main");
        Object[] src = {new Object()}; // @elem
        Object[] dst = new Object[1]; // @dst
        System.arraycopy(src, 0, dst, 0, 1);
        Check.pts(dst[0], "elem");
        new Worker(new Object() /* @job */).start();
        new Thread(new Task() /* @task */).start();
    }
}
