#!/usr/bin/env bash
# Figure 4.11 of the JPhantom thesis on the antlr 3.5.3 tool closure: reachable methods of
# (i) the closure, (ii) antlr-minus (the closure minus bench/fig411-analysis/removed.txt) analysed with
# --missing=skip, (iii) antlr-minus complemented by jphantom; recall over the methods missing from
# (ii), precision, false positives, phantom count. See bench/fig411-analysis/README.md.
#
# Usage: bench/figure-4.11.sh
#   CONTEXT=ci         points-to context (default ci)
#   JAVA_OPTS=...      flags of the analysis JVMs (default -Xss16m -Xmx8g -XX:+UseSerialGC)
#   JPHANTOM=jar       the jphantom jar (default jphantom-cli/target/jphantom.jar)
#   PARALLEL=1         run (i) and (ii) at the same time (default 1; 0 = one after the other)
# Outputs under bench/target/fig411-analysis/. Exit status 0 on success, 2 on a setup or analysis error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
CONTEXT=${CONTEXT:-ci}
JAVA_OPTS=${JAVA_OPTS:--Xss16m -Xmx8g -XX:+UseSerialGC}
JPHANTOM=${JPHANTOM:-$ROOT/jphantom-cli/target/jphantom.jar}
PARALLEL=${PARALLEL:-1}
WORK=$ROOT/bench/target/fig411-analysis
JARS=$WORK/jars
PY=$ROOT/bench/fig411-analysis/fig411.py
REMOVED=$ROOT/bench/fig411-analysis/removed.txt
MAIN=org.antlr.Tool
mkdir -p "$JARS"

die() { echo "figure-4.11: $*" >&2; exit 2; }

if [[ ! -f $JPHANTOM ]]; then
    echo "figure-4.11: building jphantom (mvn -B -q -DskipTests package)" >&2
    mvn -B -q -DskipTests package || die "build failed"
fi
command -v python3 >/dev/null || die "python3 is needed"

COORDS=(org.antlr:antlr:3.5.3 org.antlr:antlr-runtime:3.5.3 org.antlr:ST4:4.3.1
        org.antlr:stringtemplate:3.2.1 antlr:antlr:2.7.7)
INPUTS=()
for c in "${COORDS[@]}"; do
    IFS=: read -r g a v <<<"$c"
    if [[ ! -f $JARS/$a-$v.jar ]]; then
        echo "figure-4.11: fetching $c" >&2
        mvn -B -q -N dependency:copy -Dartifact="$c" -DoutputDirectory="$JARS" >&2 || die "cannot fetch $c"
    fi
    INPUTS+=("$JARS/$a-$v.jar")
done

# One merged jar of the closure (class entries only, sorted, fixed timestamps), and the same minus
# the removed classes: both are the whole program; nothing is passed with -cp.
python3 "$PY" merge "$WORK/closure.jar" /dev/null "${INPUTS[@]}"
python3 "$PY" merge "$WORK/antlr-minus.jar" "$REMOVED" "$WORK/closure.jar"

echo "figure-4.11: complementing antlr-minus" >&2
start=$(date +%s.%N)
# shellcheck disable=SC2086
java -jar "$JPHANTOM" "$WORK/antlr-minus.jar" -o "$WORK/minus-complete.jar" --verify -q \
    --report "$WORK/complement-report.json" || die "jphantom failed to complement antlr-minus"
echo "figure-4.11: complemented in $(echo "$(date +%s.%N) - $start" | bc) s" >&2

analyze() { # name jar [options...]
    local name=$1 jar=$2; shift 2
    rm -rf "${WORK:?}/$name"
    # shellcheck disable=SC2086
    /usr/bin/time -o "$WORK/$name.time" -f '%e s wall, %M KB peak RSS' \
        java $JAVA_OPTS -jar "$JPHANTOM" analyze "$jar" --main $MAIN --context "$CONTEXT" \
        --out "$WORK/$name" -q "$@" > "$WORK/$name.log" 2>&1 || { cat "$WORK/$name.log" >&2; return 1; }
    echo "figure-4.11: $name: $(cat "$WORK/$name.time")" >&2
}

echo "figure-4.11: analysing ($CONTEXT, $JAVA_OPTS)" >&2
if [[ $PARALLEL == 1 ]]; then
    analyze original "$WORK/closure.jar" & p1=$!
    analyze minus "$WORK/antlr-minus.jar" --missing skip & p2=$!
    wait $p1 || die "analysis of the original failed"
    wait $p2 || die "analysis of antlr-minus failed"
else
    analyze original "$WORK/closure.jar" || die "analysis of the original failed"
    analyze minus "$WORK/antlr-minus.jar" --missing skip || die "analysis of antlr-minus failed"
fi
analyze complemented "$WORK/minus-complete.jar" || die "analysis of the complemented antlr-minus failed"

python3 "$PY" figures "$WORK/original/reachable-methods.txt" "$WORK/minus/reachable-methods.txt" \
    "$WORK/complemented/reachable-methods.txt" "$WORK/closure.jar" "$WORK/antlr-minus.jar" "$WORK/minus-complete.jar" \
    "$WORK/figures.json" | tee "$WORK/figures.txt"
