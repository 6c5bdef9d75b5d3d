package reflection;

public interface Plugin {
    void run();
}

class PluginA implements Plugin {
    static Object registry = new Object(); // PluginA.<clinit> runs when forName initialises the class

    public PluginA() {
    }

    public PluginA(String name) {
        check.Check.pts(name, "\"name\"");
    }

    @Override
    public void run() {
    }
}

class PluginB implements Plugin {
    @Override
    public void run() {
    }
}

abstract class AbstractPlugin implements Plugin {
}

class Unrelated {
    public void run() {
    }
}
