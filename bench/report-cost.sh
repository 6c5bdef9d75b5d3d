#!/usr/bin/env bash
# Benchmark: what the report outputs cost on top of `jphantom analyze --out DIR` (text dumps alone).
# Each round is a pair of fresh JVMs under GNU time: the baseline `--out DIR` and
# `--out DIR --format text,jcg,dot --html HTML`, in alternating order (odd rounds baseline first,
# even rounds reports first, so neither always meets a warmer page cache or a quieter machine), on
# sablecc 3.2 or the antlr 3.5.3 tool closure (bench/programs.sh), context-insensitive, reflection
# off, --missing ignore (as bench/pta.sh). Prints each run's wall and CPU seconds and peak RSS, each
# pair's ratios, the medians of wall and CPU per configuration, and the median of the per-pair
# wall and CPU ratios (target: reports/out wall at most 1.10). On a shared machine the per-pair
# ratios and the CPU figures are the ones to trust. Runs use -v, whose last line gives the wall and
# process CPU (all threads) of the analysis and of each output step as the JVM measures them: the
# column out_cpu_s sums the steps after the analysis, the outputs' own cost, which a loaded
# machine's noise on the long analysis does not hide.
#
# Usage: bench/report-cost.sh [sablecc|antlr]     (N=3 rounds by default)
#   N=5 bench/report-cost.sh antlr
#   JAVA_OPTS='-Xmx4g' bench/report-cost.sh       JVM flags (default -XX:+UseSerialGC -Xmx4g)
#   JPHANTOM=/path/to/jphantom.jar bench/report-cost.sh   another build (default jphantom-cli/target/jphantom.jar)
# Needs java, mvn (to build and fetch the jars), GNU time and awk. Works from a fresh clone.
# Exit status: 0 on success (the target met or not), 2 on a setup error or a failed run.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
PROGRAM=${1:-sablecc}
N=${N:-3}
JAVA_OPTS=${JAVA_OPTS:--XX:+UseSerialGC -Xmx4g}
WORK=$ROOT/bench/target/report-cost
JPHANTOM=${JPHANTOM:-$ROOT/jphantom-cli/target/jphantom.jar}
mkdir -p "$WORK"
die() { echo "bench: $*" >&2; exit 2; }
[[ -f $JPHANTOM ]] || { mvn -B -q -DskipTests package || die "build failed"; }
[[ -x /usr/bin/time ]] || die "GNU time (/usr/bin/time) is needed: apt-get install time"
# shellcheck source=bench/programs.sh
source "$ROOT/bench/programs.sh"
program "$PROGRAM"
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*load average: //'; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

run() { # name extra-args... ; sets WALL and CPU
    local name=$1; shift
    rm -rf "$WORK/out-$name" "$WORK/html-$name"
    # shellcheck disable=SC2086
    /usr/bin/time -o "$WORK/time.txt" -f '%e %U %S %M' java $JAVA_OPTS -jar "$JPHANTOM" analyze "${INPUTS[@]}" \
        --main $MAIN --reflection none --missing ignore --out "$WORK/out-$name" -v "$@" 2> "$WORK/err-$name.txt" \
        || die "analysis failed ($name; see $WORK/err-$name.txt)"
    local user sys kb steps
    read -r WALL user sys kb < "$WORK/time.txt"
    CPU=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    # -v's last line: wall and process CPU of the analysis and of each output step, measured inside the JVM
    steps=$(grep '^time: ' "$WORK/err-$name.txt" | tail -n 1)
    OUTCPU=$(echo "$steps" | grep -o 'cpu [0-9.]*' | tail -n +2 | awk '{ s += $2 } END { printf "%.1f", s }')
    printf '%-6s %-8s %9s %9s %9s %11s  %s\n' "$i" "$name" "$WALL" "$CPU" "$((kb / 1024))" "$OUTCPU" "${steps#time: }"
}
base() { run out; bw+=("$WALL"); bc+=("$CPU"); bo+=("$OUTCPU"); }
reports() { run reports --format text,jcg,dot --html "$WORK/html-reports"; rw+=("$WALL"); rc+=("$CPU"); ro+=("$OUTCPU"); }

echo "$PROGRAM: ${#INPUTS[@]} jars, main $MAIN, $N pairs, JVM flags: $JAVA_OPTS"
printf '%-6s %-8s %9s %9s %9s %11s  %s\n' pair config wall_s cpu_s peak_MB out_cpu_s "steps (in the JVM)"
bw=(); bc=(); rw=(); rc=(); wr=(); cr=(); bo=(); ro=()
for ((i = 1; i <= N; i++)); do
    if ((i % 2)); then base; reports; else reports; base; fi
    wr+=("$(awk -v r="${rw[-1]}" -v b="${bw[-1]}" 'BEGIN { printf "%.3f", r / b }')")
    cr+=("$(awk -v r="${rc[-1]}" -v b="${bc[-1]}" 'BEGIN { printf "%.3f", r / b }')")
    echo "pair $i: reports/out wall ${wr[-1]}, cpu ${cr[-1]}; load average $(load)"
done
echo "median wall: --out $(median "${bw[@]}") s, reports $(median "${rw[@]}") s;" \
     "median cpu: --out $(median "${bc[@]}") s, reports $(median "${rc[@]}") s"
echo "median process CPU after the analysis (the outputs, measured in the JVM): --out $(median "${bo[@]}") s," \
     "reports $(median "${ro[@]}") s; the analysis itself is the same work in both"
mw=$(median "${wr[@]}"); mc=$(median "${cr[@]}")
awk -v w="$mw" -v c="$mc" 'BEGIN { printf "median of per-pair ratios reports/out: wall %.3f, cpu %.3f (target: wall at most 1.10: %s)\n",
    w, c, w <= 1.10 ? "met" : "missed" }'
echo "report sizes: $(du -sh "$WORK/html-reports" | cut -f1) HTML ($(find "$WORK/html-reports" -name '*.html' | wc -l) pages," \
     "index.html $(du -h "$WORK/html-reports/index.html" | cut -f1), callgraph.svg $(du -h "$WORK/html-reports/callgraph.svg" | cut -f1))," \
     "$(du -h "$WORK/out-reports/call-graph.jcg.json" | cut -f1) JCG, $(du -h "$WORK/out-reports/app-call-graph.dot" | cut -f1) DOT"
