package strings.plugins;

public class Beta {
    public Beta() {
    }
}
