package it.lib;

/** A class of the reactor's lib module. */
public class Greeter {
    public String greet(String who) {
        return "hello " + who;
    }
}
