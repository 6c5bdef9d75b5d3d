#!/usr/bin/env bash
# The reflection workflow on real programs (issue: reflection that finishes): for each program of
# bench/recall.sh, the executed-method recall, reachable methods, wall and CPU time and peak RSS of
#   none     --reflection none
#   probe    --reflection probe (SOLAR's PROBE)
#   default  the defaults (SOLAR with the per-site budget)
#   hints    the defaults with the hints in bench/hints/PROGRAM.json, if there is such a file
# and the ratios of each to `none` (wall, RSS). The program runs once (its touched methods and a
# recorded log, as bench/recall.sh does); the analyses reuse that run.
#
# Usage: bench/reflection.sh [PROGRAM...]   (default: checkstyle saxon digester bsh)
#   MODES="none default" bench/reflection.sh checkstyle     a subset of the modes
#   JAVA_OPTS=...                                           JVM flags of the analyses (default
#                                                           -XX:+UseSerialGC -Xmx12g)
# Output: one table row per program and mode, after each program's runs; the runs' full outputs
# (missed methods by class, call edges) are in bench/target/reflection/PROGRAM-MODE.txt.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
PROGRAMS=("$@")
[[ ${#PROGRAMS[@]} -gt 0 ]] || PROGRAMS=(checkstyle saxon digester bsh)
read -r -a MODES <<< "${MODES:-none probe default hints}"
export JAVA_OPTS=${JAVA_OPTS:--XX:+UseSerialGC -Xmx12g}
OUT=$ROOT/bench/target/reflection
mkdir -p "$OUT"

row() { # program mode file -> a table row
    local line recall
    line=$(grep '^== .*: jphantom analyze' "$3" | tail -1)
    recall=$(grep '^recall: [0-9]' "$3" | tail -1 | awk '{print $2}')
    # "== P: jphantom analyze ARGS: W s wall, C s CPU, peak RSS R MB, N reachable methods"
    awk -v p="$1" -v m="$2" -v r="$recall" -v l="$line" 'BEGIN {
        n = split(l, f, ": ");
        split(f[n], v, " ");
        printf "%-11s %-8s %8s %9s %9s %9s %10s\n", p, m, r, v[11], v[1], v[4], v[9]
    }'
}

printf "%-11s %-8s %8s %9s %9s %9s %10s\n" program mode recall reachable "wall s" "CPU s" "RSS MB"
for p in "${PROGRAMS[@]}"; do
    first=1
    for m in "${MODES[@]}"; do
        args=()
        case $m in
            none) args=(--reflection none) ;;
            probe) args=(--reflection probe) ;;
            default) ;;
            hints)
                [[ -f $ROOT/bench/hints/$p.json ]] || continue
                args=(--reflection-hints "$ROOT/bench/hints/$p.json") ;;
            *) echo "reflection: unknown mode $m" >&2; exit 2 ;;
        esac
        f=$OUT/$p-$m.txt
        if [[ $first == 1 ]]; then
            RECORD=1 bench/recall.sh "$p" "${args[@]}" > "$f" 2>&1 || { echo "$p $m: failed, see $f" >&2; continue; }
            first=0
        else
            REUSE_RUN=1 bench/recall.sh "$p" "${args[@]}" > "$f" 2>&1 || { echo "$p $m: failed, see $f" >&2; continue; }
        fi
        row "$p" "$m" "$f"
    done
done
