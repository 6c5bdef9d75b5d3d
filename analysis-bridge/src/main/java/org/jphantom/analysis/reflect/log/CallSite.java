package org.jphantom.analysis.reflect.log;

/**
 * Where a reflective call was made, as TamiFlex identifies it: the calling method by class and
 * name (no descriptor: overloads share a site) and the source line, or -1 when the class has no
 * line numbers.
 *
 * @param callerClass binary name in Java spelling, {@code a.b.C$D}
 * @param callerMethod the method's name, {@code <init>} and {@code <clinit>} included
 * @param line the source line, or -1 when not known
 */
public record CallSite(String callerClass, String callerMethod, int line) implements Comparable<CallSite> {
    public CallSite {
        if (callerClass.isEmpty() || callerMethod.isEmpty() || line < -1) {
            throw new IllegalArgumentException("bad call site " + callerClass + "." + callerMethod + ":" + line);
        }
    }

    @Override
    public int compareTo(CallSite o) {
        int c = callerClass.compareTo(o.callerClass);
        if (c == 0) {
            c = callerMethod.compareTo(o.callerMethod);
        }
        return c != 0 ? c : Integer.compare(line, o.line);
    }

    /** {@code a.b.C.m:12}, or {@code a.b.C.m} without a line. */
    @Override
    public String toString() {
        return callerClass + "." + callerMethod + (line >= 0 ? ":" + line : "");
    }
}
