package dynloaderbytes.res;

import dynloaderbytes.Main;

/**
 * Compiled with the fixture, then kept out of the class path: the test moves its class file to the
 * resource {@code dynloaderbytes/plugin.bin}, which only {@code Main.ResourceLoader} defines.
 */
public class Plugin implements Main.Task {
    @Override
    public String run() {
        Main.RAN.append(" plugin");
        return "p";
    }
}
