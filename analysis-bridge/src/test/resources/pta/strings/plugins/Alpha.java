package strings.plugins;

public class Alpha {
    public Alpha() {
    }
}
