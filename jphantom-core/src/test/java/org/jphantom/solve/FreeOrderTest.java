package org.jphantom.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FreeOrderTest {
    @Test
    void wordsSplitAtCapitalsAndKeepAcronyms() {
        assertEquals(List.of("Sdk", "Service", "Exception"), FreeOrder.words("a/b/SdkServiceException"));
        assertEquals(List.of("URL", "Decoder"), FreeOrder.words("a/URLDecoder"));
        assertEquals(List.of("Quoted", "CSV", "Parser"), FreeOrder.words("a/Outer$QuotedCSVParser"));
        assertEquals(List.of("Http2", "Frame"), FreeOrder.words("Http2Frame"));
    }

    @Test
    void theNearerPackageIsLowerThenTheLongerName() {
        String c = "o/web/servlet/X";
        assertTrue(FreeOrder.lowerFirst(c, "o/web/method/HandlerMethod", "o/core/annotation/AnnotatedMethod"));
        assertFalse(FreeOrder.lowerFirst(c, "o/core/annotation/AnnotatedMethod", "o/web/method/HandlerMethod"));
        // the package wins over the name
        assertFalse(FreeOrder.lowerFirst(c, "o/core/SdkServiceException", "o/web/SdkException"));
        // one package: the name holding the other's words in order, and more, is lower
        assertTrue(FreeOrder.lowerFirst("a/X", "c/SdkServiceException", "c/SdkException"));
        assertFalse(FreeOrder.lowerFirst("a/X", "c/SdkException", "c/SdkServiceException"));
        // words out of order, or the same number of words: no evidence, the first is lower
        assertTrue(FreeOrder.lowerFirst("a/X", "c/ExceptionSdk", "c/SdkServiceException"));
        assertTrue(FreeOrder.lowerFirst("a/X", "c/AnnotatedMethod", "c/HandlerMethod"));
        assertTrue(FreeOrder.lowerFirst("a/X", "c/HandlerMethod", "c/AnnotatedMethod"));
    }
}
