#!/usr/bin/env bash
# Benchmark: what the report outputs cost on top of `jphantom analyze --out DIR` (text dumps alone):
# each round runs, in fresh JVMs under GNU time, the baseline `--out DIR` and then
# `--out DIR --format text,jcg,dot --html HTML`, on sablecc 3.2 or the antlr 3.5.3 tool closure
# (bench/programs.sh), context-insensitive, reflection off, --missing ignore (as bench/pta.sh);
# prints each run's wall and CPU time and peak RSS, the medians, and the ratio of the median wall
# times (target: at most 1.10).
#
# Usage: bench/report-cost.sh [sablecc|antlr]     (N=3 rounds by default)
#   N=5 bench/report-cost.sh antlr
#   JAVA_OPTS='-Xmx4g' bench/report-cost.sh       JVM flags (default -XX:+UseSerialGC)
# Exit status: 0 on success, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
PROGRAM=${1:-sablecc}
N=${N:-3}
JAVA_OPTS=${JAVA_OPTS:--XX:+UseSerialGC}
WORK=$ROOT/bench/target/report-cost
JPHANTOM=$ROOT/jphantom-cli/target/jphantom.jar
mkdir -p "$WORK"
die() { echo "bench: $*" >&2; exit 2; }
[[ -f $JPHANTOM ]] || { mvn -B -q -DskipTests package || die "build failed"; }
command -v /usr/bin/time >/dev/null || die "GNU time (/usr/bin/time) is needed: apt-get install time"
# shellcheck source=bench/programs.sh
source "$ROOT/bench/programs.sh"
program "$PROGRAM"
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

run() { # name extra-args...
    local name=$1; shift
    rm -rf "$WORK/out-$name" "$WORK/html-$name"
    # shellcheck disable=SC2086
    /usr/bin/time -o "$WORK/time.txt" -f '%e %U %S %M' java $JAVA_OPTS -jar "$JPHANTOM" analyze "${INPUTS[@]}" \
        --main $MAIN --reflection none --missing ignore --out "$WORK/out-$name" -q "$@" || die "analysis failed ($name)"
    read -r wall user sys kb < "$WORK/time.txt"
    printf '%-6s %-8s %9s %9s %9s\n' "$i" "$name" "$wall" "$(echo "$user + $sys" | bc)" "$((kb / 1024))"
    echo "$wall"  > "$WORK/last-wall"
}
printf '%-6s %-8s %9s %9s %9s\n' round config wall_s cpu_s peak_MB
base=(); full=()
for ((i = 1; i <= N; i++)); do
    run out; base+=("$(cat "$WORK/last-wall")")
    run reports --format text,jcg,dot --html "$WORK/html-reports"; full+=("$(cat "$WORK/last-wall")")
done
b=$(median "${base[@]}"); f=$(median "${full[@]}")
echo "median wall: --out $b s, --out --format text,jcg,dot --html $f s ($PROGRAM, $N rounds, $JAVA_OPTS)"
awk -v b="$b" -v f="$f" 'BEGIN { printf "reports/out: %.3f (target: at most 1.10: %s)\n", f / b, f / b <= 1.10 ? "met" : "missed" }'
echo "report sizes: $(du -sh "$WORK/html-reports" | cut -f1) HTML ($(find "$WORK/html-reports" -name '*.html' | wc -l) pages)," \
     "$(du -h "$WORK/out-reports/call-graph.jcg.json" | cut -f1) JCG, $(du -h "$WORK/out-reports/app-call-graph.dot" | cut -f1) DOT"
