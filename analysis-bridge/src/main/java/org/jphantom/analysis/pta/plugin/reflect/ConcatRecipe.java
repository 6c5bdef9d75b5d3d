package org.jphantom.analysis.pta.plugin.reflect;

import java.util.ArrayList;
import java.util.List;
import org.jphantom.analysis.ir.DynamicCall;

/**
 * What an {@code invokedynamic} string concatenation joins besides its arguments: the constant text
 * of {@code StringConcatFactory.makeConcatWithConstants}' recipe, split at its argument (\u0001) and
 * constant (\u0002) tags, with the constants the constant tags take from the bootstrap arguments;
 * {@code makeConcat} has none.
 */
final class ConcatRecipe {
    private ConcatRecipe() {
    }

    /** Whether {@code d} is a {@code StringConcatFactory} concatenation. */
    static boolean isConcat(DynamicCall d) {
        return d.bootstrap.owner().equals("java/lang/invoke/StringConcatFactory");
    }

    /** The constant pieces of concatenation {@code d}, in order. */
    static List<String> constants(DynamicCall d) {
        List<String> pieces = new ArrayList<>();
        if (!d.bootstrap.name().equals("makeConcatWithConstants") || d.bootstrapArgs.isEmpty()
                || !(d.bootstrapArgs.get(0) instanceof String recipe)) {
            return pieces;
        }
        int next = 1;
        StringBuilder text = new StringBuilder();
        for (int k = 0; k < recipe.length(); k++) {
            char c = recipe.charAt(k);
            if (c == '\u0001' || c == '\u0002') {
                if (text.length() > 0) {
                    pieces.add(text.toString());
                    text.setLength(0);
                }
                if (c == '\u0002' && next < d.bootstrapArgs.size()) {
                    Object cst = d.bootstrapArgs.get(next++);
                    if (cst instanceof String str) {
                        pieces.add(str);
                    }
                }
            } else {
                text.append(c);
            }
        }
        if (text.length() > 0) {
            pieces.add(text.toString());
        }
        return pieces;
    }
}
