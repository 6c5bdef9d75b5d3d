package org.jphantom.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

class ProtocolTest {
    @Test
    void roundTripsAwkwardDetails() {
        VerifyFailure f = new VerifyFailure("a.B", VerifyFailure.VERIFY, "line one\nline\ttwo \\ end\r");
        VerifyResult r = Protocol.parse(List.of("noise", Protocol.failLine(f), Protocol.doneLine(3, 7)));
        assertEquals(new VerifyResult(3, 7, List.of(f)), r);
    }

    @Test
    void truncatedOutputIsRejected() {
        VerifyFailure f = new VerifyFailure("a.B", VerifyFailure.LOAD, "x");
        assertThrows(IllegalArgumentException.class, () -> Protocol.parse(List.of(Protocol.failLine(f))));
    }

    @Test
    void messagesLoseHashCodesAndDumps() {
        assertEquals("Bad type Location: A.m()V @1: areturn Reason: no",
                Messages.clean("Bad type\nException Details:\n  Location:\n    A.m()V @1: areturn\n  Reason:\n"
                        + "    no\n  Current Frame:\n    bci: @1\n"));
        assertEquals("expected a static field: A.f/int/getField",
                Messages.clean("expected a static field: A.f/int/getField, from class A (unnamed module @6d06d69c)"));
        assertEquals("class A (in unnamed module of loader 'x') cannot",
                Messages.clean("class A (in unnamed module of loader 'x' @1b2c3d4e) cannot"));
    }
}
