#!/usr/bin/env bash
# Benchmark of selective call-site sensitivity (seed 004, Selectx): `jphantom analyze` on sablecc 3.2
# or the antlr 3.5.3 tool closure (the programs of bench/pta.sh) under several context
# sensitivities, one fresh JVM and ONE round each (the heavy ones cost minutes and gigabytes), each
# under a time limit and a heap cap. Prints per configuration: the whole process' wall and CPU
# time and peak RSS; the main analysis' own time, wall and process CPU (stats.json mainTimeMs and
# mainCpuMs: its fixpoint without the pre-analysis and without class loading and IR building); for
# s-kcfa the pre-analysis, wall and CPU (ci analysis + selection, stats.json preAnalysis.ciTimeMs +
# selectTimeMs, ciCpuMs + selectCpuMs); the wall time spent loading (loadTimeMs); the Table 1 metrics (call edges, polymorphic call sites, may-fail casts, reachable
# methods) and, for s-kcfa, what the pre-analysis selected. Then, against kcfa, two kinds of
# speedup, never one without the other:
#   paper:   kcfa main time / s-kcfa main time (seed 004, Table 1; the pre-analysis is an
#            overhead reported apart, Table 2), and the same with the overhead added to s-kcfa,
#            in wall time and in CPU time (the latter less disturbed on a shared machine);
#   process: kcfa / s-kcfa whole-process wall time and CPU time (everything: JVM start, reading,
#            loading, pre-analysis, main analysis, writing the output).
# and the increase of each metric over kcfa, both relative (%) and as the paper's precision loss
# ((ci - kcfa) - (ci - s-kcfa)) / (ci - kcfa).
#
# Usage: bench/selectx.sh [sablecc|antlr]
#   CONTEXTS='ci s-2cfa 2cfa' bench/selectx.sh  the configurations, in order (default: ci s-2cfa s-3cfa 2cfa 3cfa;
#                                               s-2cfa-full and s-3cfa-full are Selectx's full rules, compared with 2cfa and 3cfa)
#   LIMIT=600 bench/selectx.sh                  seconds each may run (default 600); over it: OoT
#   JAVA_OPTS='-Xmx12g' bench/selectx.sh        JVM flags (default: -Xmx12g -XX:+UseSerialGC); OutOfMemoryError: OoM
#   JPHANTOM=/tmp/jphantom.jar bench/selectx.sh  the jar to run (default: the build's; a copy keeps a long run stable)
# Never run two of these at once on a shared machine. Exit status: 0, or 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
PROGRAM=${1:-sablecc}
CONTEXTS=${CONTEXTS:-ci s-2cfa s-3cfa 2cfa 3cfa}
LIMIT=${LIMIT:-600}
JAVA_OPTS=${JAVA_OPTS:--Xmx12g -XX:+UseSerialGC}
WORK=$ROOT/bench/target/selectx
JPHANTOM=${JPHANTOM:-$ROOT/jphantom-cli/target/jphantom.jar}
mkdir -p "$WORK"

die() { echo "bench: $*" >&2; exit 2; }
[[ -f $JPHANTOM ]] || die "build jphantom first: mvn -B -q -DskipTests package"
command -v /usr/bin/time >/dev/null || die "GNU time (/usr/bin/time) is needed: apt-get install time"

# shellcheck source=bench/programs.sh
source "$ROOT/bench/programs.sh"
# shellcheck source=bench/selectx-ratios.sh
source "$ROOT/bench/selectx-ratios.sh"
program "$PROGRAM"

stat() { # stats.json key -> number (first match)
    sed -n "s/^ *\"$2\" : \\([0-9.]*\\).*/\\1/p" "$1" | head -1
}

pre() { # the same inside stats.json's preAnalysis object only (pointerKinds has a "variables" too)
    sed -n '/^  "preAnalysis" : {/,/^  }/p' "$1" | sed -n "s/^ *\"$2\" : \\([0-9.]*\\).*/\\1/p" | head -1
}

secs() { [[ -n $1 ]] && awk -v ms="$1" 'BEGIN { printf "%.1f", ms / 1000 }' || echo -; }

declare -A WALL CPU RSS MAIN MAINC PRE PREC EDGES POLY CASTS METHODS
row() { printf '%-8s %8s %8s %8s %8s %8s %8s %8s %8s %9s %7s %8s %8s %8s %8s %8s\n' "$@"; }
echo "bench/selectx.sh $PROGRAM: java $JAVA_OPTS -jar jphantom.jar analyze JARS --main $MAIN --context C (limit ${LIMIT}s)"
echo "wall/cpu: whole process; main: the main analysis alone; pre: ci + selection (s-kcfa); load: classes and IR (wall)"
row context wall_s cpu_s rss_MB main_s mainC_s pre_s preC_s load_s edges poly mayfail methods selVar% selObj% selMeth%
for c in $CONTEXTS; do
    out=$WORK/$PROGRAM-$c
    rm -rf "$out"
    set +e
    # shellcheck disable=SC2086
    /usr/bin/time -o "$WORK/time.txt" -f '%e %M %U %S' timeout "$LIMIT" java $JAVA_OPTS -jar "$JPHANTOM" analyze \
        "${INPUTS[@]}" --main $MAIN --context "$c" --missing ignore --out "$out" -q > "$WORK/$PROGRAM-$c.log" 2>&1
    rc=$?
    set -e
    read -r wall kb user sys < <(tail -1 "$WORK/time.txt")
    cpu=$(echo "$user + $sys" | bc)
    if [[ $rc -ne 0 || ! -f $out/stats.json ]]; then
        if [[ $rc -eq 124 ]]; then why=OoT; elif grep -q OutOfMemoryError "$WORK/$PROGRAM-$c.log"; then why=OoM; else why="rc=$rc"; fi
        WALL[$c]=$why
        row "$c" "$why" "$cpu" "$((kb / 1024))" - - - - - - - - - - - -
        continue
    fi
    s=$out/stats.json
    WALL[$c]=$wall; CPU[$c]=$cpu; RSS[$c]=$((kb / 1024))
    EDGES[$c]=$(stat "$s" callEdges); POLY[$c]=$(stat "$s" polymorphicCallSites)
    CASTS[$c]=$(stat "$s" mayFailCasts); METHODS[$c]=$(stat "$s" reachableMethods)
    MAIN[$c]=$(stat "$s" mainTimeMs); MAINC[$c]=$(stat "$s" mainCpuMs)
    PRE[$c]=0; PREC[$c]=0
    if [[ $c == s-* ]]; then
        PRE[$c]=$(( $(stat "$s" ciTimeMs) + $(stat "$s" selectTimeMs) ))
        PREC[$c]=$(( $(stat "$s" ciCpuMs) + $(stat "$s" selectCpuMs) ))
    fi
    row "$c" "$wall" "$cpu" "${RSS[$c]}" "$(secs "${MAIN[$c]}")" "$(secs "${MAINC[$c]}")" "$(secs "${PRE[$c]}")" \
        "$(secs "${PREC[$c]}")" "$(secs "$(stat "$s" loadTimeMs)")" \
        "${EDGES[$c]}" "${POLY[$c]}" "${CASTS[$c]}" "${METHODS[$c]}" \
        "$(stat "$s" selectedVariablesPercent)" "$(stat "$s" selectedObjectsPercent)" "$(stat "$s" selectedMethodsPercent)"
    if [[ $c == s-* ]]; then
        echo "         pre-analysis: ci $(stat "$s" ciTimeMs) ms, selection $(stat "$s" selectTimeMs) ms," \
             "graph $(stat "$s" graphNodes) nodes $(stat "$s" graphEdges) edges $(stat "$s" summaryEdges) summaries," \
             "selected $(stat "$s" selectedVariables)/$(pre "$s" variables) variables" \
             "$(stat "$s" selectedObjects)/$(pre "$s" objects) objects $(stat "$s" selectedMethods)/$(pre "$s" methods) methods"
    fi
done

echo "ratios against kcfa (speedup = kcfa time / s-kcfa time; increase = (s - k) / k; loss = ((ci-k)-(ci-s))/(ci-k)):"
echo "  paper = main analysis times (pre-analysis as overhead apart); process = whole-process wall and CPU"
for c in $CONTEXTS; do
    if [[ $c == s-* && -n ${EDGES[$c]:-} ]]; then
        k=${c#s-}
        selectx_ratios "$c" "${k%-full}" ci
    fi
done
