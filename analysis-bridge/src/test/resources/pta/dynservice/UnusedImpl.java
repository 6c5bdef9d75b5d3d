package dynservice;

/** Never instantiated: nobody loads Unused. */
public class UnusedImpl implements Unused {
    public UnusedImpl() {
    }
}
