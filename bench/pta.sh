#!/usr/bin/env bash
# Benchmark: `jphantom analyze` (context-insensitive unless CONTEXT says otherwise) on sablecc 3.2
# (main org.sablecc.sablecc.SableCC) or the antlr 3.5.3 tool closure (main org.antlr.Tool), with the
# running JDK as library. Each round is a fresh JVM under GNU time; prints wall time, CPU time, peak
# RSS, reachable methods (all and application) and call edges, then the medians.
#
# Usage: bench/pta.sh [sablecc|antlr]      (N=3 rounds by default)
#   N=5 bench/pta.sh                       more rounds
#   CONTEXT=1cfa bench/pta.sh              another context sensitivity (ci|1cfa|2cfa|1obj|2obj|1type|2type)
#   DYNAMIC=off bench/pta.sh               without the dynamic models (--dynamic-models off)
#   JAVA_OPTS='-Xmx2g' bench/pta.sh        JVM flags (default: -XX:+UseSerialGC, the launcher's)
#   PEERS=1 bench/pta.sh                   peer mode: every round runs jphantom, then the peer Tai-e
#                                          0.5.2 (resolved by bench/peers/pom.xml, never a dependency
#                                          of jphantom), each a fresh JVM; prints both and the ratios
#                                          jphantom/Tai-e of the median wall time and peak RSS
#   TAIE_JAVA_OPTS='-Xss16m -Xmx18g'       Tai-e's JVM flags (default as shown)
#   REFLECTION=solar bench/pta.sh          jphantom's --reflection (none|constants|solar; default none,
#                                          comparable with earlier figures); with PEERS=1 Tai-e runs
#                                          the matching reflection-inference (null|string-constant|solar)
# Exit status: 0 on success, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
PROGRAM=${1:-sablecc}
N=${N:-3}
CONTEXT=${CONTEXT:-ci}
DYNAMIC=${DYNAMIC:-on}
REFLECTION=${REFLECTION:-none}
case $REFLECTION in
    none) TAIE_REFLECTION=null ;;
    constants) TAIE_REFLECTION=string-constant ;;
    solar) TAIE_REFLECTION=solar ;;
    *) echo "bench: REFLECTION must be none, constants or solar" >&2; exit 2 ;;
esac
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

# shellcheck source=bench/programs.sh
source "$ROOT/bench/programs.sh"
program "$PROGRAM"

stat() { # stats.json key -> value
    sed -n "s/^ *\"$2\" : \\([0-9]*\\).*/\\1/p" "$1"
}
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

if [[ -z ${PEERS:-} ]]; then
    walls=(); rss=()
    printf '%-6s %9s %9s %10s %10s %8s %10s\n' round wall_s cpu_s peak_MB methods app edges
    for ((i = 1; i <= N; i++)); do
        out=$WORK/$PROGRAM-$CONTEXT
        rm -rf "$out"
        # shellcheck disable=SC2086
        /usr/bin/time -o "$WORK/time.txt" -f '%e %U %S %M' java $JAVA_OPTS -jar "$JPHANTOM" analyze "${INPUTS[@]}" \
            --main $MAIN --context "$CONTEXT" --dynamic-models "$DYNAMIC" --reflection "$REFLECTION" --missing ignore --out "$out" -q || die "analysis failed"
        read -r wall user sys kb < "$WORK/time.txt"
        cpu=$(echo "$user + $sys" | bc)
        walls+=("$wall"); rss+=("$((kb / 1024))")
        printf '%-6s %9s %9s %10s %10s %8s %10s\n' "$i" "$wall" "$cpu" "$((kb / 1024))" \
            "$(stat "$out/stats.json" reachableMethods)" "$(stat "$out/stats.json" applicationReachableMethods)" \
            "$(stat "$out/stats.json" callEdges)"
    done
    echo "median wall $(median "${walls[@]}") s, median peak RSS $(median "${rss[@]}") MB ($PROGRAM, $CONTEXT, reflection $REFLECTION, $JAVA_OPTS)"
    exit 0
fi

# ---- peer mode: jphantom and Tai-e 0.5.2 in every round ----------------------------------------
TAIE_JAVA_OPTS=${TAIE_JAVA_OPTS:--Xss16m -Xmx18g}
PEERS_POM=$ROOT/bench/peers/pom.xml
TAIE_CPFILE=$ROOT/bench/target/peers/classpath.txt
case $CONTEXT in # jphantom's context names -> Tai-e's cs option (Tai-e keeps its default heap contexts)
    ci) TAIE_CS=ci ;;
    1cfa|2cfa) TAIE_CS=${CONTEXT:0:1}-call ;;
    1obj|2obj) TAIE_CS=${CONTEXT:0:1}-obj ;;
    1type|2type) TAIE_CS=${CONTEXT:0:1}-type ;;
    *) die "no Tai-e equivalent of context '$CONTEXT'" ;;
esac
# Reflection inference as jphantom's (see REFLECTION); cg dumps the reachable methods and the call
# edges to output/, as jphantom's --out does.
TAIE_PTA="pta=cs:$TAIE_CS;reflection-inference:$TAIE_REFLECTION"
TAIE_CG="cg=dump-methods:true;dump-call-edges:true"
JDK_FEATURE=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
TAIE_JAVA=${TAIE_JAVA:-$JDK_FEATURE} # Tai-e's -java: the JDK whose classes -pp prepends

if [[ ! -s $TAIE_CPFILE || $PEERS_POM -nt $TAIE_CPFILE ]]; then
    echo "bench: resolving Tai-e (mvn -f bench/peers/pom.xml dependency:build-classpath)" >&2
    mkdir -p "$(dirname "$TAIE_CPFILE")"
    mvn -B -q -f "$PEERS_POM" dependency:build-classpath -Dmdep.outputFile="$TAIE_CPFILE" >&2 \
        || die "cannot resolve Tai-e"
fi
TAIE_CP=$(cat "$TAIE_CPFILE")

# The program's class names, for counting Tai-e's application methods (jphantom counts its own).
APP_CLASSES=$WORK/$PROGRAM-classes.txt
for jar in "${INPUTS[@]}"; do unzip -Z1 "$jar"; done | grep '\.class$' \
    | sed 's#^META-INF/versions/[0-9]*/##; s/\.class$//; s#/#.#g' | sort -u > "$APP_CLASSES"
app_methods() { # reachable-methods.txt ('<Class: ret name(args)>' per line) -> methods of program classes
    awk 'NR == FNR { app[$0] = 1; next } { c = $0; sub(/^</, "", c); sub(/:.*/, "", c); if (c in app) n++ }
         END { print n + 0 }' "$APP_CLASSES" "$1"
}
TAIE_CPARGS=()
for jar in "${INPUTS[@]}"; do TAIE_CPARGS+=(-cp "$jar"); done
TAIE_DIR=$WORK/taie-$PROGRAM # Tai-e writes output/ into its working directory

declare -A W C R M A E P # per tool: space-separated values of every round
row() { printf '%-6s %-9s %9s %9s %9s %9s %7s %9s %9s\n' "$@"; }
record() { # tool round wall cpu mb methods app edges pairs
    W[$1]+="$3 "; C[$1]+="$4 "; R[$1]+="$5 "; M[$1]+="$6 "; A[$1]+="$7 "; E[$1]+="$8 "; P[$1]+="$9 "
    row "$2" "$1" "$3" "$4" "$5" "$6" "$7" "$8" "$9"
}
measure() { # time.txt -> "wall cpu MB"
    local wall user sys kb
    read -r wall user sys kb < "$1"
    echo "$wall $(echo "$user + $sys" | bc) $((kb / 1024))"
}

echo "jphantom: java $JAVA_OPTS -jar jphantom.jar analyze JARS --main $MAIN --context $CONTEXT --dynamic-models $DYNAMIC --reflection $REFLECTION --missing ignore --out DIR -q"
echo "Tai-e:    java $TAIE_JAVA_OPTS -cp TAI-E pascal.taie.Main -pp -java $TAIE_JAVA -cp JAR... -m $MAIN" \
     "-a \"$TAIE_PTA\" -a \"$TAIE_CG\""
row round tool wall_s cpu_s peak_MB methods app edges pairs
for ((i = 1; i <= N; i++)); do
    out=$WORK/$PROGRAM-$CONTEXT
    rm -rf "$out"
    # shellcheck disable=SC2086
    /usr/bin/time -o "$WORK/time.txt" -f '%e %U %S %M' java $JAVA_OPTS -jar "$JPHANTOM" analyze "${INPUTS[@]}" \
        --main $MAIN --context "$CONTEXT" --dynamic-models "$DYNAMIC" --reflection "$REFLECTION" --missing ignore --out "$out" -q || die "analysis failed"
    read -r wall cpu mb <<<"$(measure "$WORK/time.txt")"
    record jphantom "$i" "$wall" "$cpu" "$mb" "$(stat "$out/stats.json" reachableMethods)" \
        "$(stat "$out/stats.json" applicationReachableMethods)" "$(stat "$out/stats.json" callEdges)" \
        "$(wc -l < "$out/call-edges.txt")"

    rm -rf "$TAIE_DIR"; mkdir -p "$TAIE_DIR"
    # shellcheck disable=SC2086
    (cd "$TAIE_DIR" && /usr/bin/time -o "$TAIE_DIR/time.txt" -f '%e %U %S %M' java $TAIE_JAVA_OPTS -cp "$TAIE_CP" \
        pascal.taie.Main -pp -java "$TAIE_JAVA" "${TAIE_CPARGS[@]}" -m $MAIN -a "$TAIE_PTA" -a "$TAIE_CG" \
        > "$TAIE_DIR/stdout.txt" 2>&1) || die "Tai-e failed: see $TAIE_DIR/stdout.txt"
    # "Call graph has 15892 reachable methods and 107778 edges" (CallGraphBuilder's summary)
    summary=$(sed -n 's/.*Call graph has \([0-9]*\) reachable methods and \([0-9]*\) edges.*/\1 \2/p' "$TAIE_DIR/stdout.txt")
    [[ -n $summary ]] || die "no call graph summary in $TAIE_DIR/stdout.txt"
    read -r tm te <<<"$summary"
    read -r wall cpu mb <<<"$(measure "$TAIE_DIR/time.txt")"
    record tai-e "$i" "$wall" "$cpu" "$mb" "$tm" "$(app_methods "$TAIE_DIR/output/reachable-methods.txt")" "$te" \
        "$(wc -l < "$TAIE_DIR/output/call-edges.txt")"
    cp "$TAIE_DIR/stdout.txt" "$WORK/taie-$PROGRAM-round$i.txt"
done

echo "medians over $N round(s) ($PROGRAM, $CONTEXT, reflection $REFLECTION):"
for t in jphantom tai-e; do
    # shellcheck disable=SC2086
    row median "$t" "$(median ${W[$t]})" "$(median ${C[$t]})" "$(median ${R[$t]})" "$(median ${M[$t]})" \
        "$(median ${A[$t]})" "$(median ${E[$t]})" "$(median ${P[$t]})"
done
# shellcheck disable=SC2086
awk -v jw="$(median ${W[jphantom]})" -v tw="$(median ${W[tai-e]})" \
    -v jr="$(median ${R[jphantom]})" -v tr="$(median ${R[tai-e]})" 'BEGIN {
    printf "jphantom/Tai-e: median wall %.2f, median peak RSS %.2f (target: both at most 0.50: %s)\n",
        jw / tw, jr / tr, (jw / tw <= 0.5 && jr / tr <= 0.5) ? "met" : "missed" }'
echo "edges: jphantom's distinct (call site, callee) pairs; Tai-e's call graph summary (edges of every call kind)." \
     "pairs: lines of each tool's call-edges.txt (distinct call site, callee)."
