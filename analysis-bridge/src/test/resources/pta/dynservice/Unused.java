package dynservice;

/** A service whose provider is listed but never loaded. */
public interface Unused {
}
