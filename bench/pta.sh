#!/usr/bin/env bash
# Benchmark: `jphantom analyze` (context-insensitive unless CONTEXT says otherwise) on sablecc 3.2
# (main org.sablecc.sablecc.SableCC) or the antlr 3.5.3 tool closure (main org.antlr.Tool), with the
# running JDK as library. Each round is a fresh JVM under GNU time; prints wall time, CPU time, peak
# RSS, reachable methods (all and application) and call edges, then the medians.
#
# Usage: bench/pta.sh [sablecc|antlr]      (N=3 rounds by default)
#   N=5 bench/pta.sh                       more rounds
#   CONTEXT=1cfa bench/pta.sh              another context sensitivity (ci|1cfa|2cfa|1obj|2obj|1type|2type)
#   JAVA_OPTS='-Xmx2g' bench/pta.sh        JVM flags (default: -XX:+UseSerialGC, the launcher's)
# Exit status: 0 on success, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
PROGRAM=${1:-sablecc}
N=${N:-3}
CONTEXT=${CONTEXT:-ci}
JAVA_OPTS=${JAVA_OPTS:--XX:+UseSerialGC}
WORK=$ROOT/bench/target/pta
JPHANTOM=$ROOT/jphantom-cli/target/jphantom.jar
mkdir -p "$WORK"

die() { echo "bench: $*" >&2; exit 2; }

if [[ ! -f $JPHANTOM ]]; then
    echo "bench: building jphantom (mvn -B -q -DskipTests package)" >&2
    mvn -B -q -DskipTests package || die "build failed"
fi
command -v /usr/bin/time >/dev/null || die "GNU time (/usr/bin/time) is needed: apt-get install time"

fetch() { # groupId:artifactId:version -> path of the jar (the build's corpus copy, else Maven)
    local coords=$1 g a v
    IFS=: read -r g a v <<<"$coords"
    local corpus=$ROOT/jphantom-cli/target/corpus/$a-$v.jar
    if [[ -f $corpus ]]; then echo "$corpus"; return; fi
    if [[ ! -f $WORK/$a-$v.jar ]]; then
        echo "bench: fetching $coords" >&2
        mvn -B -q -N dependency:copy -Dartifact="$coords" -DoutputDirectory="$WORK" >&2 || die "cannot fetch $coords"
    fi
    echo "$WORK/$a-$v.jar"
}

case $PROGRAM in
    sablecc)
        INPUTS=("$(fetch sablecc:sablecc:3.2)")
        MAIN=org.sablecc.sablecc.SableCC ;;
    antlr)
        INPUTS=("$(fetch org.antlr:antlr:3.5.3)" "$(fetch org.antlr:antlr-runtime:3.5.3)" "$(fetch org.antlr:ST4:4.3.1)"
                "$(fetch org.antlr:stringtemplate:3.2.1)" "$(fetch antlr:antlr:2.7.7)")
        MAIN=org.antlr.Tool ;;
    *) die "unknown program '$PROGRAM': sablecc or antlr" ;;
esac

stat() { # stats.json key -> value
    sed -n "s/^ *\"$2\" : \\([0-9]*\\).*/\\1/p" "$1"
}

walls=(); rss=()
printf '%-6s %9s %9s %10s %10s %8s %10s\n' round wall_s cpu_s peak_MB methods app edges
for ((i = 1; i <= N; i++)); do
    out=$WORK/$PROGRAM-$CONTEXT
    rm -rf "$out"
    # shellcheck disable=SC2086
    /usr/bin/time -o "$WORK/time.txt" -f '%e %U %S %M' java $JAVA_OPTS -jar "$JPHANTOM" analyze "${INPUTS[@]}" \
        --main $MAIN --context "$CONTEXT" --out "$out" -q || die "analysis failed"
    read -r wall user sys kb < "$WORK/time.txt"
    cpu=$(echo "$user + $sys" | bc)
    walls+=("$wall"); rss+=("$((kb / 1024))")
    printf '%-6s %9s %9s %10s %10s %8s %10s\n' "$i" "$wall" "$cpu" "$((kb / 1024))" \
        "$(stat "$out/stats.json" reachableMethods)" "$(stat "$out/stats.json" applicationReachableMethods)" \
        "$(stat "$out/stats.json" callEdges)"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
echo "median wall $(median "${walls[@]}") s, median peak RSS $(median "${rss[@]}") MB ($PROGRAM, $CONTEXT, $JAVA_OPTS)"
