package org.jphantom.analysis.pta.solver;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The plugins that hear of the flows of objects that are no edges of the pointer flow graph: the
 * objects plugins add to pointers ({@link Solver#addPointsTo(int, int, int)}), and the receiver
 * objects calls bind to their callees' {@code this}, object by object, for the objects someone
 * asked about ({@link Solver#listenToReceiver}): the dispatch loop is the solver's hottest, so it
 * asks one bit before telling anyone.
 */
final class FlowListeners {
    private final List<Solver.AddedObjectListener> added = new ArrayList<>(1);
    private final List<Solver.ReceiverListener> receivers = new ArrayList<>(1);
    private final BitSet listenedReceivers = new BitSet();

    void listenToAdded(Solver.AddedObjectListener l) {
        added.add(l);
    }

    void listenToReceivers(Solver.ReceiverListener l) {
        receivers.add(l);
    }

    void listenToReceiver(int csObject) {
        listenedReceivers.set(csObject);
    }

    void added(int pointer, int csObject, int from) {
        for (int i = 0; i < added.size(); i++) {
            added.get(i).added(pointer, csObject, from);
        }
    }

    boolean isListenedReceiver(int csObject) {
        return listenedReceivers.get(csObject);
    }

    void receiverBound(int csm, int recvVar, int self, int csObject) {
        for (int i = 0; i < receivers.size(); i++) {
            receivers.get(i).bound(csm, recvVar, self, csObject);
        }
    }
}
