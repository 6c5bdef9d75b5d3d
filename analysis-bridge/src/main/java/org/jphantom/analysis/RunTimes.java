package org.jphantom.analysis;

/**
 * Where an analysis run's wall time went, in nanoseconds.
 *
 * @param total from the request to the end of the main analysis: reading the input, loading,
 *              any pre-analysis and the main analysis ({@code timeMs} of {@code stats.json})
 * @param load  on-demand loading during the run's analyses, pre-analysis included: class files
 *              read and method IR built ({@link org.jphantom.analysis.lang.LoadClock})
 * @param main  the main analysis alone: its solver's set-up and fixpoint, without any
 *              pre-analysis and without the loading done meanwhile, so that an analysis that
 *              finds the program loaded and one that loads it are timed alike (seed 004's
 *              "analysis time" of kcs and s-kcs, the pre-analysis being reported as overhead)
 * @param mainCpu {@code main} as the process' CPU time (all its threads: the garbage collector
 *              and the JIT compiler too), the loading's CPU time subtracted likewise; 0 where the
 *              platform does not tell. Less disturbed than wall time by other work on a shared
 *              machine.
 */
public record RunTimes(long total, long load, long main, long mainCpu) {
}
