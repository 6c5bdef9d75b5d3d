package org.jphantom.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The check goal's rules over a report of schema version 1. */
class RulesTest {
    private static final String REPORT = """
            {"schemaVersion": 1, "warnings": ["skipped entry a/B.class: truncated"],
             "phantoms": [
               {"name": "com/acme/util/Helper", "firstUse": {"class": "com/acme/app/Main", "method": "main([Ljava/lang/String;)V",
                 "insn": 3, "what": "invokestatic com/acme/util/Helper.run"}},
               {"name": "com/acmex/Other"},
               {"name": "org/slf4j/Logger"},
               {"name": "Bare"}]}
            """;

    private static JsonNode report() throws Exception {
        return new ObjectMapper().readTree(REPORT);
    }

    @Test
    void forbiddenPackageMatchesItselfAndSubpackagesOnly() throws Exception {
        List<String> v = new Rules(List.of("com.acme"), -1, false).violations(report());
        assertEquals(List.of("phantom com.acme.util.Helper is in forbidden package com.acme (first used by"
                + " com.acme.app.Main.main([Ljava/lang/String;)V: invokestatic com/acme/util/Helper.run)"), v);
        assertEquals(List.of("phantom org.slf4j.Logger is in forbidden package org.slf4j"),
                new Rules(List.of("org.slf4j"), -1, false).violations(report()));
    }

    @Test
    void maxPhantomsAndWarnings() throws Exception {
        assertEquals(List.of(), new Rules(List.of(), 4, false).violations(report()));
        assertEquals(List.of("4 phantoms, more than maxPhantoms 3"), new Rules(List.of(), 3, false).violations(report()));
        assertEquals(List.of("warning: skipped entry a/B.class: truncated"),
                new Rules(List.of(), -1, true).violations(report()));
        assertEquals(List.of(), new Rules(List.of("com.acme.app", "net"), -1, false).violations(report()));
    }
}
