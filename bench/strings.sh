#!/usr/bin/env bash
# Benchmark of the string techniques of the reflection analysis (thesis chapter 3, seed 000), on
# real runs of sablecc 3.2, the antlr 3.5.3 tool, log4j 1.2.17 and Apache Ant 1.10.15 (bench/recall.sh's
# programs and inputs; pmd, PMD 4.2.6, can be named too, and is the run where solar misses
# application-to-application edges; xalan 2.7.3, velocity 1.7, junit and bsh can be named, but their
# analyses do not finish on a 2-core, 24 GB machine with a 5 GB heap).
# Two tables:
#
# 1. Soundness, as the thesis' Figure 3.8: each program runs once under HotSpot's touched-method
#    log; then `jphantom analyze` (ci) runs per configuration, and the table gives the executed
#    methods of the program's jars it misses, the recall, the call edges and reachable methods,
#    and the analysis time (stats.json timeMs):
#      solar       --reflection solar alone (the three techniques off)
#      +substring  substring flow
#      +invent     substring flow and object invention
#      +propagate  substring flow and back-propagation
#      defaults    the defaults (string colouring; substring flow and use-based inference off)
#    and the share of the methods `solar` misses that the best configuration recovers (with EDGES=1
#    also, per configuration, the share of the application-to-application call edges of the run
#    that `solar` misses and the configuration finds: the thesis' own measure).
# 2. String colouring, as seed 000's Figures 4, 6 and 9: with substring flow on (STRINGS), colouring off
#    against on, under ci and one context-sensitive analysis (CS_CONTEXT, default 1obj): median
#    analysis time over N rounds (alternating), variable points-to facts whose object is a String,
#    all variable points-to facts, the ratios, and whether the call graphs are identical.
#
# Usage: bench/strings.sh [PROGRAM...]        (default: sablecc antlr log4j ant)
#   N=3 bench/strings.sh                       rounds of table 2 (default 3)
#   CS_CONTEXT=1cfa bench/strings.sh           the context-sensitive analysis of table 2
#   TABLES=1 bench/strings.sh                  one table only (1 or 2; default both)
#   STRINGS=off bench/strings.sh               table 2 without substring flow (default substring)
#   JAVA_OPTS=...                              the analysis' JVM flags (bench/recall.sh's default)
#   EDGES=1 bench/strings.sh                   table 1 also against the run's call edges (bench/recall.sh's EDGES:
#                                              missed dynamic edges, static/dynamic size, the thesis' guard)
#   JPHANTOM=...                               the CLI jar (bench/recall.sh's)
#   ANALYZE_OPTS='--reflection-lazy-limit none' bench/strings.sh pmd
#                                              options added to every configuration's analysis (both tables)
# Needs what bench/recall.sh needs (JDK 17 to 21). Exit status: 0 on success, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
N=${N:-3}
CS_CONTEXT=${CS_CONTEXT:-1obj}
TABLES=${TABLES:-12}
STRINGS=${STRINGS:-substring}
ANALYZE_OPTS=${ANALYZE_OPTS:-}
PROGRAMS=("$@")
[[ ${#PROGRAMS[@]} -gt 0 ]] || PROGRAMS=(sablecc antlr log4j ant)
OUT=$ROOT/bench/target/strings
mkdir -p "$OUT"

OFF=(--reflection-strings off --reflection-use-based off --string-colouring off)
declare -A CONFIG=(
    [solar]="${OFF[*]}"
    [+substring]="--reflection-strings substring --reflection-use-based off --string-colouring off"
    [+invent]="--reflection-strings substring --reflection-use-based invent --string-colouring off"
    [+propagate]="--reflection-strings substring --reflection-use-based propagate --string-colouring off"
    [defaults]=""
)
ORDER=(solar +substring +invent +propagate defaults)

stat() { # stats.json key
    python3 -c "import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2], ''))" "$1" "$2"
}

# recall.sh PROGRAM ARGS... -> "executed reachable" (the run is reused after the first call)
recall() {
    local program=$1; shift
    local text
    text=$(RECORD=0 EDGES=${EDGES:-0} REUSE_RUN=${REUSE:-1} bench/recall.sh "$program" "$@" 2>>"$OUT/log.txt") || return 2
    echo "$text" >>"$OUT/log.txt"
    echo "$text" >"$OUT/last.txt"
    local executed reachable edges
    executed=$(sed -n 's/^executed methods of the program.s classes: \([0-9]*\).*/\1/p' <<<"$text")
    reachable=$(sed -n 's/^reachable of them: \([0-9]*\)/\1/p' <<<"$text")
    # EdgeRecall's lines: dynamic edges, missed app-to-app and app-to-lib, static pairs / dynamic
    edges=$(sed -n -e 's/^dynamic edges from the program.s methods: \([0-9,]*\) .*/\1/p' \
        -e 's/^missed by the static call graph: \([0-9,]*\) application-to-application, \([0-9,]*\) .*/\1 \2/p' \
        -e 's/^static edges from the program.s methods: .*; \([0-9.]*\)x the dynamic pairs.*/\1/p' <<<"$text" | tr -d , | tr '\n' ' ')
    echo "$executed $reachable ${edges:-- - - -}"
}

if [[ $TABLES == *1* ]]; then
    echo "== table 1: soundness against one run (ci); missed = executed methods of the program's jars not reachable"
    [[ ${EDGES:-0} != 0 ]] && echo "   (EDGES=1: dynEdges = the run's call edges from the program's methods; missA2A, missA2L = those the"\
        "static graph lacks, to the program and to the library; static/dyn = static (caller, callee) pairs from the program's methods / dynEdges)"
    printf '%-8s %-11s %9s %7s %8s %10s %10s %9s %8s %7s %7s %10s\n' program config executed missed recall callEdges reachable time_s \
        dynEdges missA2A missA2L static/dyn
    for p in "${PROGRAMS[@]}"; do
        REUSE=0
        base_missed=
        best_missed=
        base_a2a=
        recovered=
        for c in "${ORDER[@]}"; do
            # shellcheck disable=SC2086
            read -r executed reachable dyn a2a a2l ratio < <(recall "$p" ${CONFIG[$c]} $ANALYZE_OPTS) || { echo "strings: recall.sh failed, see $OUT/log.txt" >&2; exit 2; }
            REUSE=1
            stats=bench/target/recall/$p/analysis/stats.json
            missed=$((executed - reachable))
            [[ -z $base_missed ]] && base_missed=$missed
            if [[ -z $best_missed || $missed -lt $best_missed ]]; then best_missed=$missed; fi
            if [[ ${a2a:--} != - ]]; then
                # the run's app-to-app edges solar misses that this configuration finds (EDGES=1): the
                # missed edges are listed by callee in recall.sh's output, kept per configuration
                sed -n '/^missed application-to-application edges, by callee:/,$p' "$OUT/last.txt" | tail -n +2 >"$OUT/$p-$c-missed-a2a.txt"
                if [[ -z $base_a2a ]]; then
                    base_a2a=$a2a
                else
                    found=$(python3 - "$OUT/$p-solar-missed-a2a.txt" "$OUT/$p-$c-missed-a2a.txt" <<'PY'
import sys
def edges(path):
    out = set()
    for line in open(path):
        callee, _, callers = line.strip().partition(" <- ")
        out.update((callee, caller) for caller in callers.split(", ") if caller)
    return out
print(len(edges(sys.argv[1]) - edges(sys.argv[2])))
PY
)
                    recovered+=" $c $found"
                fi
            fi
            cp bench/target/recall/$p/analysis/call-edges.txt "$OUT/$p-$c-call-edges.txt"
            printf '%-8s %-11s %9d %7d %7.1f%% %10s %10s %9.1f %8s %7s %7s %10s\n' "$p" "$c" "$executed" "$missed" \
                "$(python3 -c "print(100.0*$reachable/$executed)")" "$(stat "$stats" callEdges)" \
                "$(stat "$stats" reachableMethods)" "$(python3 -c "print($(stat "$stats" timeMs)/1000)")" \
                "${dyn:--}" "${a2a:--}" "${a2l:--}" "${ratio:--}"
        done
        if [[ -n $base_a2a ]]; then
            if [[ $base_a2a -gt 0 ]]; then
                line="   $p: solar misses $base_a2a application-to-application edges of the run; found by"
                set -- $recovered
                while [[ $# -ge 2 ]]; do
                    line+=" $1 $2 ($(python3 -c "print(round(100.0*$2/$base_a2a,1))")%)"
                    shift 2
                done
                echo "$line"
            else
                echo "   $p: solar misses no application-to-application edge of the run: nothing to recover"
            fi
        fi
        if [[ $base_missed -gt 0 ]]; then
            echo "   $p: solar misses $base_missed; the best configuration recovers $((base_missed - best_missed))" \
                "($(python3 -c "print(round(100.0*($base_missed-$best_missed)/$base_missed,1))")%)"
        else
            echo "   $p: solar misses nothing of this run: nothing to recover"
        fi
    done
fi

if [[ $TABLES == *2* ]]; then
    echo "== table 2: string colouring (--reflection-strings $STRINGS), median of $N rounds, time = stats.json timeMs"
    printf '%-8s %-5s %-9s %9s %14s %14s %10s\n' program ctx colouring time_s stringVarPts varPts callEdges
    for p in "${PROGRAMS[@]}"; do
        for ctx in ci "$CS_CONTEXT"; do
            declare -A T=() S=() V=() E=()
            for ((i = 1; i <= N; i++)); do
                for col in off on; do
                    recall "$p" --context "$ctx" --reflection-strings "$STRINGS" --string-colouring "$col" $ANALYZE_OPTS >/dev/null || { echo "strings: failed, see $OUT/log.txt" >&2; exit 2; }
                    stats=bench/target/recall/$p/analysis/stats.json
                    T[$col]+="$(stat "$stats" timeMs) "
                    S[$col]=$(stat "$stats" stringVarPointsTo)
                    V[$col]=$(stat "$stats" varPointsTo)
                    E[$col]=$(stat "$stats" callEdges)
                    sort bench/target/recall/$p/analysis/call-edges.txt >"$OUT/$p-$ctx-colouring-$col.txt"
                done
            done
            for col in off on; do
                med=$(python3 -c "import statistics,sys; print(statistics.median(map(int,sys.argv[1:]))/1000)" ${T[$col]})
                printf '%-8s %-5s %-9s %9.1f %14s %14s %10s\n' "$p" "$ctx" "$col" "$med" "${S[$col]}" "${V[$col]}" "${E[$col]}"
                eval "MED_$col=$med"
            done
            same=$(cmp -s "$OUT/$p-$ctx-colouring-off.txt" "$OUT/$p-$ctx-colouring-on.txt" && echo identical || echo DIFFERENT)
            echo "   $p $ctx: string facts off/on $(python3 -c "print(round(${S[off]}/max(1,${S[on]}),2))")x," \
                "all var facts $(python3 -c "print(round(${V[off]}/max(1,${V[on]}),2))")x," \
                "time on/off $(python3 -c "print(round($MED_on/$MED_off,2))"), call graph $same"
        done
    done
fi
