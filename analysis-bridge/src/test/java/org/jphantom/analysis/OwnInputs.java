package org.jphantom.analysis;

import java.util.HashMap;
import java.util.Map;

/**
 * Inputs of one test class's (or one test's) own: each program read on its first run and kept open
 * until {@link #close()}. A class that analyses only through inputs of its own shares no program model
 * with another class, so it holds none of {@link PtaFixtures}' locks and runs beside any class; the
 * runs over one of its inputs go one after another (the program model is not thread-safe). Each input
 * costs its own reading of the classes its runs reach (a second or two for the JDK's closure), which
 * is cheaper than a thread waiting for a lock.
 */
final class OwnInputs implements AutoCloseable {
    private final Map<String, AnalysisInput> inputs = new HashMap<>();

    /** The result of {@link Analysis#run(AnalysisRequest)}, over this object's input for the request's program. */
    synchronized AnalysisResult run(AnalysisRequest request) {
        String key = request.program() + " " + request.classpath() + " " + request.release() + " " + request.missing();
        return Analysis.run(inputs.computeIfAbsent(key, k -> AnalysisInput.open(request)), request);
    }

    /** Closes the inputs: the results stay readable, the collector may have the models once they are dropped. */
    @Override
    public synchronized void close() {
        inputs.values().forEach(AnalysisInput::close);
        inputs.clear();
    }
}
