# Sourced by bench/selectx.sh and bench/selectx-peer.sh: the ratios of a selective analysis against
# its full one. Reads the caller's associative arrays WALL, CPU (whole process, s), MAIN, MAINC (main
# analysis wall and CPU, ms), PRE, PREC (pre-analysis wall and CPU, ms), EDGES, POLY, CASTS, METHODS,
# keyed by configuration name.
#
# selectx_ratios S K CI   prints S (e.g. s-2cfa) against K (2cfa): the paper's speedup (main analysis
#                         times, and with S's pre-analysis added), the whole-process speedup, and the
#                         increase of each Table 1 metric with seed 004's precision loss against CI
#                         (the context-insensitive configuration's name; "n/a" where it did not run)
selectx_ratios() {
    local s=$1 k=$2 ci=$3
    if [[ -z ${EDGES[$k]:-} ]]; then
        echo "  $s vs $k: $k did not finish (${WALL[$k]:-not run}); $s took ${WALL[$s]} s"
        return
    fi
    awk -v s="$s" -v k="$k" -v ws="${WALL[$s]}" -v wk="${WALL[$k]}" -v cs_="${CPU[$s]}" -v ck_="${CPU[$k]}" \
        -v ms_="${MAIN[$s]}" -v mk_="${MAIN[$k]}" -v pre="${PRE[$s]}" \
        -v msc="${MAINC[$s]}" -v mkc="${MAINC[$k]}" -v prec="${PREC[$s]}" \
        -v es="${EDGES[$s]}" -v ek="${EDGES[$k]}" -v ps="${POLY[$s]}" -v pk="${POLY[$k]}" \
        -v cs="${CASTS[$s]}" -v ck="${CASTS[$k]}" -v ms="${METHODS[$s]}" -v mk="${METHODS[$k]}" \
        -v eci="${EDGES[$ci]:-}" -v pci="${POLY[$ci]:-}" -v cci="${CASTS[$ci]:-}" 'function inc(a, b) { return 100 * (a - b) / b }
        function loss(ci, base, p) { return ci == "" || ci == base ? "n/a" : sprintf("%.2f%%", 100 * (p - base) / (ci - base)) }
        BEGIN {
        printf "  %s vs %s: paper speedup, wall %.1fx (main %.1f s vs %.1f s; with the %.1f s pre-analysis %.1fx), CPU %.1fx (main %.1f s vs %.1f s; with the %.1f s pre-analysis %.1fx)\n",
            s, k, mk_ / ms_, ms_ / 1000, mk_ / 1000, pre / 1000, mk_ / (ms_ + pre),
            (msc > 0 ? mkc / msc : 0), msc / 1000, mkc / 1000, prec / 1000, (msc + prec > 0 ? mkc / (msc + prec) : 0)
        printf "  %s vs %s: process speedup %.1fx wall (%.1f s vs %.1f s), %.1fx CPU (%.1f s vs %.1f s)\n",
            s, k, wk / ws, ws, wk, ck_ / cs_, cs_, ck_
        printf "  %s vs %s: call edges %+.3f%% (loss %s), poly calls %+.3f%% (loss %s), may-fail casts %+.3f%% (loss %s), reachable methods %+d\n",
            s, k, inc(es, ek), loss(eci, ek, es), inc(ps, pk), loss(pci, pk, ps), inc(cs, ck), loss(cci, ck, cs), ms - mk }'
}
