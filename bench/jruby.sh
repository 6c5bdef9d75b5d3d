#!/usr/bin/env bash
# Benchmark: jphantom on org.jruby:jruby-core:9.4.9.0 and org.python:jython:2.7.4 against a
# floor that only reads every class with ASM, runs ASM's Analyzer (BasicInterpreter) over every
# method and copies the jar through a buffered zip stream (bench/Baseline.java); optionally also
# against another jphantom jar (an older build), to see what a change costs. Rounds alternate
# floor, jphantom (and the other jar), each a fresh JVM with the same flags; prints the load
# average, per-run wall time, CPU time and peak RSS, the medians, the ratios of the medians, the
# median of the per-round ratios and whether the targets hold.
#
# Usage: bench/jruby.sh            (from anywhere; N=5 rounds, both jars)
#   N=9 bench/jruby.sh             more rounds
#   INPUTS=jruby bench/jruby.sh    only one of the inputs (jruby, jython; default "jruby jython")
#   OLD=/path/to/old/jphantom.jar bench/jruby.sh   also run that jar (with the same options, --report
#                                  included), print new/old ratios
#   OLD=... OLD_FLAGS= bench/jruby.sh   the old jar with other JVM flags than FLAGS (here the JVM's
#                                  defaults: what the launcher ran before it chose flags)
#   JAVA_OPTS='-Xss16m' bench/jruby.sh   JVM flags given to every side
#   FLAGS= bench/jruby.sh          the JVM's default flags instead of the launcher's (FLAGS, given to
#                                  every side before JAVA_OPTS, defaults to the complement_flags line
#                                  of ./jphantom: what a user of the launcher runs; empty it when
#                                  JAVA_OPTS selects a collector)
#   JAR=/path/to/other.jar bench/jruby.sh   another input instead (target of jruby applies)
# Exit status: 0 when every target holds, 1 when one is missed, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
N=${N:-5}
JAVA_OPTS=${JAVA_OPTS:-}
INPUTS=${INPUTS:-jruby jython}
OLD=${OLD:-}
WORK=$ROOT/bench/target
JPHANTOM=$ROOT/jphantom-cli/target/jphantom.jar
mkdir -p "$WORK"

die() { echo "bench: $*" >&2; exit 2; }
[[ -z $OLD || -f $OLD ]] || die "OLD=$OLD: no such jar"
LAUNCHER_FLAGS=$(sed -n 's/^complement_flags="\(.*\)"$/\1/p' "$ROOT/jphantom")
[[ -n $LAUNCHER_FLAGS ]] || die "$ROOT/jphantom has no complement_flags line"
FLAGS=${FLAGS-$LAUNCHER_FLAGS}
OLD_FLAGS=${OLD_FLAGS-$FLAGS}

# 1. jphantom itself.
if [[ ! -f $JPHANTOM ]]; then
    echo "bench: building jphantom (mvn -B -q -DskipTests package)" >&2
    mvn -B -q -DskipTests package || die "build failed"
fi

# 2. The input jars: the copy the corpus test fetched, else ask Maven for it.
# input_jar NAME VERSION GROUP: prints the path of the jar, fetching it when needed.
input_jar() {
    local name=$1 version=$2 group=$3 jar
    jar=$ROOT/jphantom-cli/target/corpus/$name-$version.jar
    if [[ ! -f $jar ]]; then
        jar=$WORK/$name-$version.jar
        if [[ ! -f $jar ]]; then
            echo "bench: fetching $group:$name:$version" >&2
            mvn -B -q -N dependency:copy -Dartifact="$group:$name:$version" -DoutputDirectory="$WORK" >&2 \
                || die "cannot fetch $group:$name:$version"
        fi
    fi
    [[ -f $jar ]] || die "$jar: no such jar"
    printf '%s\n' "$jar"
}

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

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
max() { printf '%s\n' "$@" | sort -g | tail -n 1; }
div() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }

# pair_median A... -- B...: the median of the per-round ratios A[i]/B[i] (paired rounds, so a
# burst of load on the machine hits both sides of a round).
pair_median() {
    local -a a=() b=() r=()
    while [[ $1 != -- ]]; do a+=("$1"); shift; done
    shift
    b=("$@")
    local i
    for ((i = 0; i < ${#a[@]}; i++)); do r+=("$(div "${a[i]}" "${b[i]}")"); done
    median "${r[@]}"
}

status=0
# bench_one LABEL JAR MAX_RATIO MAX_RSS_MIB: N rounds on one input, then its summary.
bench_one() {
    local label=$1 jar=$2 max_ratio=$3 max_rss_kb=$(($4 * 1024)) i t m c
    local -a BT=() BM=() BC=() JT=() JM=() JC=() OT=() OM=() OC=()
    echo "== $label: $jar ($(du -h "$jar" | cut -f1), $(unzip -Z1 "$jar" | grep -c '\.class$') classes)"
    echo "java    $(java -version 2>&1 | head -n 1); flags: '${FLAGS}' '${JAVA_OPTS}'${OLD:+, old: '${OLD_FLAGS}'}; $N rounds; $(nproc) cpus"
    echo "load    before: $(uptime | sed 's/.*load average: //')"
    printf '%-5s %-9s %9s %9s %10s\n' round tool wall_s cpu_s peakMiB
    for ((i = 1; i <= N; i++)); do
        # shellcheck disable=SC2086 # FLAGS and JAVA_OPTS are lists of flags
        read -r t m c < <(run "$WORK/baseline.log" java $FLAGS $JAVA_OPTS -cp "$ASM_CP:$WORK/classes" Baseline "$jar" "$WORK/baseline-out.jar")
        BT+=("$t"); BM+=("$m"); BC+=("$c")
        printf '%-5s %-9s %9s %9s %10d\n' "$i" floor "$t" "$c" $((m / 1024))
        # shellcheck disable=SC2086
        read -r t m c < <(run "$WORK/jphantom.log" java $FLAGS $JAVA_OPTS -jar "$JPHANTOM" "$jar" -o "$WORK/jphantom-out.jar" -q \
            --report "$WORK/jphantom-report.json")
        JT+=("$t"); JM+=("$m"); JC+=("$c")
        printf '%-5s %-9s %9s %9s %10d\n' "$i" jphantom "$t" "$c" $((m / 1024))
        if [[ -n $OLD ]]; then
            # shellcheck disable=SC2086
            read -r t m c < <(run "$WORK/old.log" java $OLD_FLAGS $JAVA_OPTS -jar "$OLD" "$jar" -o "$WORK/old-out.jar" -q \
                --report "$WORK/old-report.json")
            OT+=("$t"); OM+=("$m"); OC+=("$c")
            printf '%-5s %-9s %9s %9s %10d\n' "$i" old "$t" "$c" $((m / 1024))
        fi
    done
    echo "load    after:  $(uptime | sed 's/.*load average: //')"
    local bt jt bm jm ratio stages stage
    bt=$(median "${BT[@]}"); jt=$(median "${JT[@]}")
    bm=$(max "${BM[@]}"); jm=$(max "${JM[@]}")
    ratio=$(div "$jt" "$bt")
    echo
    echo "floor     last run: $(tail -n 1 "$WORK/baseline.log")"
    stages=$(tr -d ' \n' < "$WORK/jphantom-report.json" | sed -n 's/.*"timingsMillis":{\([^}]*\)}.*/\1/p' | tr -d '"')
    printf 'jphantom  last run, ms per stage:'
    for stage in read analyse solve generate write total; do
        printf ' %s %s' "$stage" "$(tr ',' '\n' <<<"$stages" | sed -n "s/^$stage://p")"
    done
    echo
    printf 'median wall time   floor %6.2f s   jphantom %6.2f s   ratio %s (target <= %s; median of round ratios %s)\n' \
        "$bt" "$jt" "$ratio" "$max_ratio" "$(pair_median "${JT[@]}" -- "${BT[@]}")"
    if [[ ${BC[0]} != - ]]; then
        printf 'median CPU time    floor %6.2f s   jphantom %6.2f s   ratio %s (user+system, for reference)\n' \
            "$(median "${BC[@]}")" "$(median "${JC[@]}")" "$(div "$(median "${JC[@]}")" "$(median "${BC[@]}")")"
    fi
    printf 'peak RSS (max)     floor %6d MiB jphantom %6d MiB (target <= %d MiB)\n' \
        $((bm / 1024)) $((jm / 1024)) $((max_rss_kb / 1024))
    if [[ -n $OLD ]]; then
        local ot om
        ot=$(median "${OT[@]}"); om=$(max "${OM[@]}")
        printf 'against OLD        old median wall %6.2f s, new/old %s (round ratios %s)' "$ot" "$(div "$jt" "$ot")" \
            "$(pair_median "${JT[@]}" -- "${OT[@]}")"
        [[ ${OC[0]} != - ]] && printf '; CPU new/old %s' "$(div "$(median "${JC[@]}")" "$(median "${OC[@]}")")"
        printf '; peak RSS old %d MiB, new/old %s\n' $((om / 1024)) "$(div "$jm" "$om")"
    fi
    if awk -v r="$ratio" -v t="$max_ratio" 'BEGIN {exit !(r <= t)}'; then
        echo "$label ratio target:  met"
    else
        echo "$label ratio target:  MISSED"; status=1
    fi
    if ((jm <= max_rss_kb)); then echo "$label memory target: met"; else echo "$label memory target: MISSED"; status=1; fi
    echo
}

if [[ -n ${JAR:-} ]]; then
    [[ -f $JAR ]] || die "$JAR: no such jar"
    bench_one "$(basename "$JAR" .jar)" "$JAR" 1.0 600
else
    for input in $INPUTS; do
        case $input in
            jruby) bench_one jruby-core "$(input_jar jruby-core 9.4.9.0 org.jruby)" 1.0 600 ;;
            jython) bench_one jython "$(input_jar jython 2.7.4 org.python)" 1.0 800 ;;
            *) die "unknown input '$input' (jruby, jython)" ;;
        esac
    done
fi
exit $status
