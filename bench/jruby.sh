#!/usr/bin/env bash
# Benchmark: jphantom on org.jruby:jruby-core:9.4.9.0 against a baseline that only reads every
# class with ASM, runs ASM's Analyzer (BasicInterpreter) over every method and copies the jar.
# Rounds alternate baseline and jphantom, each a fresh JVM with the same flags; prints per-run
# wall time and peak RSS, the medians, the ratio of the medians and whether the targets hold.
#
# Usage: bench/jruby.sh            (from anywhere; N=5 rounds)
#   N=9 bench/jruby.sh             more rounds
#   JAVA_OPTS='-Xss16m' bench/jruby.sh   JVM flags given to both sides
#   JAR=/path/to/other.jar bench/jruby.sh   another input (targets still printed)
# Exit status: 0 when both targets hold, 1 when one is missed, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
N=${N:-5}
JAVA_OPTS=${JAVA_OPTS:-}
MAX_RATIO=1.5
MAX_RSS_KB=$((1024 * 1024))
WORK=$ROOT/bench/target
JPHANTOM=$ROOT/jphantom-cli/target/jphantom.jar
COORDS=org.jruby:jruby-core:9.4.9.0
mkdir -p "$WORK"

die() { echo "bench: $*" >&2; exit 2; }

# 1. jphantom itself.
if [[ ! -f $JPHANTOM ]]; then
    echo "bench: building jphantom (mvn -B -q -DskipTests package)" >&2
    mvn -B -q -DskipTests package || die "build failed"
fi

# 2. The input jar: the copy the corpus test fetched, else ask Maven for it.
if [[ -z ${JAR:-} ]]; then
    JAR=$ROOT/jphantom-cli/target/corpus/jruby-core-9.4.9.0.jar
    if [[ ! -f $JAR ]]; then
        JAR=$WORK/jruby-core-9.4.9.0.jar
        if [[ ! -f $JAR ]]; then
            echo "bench: fetching $COORDS" >&2
            mvn -B -q -N dependency:copy -Dartifact=$COORDS -DoutputDirectory="$WORK" || die "cannot fetch $COORDS"
        fi
    fi
fi
[[ -f $JAR ]] || die "$JAR: no such jar"

# 3. The baseline, compiled once against the ASM jphantom-core uses (so no compilation is timed).
ASM_CP_FILE=$WORK/asm.classpath
if [[ ! -s $ASM_CP_FILE ]]; then
    if ! mvn -B -q -pl jphantom-core dependency:build-classpath -Dmdep.outputFile="$ASM_CP_FILE" \
            -DincludeScope=runtime -DincludeGroupIds=org.ow2.asm >&2 || [[ ! -s $ASM_CP_FILE ]]; then
        # The shaded jar carries the very same ASM classes.
        echo "bench: dependency:build-classpath failed; taking ASM from $JPHANTOM" >&2
        printf '%s' "$JPHANTOM" > "$ASM_CP_FILE"
    fi
fi
ASM_CP=$(cat "$ASM_CP_FILE")
if [[ ! -f $WORK/classes/Baseline.class || $ROOT/bench/Baseline.java -nt $WORK/classes/Baseline.class ]]; then
    javac -d "$WORK/classes" -cp "$ASM_CP" "$ROOT/bench/Baseline.java" || die "cannot compile Baseline.java"
fi

# 4. Peak RSS: GNU time's %M (max resident set, KiB). Without it, a wrapper polls VmHWM, the
# kernel's own high-water mark of the process, every 50 ms; it only misses growth in the last
# 50 ms before exit, which for a JVM is shutdown.
if [[ ! -x /usr/bin/time ]] && [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    echo "bench: installing GNU time" >&2
    apt-get install -y -qq time >/dev/null 2>&1 || true
fi
# run LOG CMD...: runs CMD, its output to LOG; echoes "WALL KIB CPU": wall seconds, peak RSS in
# KiB, and user+system CPU seconds ("-" when unknown). CPU time suffers less than wall time when
# other jobs share the machine, so it is shown as a second opinion; the targets use wall time.
run() {
    local log=$1; shift
    if [[ -x /usr/bin/time ]]; then
        /usr/bin/time -o "$WORK/time.out" -f '%e %M %U %S' "$@" >"$log" 2>&1 || { cat "$log" >&2; die "failed: $*"; }
        tail -n 1 "$WORK/time.out" | awk '{printf "%s %s %.2f\n", $1, $2, $3 + $4}'
    else
        local start end hwm=0 v pid
        start=$(date +%s.%N)
        "$@" >"$log" 2>&1 &
        pid=$!
        while kill -0 "$pid" 2>/dev/null; do
            v=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
            [[ -n $v && $v -gt $hwm ]] && hwm=$v
            sleep 0.05
        done
        wait "$pid" || { cat "$log" >&2; die "failed: $*"; }
        end=$(date +%s.%N)
        printf '%.2f %d -\n' "$(echo "$end - $start" | bc)" "$hwm"
    fi
}

echo "input   $JAR ($(du -h "$JAR" | cut -f1), $(unzip -Z1 "$JAR" | grep -c '\.class$') classes)"
echo "java    $(java -version 2>&1 | head -n 1); flags: '${JAVA_OPTS}'; $N rounds; $(nproc) cpus"
printf '%-5s %-9s %9s %9s %10s\n' round tool wall_s cpu_s peakMiB
BASE_T=(); BASE_M=(); BASE_C=(); JP_T=(); JP_M=(); JP_C=()
for ((i = 1; i <= N; i++)); do
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of flags
    read -r t m c < <(run "$WORK/baseline.log" java $JAVA_OPTS -cp "$ASM_CP:$WORK/classes" Baseline "$JAR" "$WORK/baseline-out.jar")
    BASE_T+=("$t"); BASE_M+=("$m"); BASE_C+=("$c")
    printf '%-5s %-9s %9s %9s %10d\n' "$i" baseline "$t" "$c" $((m / 1024))
    # shellcheck disable=SC2086
    read -r t m c < <(run "$WORK/jphantom.log" java $JAVA_OPTS -jar "$JPHANTOM" "$JAR" -o "$WORK/jphantom-out.jar" -q \
        --report "$WORK/jphantom-report.json")
    JP_T+=("$t"); JP_M+=("$m"); JP_C+=("$c")
    printf '%-5s %-9s %9s %9s %10d\n' "$i" jphantom "$t" "$c" $((m / 1024))
done

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
max() { printf '%s\n' "$@" | sort -g | tail -n 1; }
bt=$(median "${BASE_T[@]}"); jt=$(median "${JP_T[@]}")
bm=$(max "${BASE_M[@]}"); jm=$(max "${JP_M[@]}")
ratio=$(awk -v j="$jt" -v b="$bt" 'BEGIN {printf "%.2f", j / b}')
echo
echo "baseline  last run: $(tail -n 1 "$WORK/baseline.log")"
stages=$(tr -d ' \n' < "$WORK/jphantom-report.json" | sed -n 's/.*"timingsMillis":{\([^}]*\)}.*/\1/p' | tr -d '"')
printf 'jphantom  last run, ms per stage:'
for stage in read analyse solve generate write total; do
    printf ' %s %s' "$stage" "$(tr ',' '\n' <<<"$stages" | sed -n "s/^$stage://p")"
done
echo
echo
printf 'median wall time   baseline %6.2f s   jphantom %6.2f s   ratio %s (target <= %s)\n' "$bt" "$jt" "$ratio" "$MAX_RATIO"
if [[ ${BASE_C[0]} != - ]]; then
    bc_=$(median "${BASE_C[@]}"); jc=$(median "${JP_C[@]}")
    printf 'median CPU time    baseline %6.2f s   jphantom %6.2f s   ratio %.2f (user+system, for reference)\n' \
        "$bc_" "$jc" "$(awk -v j="$jc" -v b="$bc_" 'BEGIN {print j / b}')"
fi
printf 'peak RSS (max)     baseline %6d MiB jphantom %6d MiB (target <= %d MiB)\n' \
    $((bm / 1024)) $((jm / 1024)) $((MAX_RSS_KB / 1024))
status=0
if awk -v r="$ratio" -v t="$MAX_RATIO" 'BEGIN {exit !(r <= t)}'; then echo "ratio target:  met"; else echo "ratio target:  MISSED"; status=1; fi
if ((jm <= MAX_RSS_KB)); then echo "memory target: met"; else echo "memory target: MISSED"; status=1; fi
exit $status
