package org.jphantom.solve;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of two phantom classes that must both lie above a class {@code c} and that nothing in
 * the program orders (spring-webmvc's {@code HandlerMethod} and {@code AnnotatedMethod} above
 * {@code InvocableHandlerMethod}; the AWS SDK's {@code SdkException} and {@code SdkServiceException}
 * above {@code AwsServiceException}): javac writes the same class files under both orders, so
 * only the library's conventions can guess it. Two, in this order, each measured on the real class
 * hierarchies of bench/fidelity.sh's tuning jars (every class, and every two of its class
 * ancestors in the pair's jars; bench/RESULTS.md):
 * <ol>
 *   <li>the phantom whose package shares more leading segments with {@code c}'s is lower (a
 *       library's own classes lie below those of the libraries it builds on): right for 1,171 of
 *       the 1,182 triples (a class and two of its ancestors) it decides;</li>
 *   <li>the phantom whose simple name holds the other's words in order and more is lower
 *       ({@code SdkServiceException} below {@code SdkException}, {@code InvocableHandlerMethod}
 *       below {@code HandlerMethod}): right for 559 of the 631 pairs it decides.</li>
 * </ol>
 * When neither decides, the first name is lower, as before.
 */
final class FreeOrder {
    private FreeOrder() {
    }

    /**
     * Whether {@code a} is likelier than {@code b} to be the lower of the two (internal names),
     * both required above {@code c}.
     */
    static boolean lowerFirst(String c, String a, String b) {
        int pa = commonPackage(c, a), pb = commonPackage(c, b);
        if (pa != pb) {
            return pa > pb;
        }
        List<String> wa = words(a), wb = words(b);
        if (contains(wb, wa)) {
            return false;
        }
        return true; // a's words contain b's, or neither decides: the first name (a) is lower
    }

    /** The number of leading package segments the two internal names share. */
    static int commonPackage(String a, String b) {
        String[] x = a.split("/"), y = b.split("/");
        int i = 0;
        while (i < x.length - 1 && i < y.length - 1 && x[i].equals(y[i])) {
            i++;
        }
        return i;
    }

    /** The words of the simple name: {@code SdkServiceException} is Sdk, Service, Exception; {@code URLDecoder} URL, Decoder. */
    static List<String> words(String name) {
        String simple = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('$')) + 1);
        List<String> out = new ArrayList<>();
        for (String w : simple.split("(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")) {
            if (!w.isEmpty()) {
                out.add(w);
            }
        }
        return out;
    }

    /** Whether {@code big} has more words than {@code small} and holds all of them in order. */
    static boolean contains(List<String> big, List<String> small) {
        if (small.size() >= big.size()) {
            return false;
        }
        int i = 0;
        for (String w : big) {
            if (i < small.size() && small.get(i).equals(w)) {
                i++;
            }
        }
        return i == small.size();
    }
}
