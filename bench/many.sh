#!/usr/bin/env bash
# Benchmark: jphantom on many large jars at once (one program of 11 jars from Maven Central,
# about 40,000 classes), and how its time grows with the number of jars: the first K jars of the
# list for each K of KS, each a fresh JVM under GNU time, R rounds each (the rounds go through all
# K before the next round, so load on the machine spreads over every K). Prints the load average,
# per-run wall time, CPU time (user+system) and peak RSS, the medians per K, seconds per 1,000
# classes, and whether the 11-jar run meets its targets (30 s, 1.5 GiB).
#
# Usage: bench/many.sh                     (KS="1 2 3 5 7 9 11", R=1)
#   KS=11 R=3 bench/many.sh                the 11-jar run alone, 3 rounds
#   JAVA_OPTS='-Xmx4g' bench/many.sh       JVM flags
#   FLAGS= bench/many.sh                   the JVM's default flags instead of the launcher's (FLAGS,
#                                          given before JAVA_OPTS, defaults to the complement_flags
#                                          line of ./jphantom: what a user of the launcher runs)
#   JPHANTOM=/path/to/jphantom.jar bench/many.sh   another build
# Exit status: 0 when the 11-jar targets hold (or 11 is not in KS), 1 when one is missed, 2 on a
# setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
KS=${KS:-1 2 3 5 7 9 11}
R=${R:-1}
JAVA_OPTS=${JAVA_OPTS:-}
JPHANTOM=${JPHANTOM:-$ROOT/jphantom-cli/target/jphantom.jar}
WORK=$ROOT/bench/target/many
MAX_WALL=30
MAX_RSS_MIB=1536
mkdir -p "$WORK"

die() { echo "bench: $*" >&2; exit 2; }
LAUNCHER_FLAGS=$(sed -n 's/^complement_flags="\(.*\)"$/\1/p' "$ROOT/jphantom")
[[ -n $LAUNCHER_FLAGS ]] || die "$ROOT/jphantom has no complement_flags line"
FLAGS=${FLAGS-$LAUNCHER_FLAGS}
command -v /usr/bin/time >/dev/null || die "needs GNU time (/usr/bin/time; apt-get install time)"
if [[ ! -f $JPHANTOM ]]; then
    echo "bench: building jphantom (mvn -B -q -DskipTests package)" >&2
    mvn -B -q -DskipTests package || die "build failed"
fi

# The jars, largest first; group:artifact:version.
JARS=(
    org.python:jython:2.7.4
    org.jruby:jruby-core:9.4.9.0
    org.apache.groovy:groovy:4.0.24
    org.bouncycastle:bcprov-jdk18on:1.79
    org.scala-lang:scala-library:2.13.15
    net.sf.saxon:Saxon-HE:12.5
    net.bytebuddy:byte-buddy:1.15.1
    org.scala-lang:scala-reflect:2.13.15
    org.eclipse.jdt:ecj:3.39.0
    org.eclipse.jgit:org.eclipse.jgit:6.10.0.202406032230-r
    com.google.guava:guava:33.3.1-jre
)
PATHS=()
for gav in "${JARS[@]}"; do
    IFS=: read -r group artifact version <<<"$gav"
    jar=$WORK/$artifact-$version.jar
    if [[ ! -f $jar ]]; then
        echo "bench: fetching $gav" >&2
        mvn -B -q -N dependency:copy -Dartifact="$gav" -DoutputDirectory="$WORK" >&2 || die "cannot fetch $gav"
    fi
    PATHS+=("$jar")
done

classes() { local n=0 j; for j in "$@"; do n=$((n + $(unzip -Z1 "$j" | grep -c '\.class$'))); done; echo "$n"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

echo "java    $(java -version 2>&1 | head -n 1); flags: '${FLAGS}' '${JAVA_OPTS}'; $R rounds; $(nproc) cpus; jphantom $JPHANTOM"
echo "load    before: $(uptime | sed 's/.*load average: //')"
printf '%-5s %3s %7s %6s %9s %9s %9s\n' round K classes MB wall_s cpu_s peakMiB
declare -A WALL CPU RSS NCLASSES
for ((r = 1; r <= R; r++)); do
    for k in $KS; do
        ((k >= 1 && k <= ${#PATHS[@]})) || die "K=$k: 1 to ${#PATHS[@]}"
        inputs=("${PATHS[@]:0:k}")
        [[ -n ${NCLASSES[$k]:-} ]] || NCLASSES[$k]=$(classes "${inputs[@]}")
        mb=$(du -cm "${inputs[@]}" | tail -n 1 | cut -f1)
        # shellcheck disable=SC2086 # FLAGS and JAVA_OPTS are lists of flags
        if ! /usr/bin/time -o "$WORK/time.out" -f '%e %M %U %S' java $FLAGS $JAVA_OPTS -jar "$JPHANTOM" "${inputs[@]}" \
                -o "$WORK/out.jar" -q >"$WORK/run.log" 2>&1; then
            cat "$WORK/run.log" >&2
            die "jphantom failed on the first $k jars"
        fi
        read -r t m u s < <(tail -n 1 "$WORK/time.out")
        c=$(awk -v u="$u" -v s="$s" 'BEGIN {printf "%.2f", u + s}')
        WALL[$k]+="$t "; CPU[$k]+="$c "; RSS[$k]+="$((m / 1024)) "
        printf '%-5s %3s %7s %6s %9s %9s %9s\n' "$r" "$k" "${NCLASSES[$k]}" "$mb" "$t" "$c" $((m / 1024))
    done
done
echo "load    after:  $(uptime | sed 's/.*load average: //')"
echo
printf '%3s %7s %9s %9s %9s %14s\n' K classes wall_s cpu_s peakMiB 'cpu_s/1000cls'
status=0
for k in $KS; do
    # shellcheck disable=SC2086 # word lists
    w=$(median ${WALL[$k]}); c=$(median ${CPU[$k]}); m=$(printf '%s\n' ${RSS[$k]} | sort -n | tail -n 1)
    printf '%3s %7s %9s %9s %9s %14s\n' "$k" "${NCLASSES[$k]}" "$w" "$c" "$m" \
        "$(awk -v c="$c" -v n="${NCLASSES[$k]}" 'BEGIN {printf "%.3f", 1000 * c / n}')"
    if [[ $k == 11 ]]; then
        if awk -v w="$w" -v t="$MAX_WALL" 'BEGIN {exit !(w <= t)}'; then echo "11 jars time target (<= $MAX_WALL s):  met"; else echo "11 jars time target (<= $MAX_WALL s):  MISSED"; status=1; fi
        if ((m <= MAX_RSS_MIB)); then echo "11 jars memory target (<= $MAX_RSS_MIB MiB): met"; else echo "11 jars memory target (<= $MAX_RSS_MIB MiB): MISSED"; status=1; fi
    fi
done
exit $status
