package org.jphantom.maven;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The build rules of the {@code check} goal, over a JSON report (schema version 1): each broken
 * rule gives one message naming the offender. Pure: no Maven, no files.
 *
 * @param forbiddenPackages packages (Java form, {@code com.acme}) in which, or in whose
 *                          subpackages, no phantom may be
 * @param maxPhantoms       the most phantoms allowed; negative: no limit
 * @param failOnWarnings    whether any warning of the run breaks the rules
 */
record Rules(List<String> forbiddenPackages, int maxPhantoms, boolean failOnWarnings) {
    Rules {
        forbiddenPackages = List.copyOf(forbiddenPackages);
        forbiddenPackages.forEach(Objects::requireNonNull);
    }

    /** The messages of the broken rules, in report order; empty when all hold. */
    List<String> violations(JsonNode report) {
        List<String> out = new ArrayList<>();
        JsonNode phantoms = report.path("phantoms");
        for (JsonNode p : phantoms) {
            String name = p.path("name").asText().replace('/', '.');
            int dot = name.lastIndexOf('.');
            String pkg = dot < 0 ? "" : name.substring(0, dot);
            for (String forbidden : forbiddenPackages) {
                if (pkg.equals(forbidden) || pkg.startsWith(forbidden + ".")) {
                    out.add("phantom " + name + " is in forbidden package " + forbidden + firstUse(p.path("firstUse")));
                }
            }
        }
        if (maxPhantoms >= 0 && phantoms.size() > maxPhantoms) {
            out.add(phantoms.size() + " phantoms, more than maxPhantoms " + maxPhantoms);
        }
        if (failOnWarnings) {
            for (JsonNode w : report.path("warnings")) {
                out.add("warning: " + w.asText());
            }
        }
        return out;
    }

    private static String firstUse(JsonNode origin) {
        if (origin.isMissingNode()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(" (first used by ").append(origin.path("class").asText().replace('/', '.'));
        if (origin.has("method")) {
            sb.append('.').append(origin.path("method").asText());
        }
        return sb.append(": ").append(origin.path("what").asText()).append(')').toString();
    }
}
