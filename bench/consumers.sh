#!/usr/bin/env bash
# What complementing buys other analyzers: the thesis' Figure 4.11 experiment (a call graph of
# (a) the full program, (b) the partial program, (c) the partial program completed by jphantom) with
# other analyzers as the clients instead of Doop:
#   sootup-cha    SootUp 3.0.1, class hierarchy analysis            bench/peers/sootup
#   sootup-qilin  SootUp's Qilin (sootup.qilin 3.0.1), insens pta    bench/peers/sootup
#   wala-cha      WALA 1.6.9, CHACallGraph                          bench/peers/wala
#   wala-0cfa     WALA 1.6.9, 0-CFA (reflection off)                bench/peers/wala
#   taie-ci       Tai-e 0.5.2, context-insensitive pta (its CLI),   bench/peers/pom.xml
#                 reflection inference off
#   soot-cha      Soot 4.6.0, cg.cha (JDK: signatures, no bodies)   bench/peers/soot
#   soot-spark    Soot 4.6.0, cg.spark                              bench/peers/soot
# Each client is a standalone Maven project under bench/peers/ (never built by CI), fetched from
# Maven Central on first use; each driver writes the reachable methods and the (caller, callee)
# pairs of the call graph as <pkg.C: R m(A)> signatures. Entry: main(String[]) of the program's
# main class alone. Library: the running JDK 17 (SootUp, Soot, Tai-e: its jrt:/ image; WALA: its
# java.base.jmod, GUI packages excluded; Soot: the JDK's packages excluded, without bodies). Partial
# program (b): the client's own handling of missing classes (SootUp: none to set, Soot:
# -allow-phantom-refs, WALA: its default hierarchy, Tai-e: -allow-phantom). Completed program (c):
# the partial jars unchanged as application code, and the jar of jphantom's generated classes alone
# (`jphantom PARTIAL... --phantoms-only phantoms.jar`) as library code on the client's library path.
#
# Programs (three; each main class is on the partial program):
#   antlr3-fig411   the antlr 3.5.3 tool closure without bench/fig411-analysis/removed.txt
#                   (org.antlr.analysis.*, org.stringtemplate.v4.compiler.*), Figure 4.11's slice
#   antlr3-runtime  the same closure without the whole jar org.antlr:antlr-runtime:3.5.3, a real
#                   dependency of the tool and of stringtemplate 3
#   antlr4-st4      the antlr 4.13.2 tool closure (antlr4, antlr4-runtime, antlr-runtime 3.5.3,
#                   treelayout 1.0.3, icu4j 72.1, ST4 4.3.4) without its real dependency ST4 4.3.4
#
# The metric is the thesis': over the call edges between methods of classes the partial program
# has (JDK and phantom classes excluded), recall = |X & A| / |A| and precision = |X & A| / |X| of
# X = (b) or (c) against A = (a).
#
# Usage: bench/consumers.sh [PROGRAM...]       (default: all three)
#   CLIENTS='sootup-cha wala-cha'   the clients to run, in order (default: all seven above)
#   LIMIT=600                       CPU seconds each analysis may use (default 600); over it: OoT
#   WALL_LIMIT=1800                 wall seconds each analysis may take (default 1800); over it: OoT
#   JAVA_OPTS='-Xmx6g'              flags of the client JVMs (default: -Xmx6g -Xss16m -XX:+UseSerialGC;
#                                   Qilin needs about 5.6 GB of heap on these programs: -Xmx8g for it)
#   JPHANTOM=jar                    the jphantom jar (default jphantom-cli/target/jphantom.jar, built if absent)
# The full program (a) is analysed once per client: antlr3-fig411 and antlr3-runtime share the same
# full jar, so the second of them copies the first's finished (a) (rm -rf bench/target/consumers/
# PROGRAM/CLIENT of both to analyse it again).
# Outputs: bench/target/consumers/PROGRAM/CLIENT/{full,partial,complete}/ (methods.txt, edges.txt,
# log.txt, time.txt, row.json), and the table of every row measured so far in
# bench/target/consumers/results.txt (separate runs for separate programs or clients add up). Needs network access to Maven
# Central the first time. Never run two of these at once on a shared machine. Why a run misses (a)'s
# pairs: python3 bench/consumers.py gap bench/target/consumers/P/full.jar bench/target/consumers/P/kept-classes.txt
#        MAIN bench/target/consumers/P/CLIENT/full bench/target/consumers/P/CLIENT/complete
# Exit status: 0, or 2 on a setup error (a client's failure is a row of the table, not an error).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
LIMIT=${LIMIT:-600}
WALL_LIMIT=${WALL_LIMIT:-1800}
JAVA_OPTS=${JAVA_OPTS:--Xmx6g -Xss16m -XX:+UseSerialGC}
CLIENTS=${CLIENTS:-sootup-cha sootup-qilin wala-cha wala-0cfa taie-ci soot-cha soot-spark}
JPHANTOM=${JPHANTOM:-$ROOT/jphantom-cli/target/jphantom.jar}
WORK=$ROOT/bench/target/consumers
JARS=$WORK/jars
PEERS=$ROOT/bench/peers
PROGRAMS=("$@")
[[ ${#PROGRAMS[@]} -gt 0 ]] || PROGRAMS=(antlr3-fig411 antlr3-runtime antlr4-st4)
mkdir -p "$JARS"

die() { echo "consumers: $*" >&2; exit 2; }
command -v python3 >/dev/null || die "python3 is needed"
command -v timeout >/dev/null || die "timeout (coreutils) is needed"
if [[ ! -f $JPHANTOM ]]; then
    echo "consumers: building jphantom (mvn -B -q -DskipTests package)" >&2
    mvn -B -q -DskipTests package || die "build failed"
fi
MERGE="python3 $ROOT/bench/fig411-analysis/fig411.py merge"

fetch() { # GROUP:ARTIFACT:VERSION -> the jar's path
    local g a v
    IFS=: read -r g a v <<<"$1"
    if [[ ! -f $JARS/$a-$v.jar ]]; then
        echo "consumers: fetching $1" >&2
        mvn -B -q -N dependency:copy -Dartifact="$1" -DoutputDirectory="$JARS" >&2 || die "cannot fetch $1"
    fi
    echo "$JARS/$a-$v.jar"
}

# ---- the clients ------------------------------------------------------------------------------
classpath() { # peer-dir -> its class path (compiled driver first), resolved once
    local dir=$1 name cpfile
    name=$(basename "$dir")
    cpfile=$WORK/classpath-$name.txt
    if [[ ! -s $cpfile || $dir/pom.xml -nt $cpfile || -n $(find "$dir/src" -newer "$cpfile" -name '*.java' 2>/dev/null) ]]; then
        echo "consumers: building bench/peers/$name (mvn -f bench/peers/$name/pom.xml compile)" >&2
        mvn -B -q -f "$dir/pom.xml" compile dependency:build-classpath -Dmdep.outputFile="$cpfile.tmp" \
            > "$WORK/mvn-$name.log" 2>&1 || die "cannot build bench/peers/$name: see $WORK/mvn-$name.log"
        mv "$cpfile.tmp" "$cpfile"
    fi
    echo "$dir/target/classes:$(cat "$cpfile")"
}

# Qilin 3.0.1 reads the JDK 8 field Reference.pending (absent in 17) when it meets
# Reference.<init>(Object, ReferenceQueue); bench/selectx-peer.sh's fix: the class, patched to skip
# an absent field, first on the class path.
qilin_patch() {
    local patch=$WORK/qilin-patch sources
    if [[ ! -f $patch/classes/qilin/core/pag/MethodPAG.class ]]; then
        sources=$JARS/sootup.qilin-3.0.1-sources.jar
        [[ -f $sources ]] || mvn -B -q -N dependency:copy -Dartifact=org.soot-oss:sootup.qilin:3.0.1:jar:sources \
            -DoutputDirectory="$JARS" >&2 || die "cannot fetch Qilin's sources jar"
        rm -rf "$patch"; mkdir -p "$patch/src" "$patch/classes"
        unzip -p "$sources" qilin/core/pag/MethodPAG.java \
            | sed 's/SootField sf = sootClass.getField("pending").get();/var pending = sootClass.getField("pending"); if (pending.isEmpty()) { return; } SootField sf = pending.get();/' \
            > "$patch/src/MethodPAG.java"
        grep -q 'pending.isEmpty()' "$patch/src/MethodPAG.java" || die "Qilin's MethodPAG changed: the Reference.pending fix does not apply"
        javac -nowarn -cp "$SOOTUP_CP" -d "$patch/classes" "$patch/src/MethodPAG.java" 2>/dev/null \
            || die "cannot compile the patched MethodPAG"
    fi
    echo "$patch/classes"
}

WALA_EXCLUSIONS=$WORK/wala-exclusions.txt
# WALA's usual exclusions (GUI and desktop packages of the JDK), the same for every run.
printf '%s\n' 'java\/awt\/.*' 'javax\/swing\/.*' 'sun\/awt\/.*' 'sun\/swing\/.*' 'com\/sun\/java\/swing\/.*' \
    'javax\/sound\/.*' 'javax\/imageio\/.*' 'sun\/java2d\/.*' 'sun\/font\/.*' > "$WALA_EXCLUSIONS"

SOOTUP_CP= WALA_CP= SOOT_CP= TAIE_CP= QILIN_PATCH=
setup_client() {
    case $1 in
        sootup-cha) [[ -n $SOOTUP_CP ]] || SOOTUP_CP=$(classpath "$PEERS/sootup") ;;
        sootup-qilin) [[ -n $SOOTUP_CP ]] || SOOTUP_CP=$(classpath "$PEERS/sootup")
                      [[ -n $QILIN_PATCH ]] || QILIN_PATCH=$(qilin_patch) ;;
        wala-*) [[ -n $WALA_CP ]] || WALA_CP=$(classpath "$PEERS/wala") ;;
        soot-*) [[ -n $SOOT_CP ]] || SOOT_CP=$(classpath "$PEERS/soot") ;;
        taie-*) if [[ -z $TAIE_CP ]]; then
                    mvn -B -q -f "$PEERS/pom.xml" dependency:build-classpath -Dmdep.outputFile="$WORK/classpath-taie.txt" \
                        > "$WORK/mvn-taie.log" 2>&1 || die "cannot resolve Tai-e: see $WORK/mvn-taie.log"
                    TAIE_CP=$(cat "$WORK/classpath-taie.txt")
                fi ;;
        *) die "unknown client '$1'" ;;
    esac
}

# run_client CLIENT OUTDIR MAIN LIB-OR-EMPTY JAR...: the client's call graph into OUTDIR
run_client() {
    local client=$1 out=$2 main=$3 lib=$4; shift 4
    local libargs=() taiecp=() j
    [[ -n $lib ]] && libargs=(--lib "$lib")
    # shellcheck disable=SC2086
    case $client in
        sootup-cha) java $JAVA_OPTS -cp "$SOOTUP_CP" org.jphantom.bench.consumers.SootUpRun --algo cha \
                        --main "$main" --out "$out" "${libargs[@]}" "$@" ;;
        sootup-qilin) java $JAVA_OPTS -cp "$QILIN_PATCH:$SOOTUP_CP" org.jphantom.bench.consumers.SootUpRun --algo qilin \
                        --main "$main" --out "$out" "${libargs[@]}" "$@" ;;
        wala-cha|wala-0cfa) java $JAVA_OPTS -cp "$WALA_CP" org.jphantom.bench.consumers.WalaRun --algo "${client#wala-}" \
                        --exclusions "$WALA_EXCLUSIONS" --main "$main" --out "$out" "${libargs[@]}" "$@" ;;
        soot-cha|soot-spark) java $JAVA_OPTS -cp "$SOOT_CP" org.jphantom.bench.consumers.SootRun --algo "${client#soot-}" \
                        --main "$main" --out "$out" "${libargs[@]}" "$@" ;;
        taie-ci)
            for j in "$@"; do taiecp+=(-acp "$j"); done
            [[ -n $lib ]] && taiecp+=(-cp "$lib")
            java $JAVA_OPTS -cp "$TAIE_CP" pascal.taie.Main -pp -java 17 -ap "${taiecp[@]}" -m "$main" \
                --output-dir "$out/taie" -a "pta=cs:ci;reflection-inference:null" -a "cg=algorithm:pta;dump-methods:true;dump-call-edges:true" \
                && python3 "$ROOT/bench/consumers.py" taie "$out/taie" "$out" ;;
    esac
}

# ---- the programs -----------------------------------------------------------------------------
ANTLR3=(org.antlr:antlr:3.5.3 org.antlr:antlr-runtime:3.5.3 org.antlr:ST4:4.3.1 org.antlr:stringtemplate:3.2.1 antlr:antlr:2.7.7)
ANTLR4=(org.antlr:antlr4:4.13.2 org.antlr:antlr4-runtime:4.13.2 org.antlr:antlr-runtime:3.5.3
        org.abego.treelayout:org.abego.treelayout.core:1.0.3 com.ibm.icu:icu4j:72.1 org.antlr:ST4:4.3.4)

# prepare PROGRAM: sets FULL, PARTIAL (one merged jar each) and MAIN
prepare() {
    local dir=$WORK/$1 jars=() c MERGE=$MERGE
    mkdir -p "$dir"
    FULL=$dir/full.jar PARTIAL=$dir/partial.jar
    # The merges are deterministic: made once, so that a second run beside a first never rewrites a
    # jar the first is reading (rm -rf bench/target/consumers/PROGRAM to make them again).
    [[ -f $FULL && -f $PARTIAL ]] && MERGE=:
    case $1 in
        antlr3-fig411|antlr3-runtime)
            MAIN=org.antlr.Tool
            for c in "${ANTLR3[@]}"; do jars+=("$(fetch "$c")"); done
            $MERGE "$FULL" /dev/null "${jars[@]}" 2>/dev/null
            if [[ $1 == antlr3-fig411 ]]; then
                $MERGE "$PARTIAL" "$ROOT/bench/fig411-analysis/removed.txt" "$FULL" 2>/dev/null
            else
                $MERGE "$PARTIAL" /dev/null "${jars[0]}" "${jars[@]:2}" 2>/dev/null
            fi ;;
        antlr4-st4)
            MAIN=org.antlr.v4.Tool
            for c in "${ANTLR4[@]}"; do jars+=("$(fetch "$c")"); done
            $MERGE "$FULL" /dev/null "${jars[@]}" 2>/dev/null
            $MERGE "$PARTIAL" /dev/null "${jars[@]:0:5}" 2>/dev/null ;;
        *) die "unknown program '$1': antlr3-fig411, antlr3-runtime or antlr4-st4" ;;
    esac
}

# one analysis, under the limits; prints its status: ok, OoT, OoM or crash. LIMIT bounds the
# process' CPU time (ulimit -t: on a loaded shared machine wall time says little), WALL_LIMIT its
# wall time; time.txt gets GNU time's wall, user, system seconds and peak RSS (KB).
analyse() { # client variant outdir main lib jar...
    local client=$1 variant=$2 out=$3 rc=0; shift 3
    rm -rf "$out"; mkdir -p "$out"
    (ulimit -t "$LIMIT"
     exec timeout "$WALL_LIMIT" /usr/bin/time -o "$out/time.txt" -f '%e %U %S %M' bash -c \
        "$(declare -f run_client); $(declare -p JAVA_OPTS SOOTUP_CP QILIN_PATCH WALA_CP SOOT_CP TAIE_CP WALA_EXCLUSIONS ROOT); run_client \"\$@\"" \
        _ "$client" "$out" "$@") > "$out/log.txt" 2>&1 || rc=$?
    echo "$rc" > "$out/exit.txt"
    if [[ $rc -eq 124 || $rc -eq 152 || $rc -eq 137 ]] || grep -q 'Command terminated by signal 24' "$out/time.txt" 2>/dev/null; then echo OoT
    elif grep -q 'OutOfMemoryError' "$out/log.txt"; then echo OoM
    elif [[ $rc -ne 0 || ! -f $out/edges.txt ]]; then echo crash
    else echo ok
    fi
}

# reusable_full PROGRAM CLIENT: a finished (a) of CLIENT on another program with a byte-identical
# full jar (antlr3-fig411 and antlr3-runtime share theirs), so that it is analysed once.
reusable_full() {
    local q d
    for q in antlr3-fig411 antlr3-runtime antlr4-st4; do
        d=$WORK/$q/$2/full
        if [[ $q != "$1" && -f $WORK/$q/full.jar && -f $d/edges.txt && $(cat "$d/exit.txt" 2>/dev/null) == 0 ]] \
            && cmp -s "$WORK/$q/full.jar" "$FULL"; then
            echo "$d"; return 0
        fi
    done
    return 1
}

for program in "${PROGRAMS[@]}"; do
    prepare "$program"
    dir=$WORK/$program
    java -jar "$JPHANTOM" "$PARTIAL" --phantoms-only "$dir/phantoms.jar" -q --report "$dir/report.json" \
        > "$dir/jphantom.log" 2>&1 || die "jphantom failed on $program: see $dir/jphantom.log"
    python3 "$ROOT/bench/consumers.py" classes "$PARTIAL" > "$dir/kept-classes.txt"
    python3 "$ROOT/bench/consumers.py" classes "$FULL" > "$dir/full-classes.txt"
    echo "consumers: $program: full $(unzip -Z1 "$FULL" | grep -c '\.class$') classes, partial $(wc -l < "$dir/kept-classes.txt")," \
         "$(unzip -Z1 "$dir/phantoms.jar" | grep -c '\.class$') phantom classes; main $MAIN" >&2
    for client in $CLIENTS; do
        setup_client "$client"
        out=$dir/$client
        if src=$(reusable_full "$program" "$client"); then
            rm -rf "$out/full"; mkdir -p "$out"; cp -r "$src" "$out/full"; sf=ok
            echo "consumers: $program $client: (a) is ${src#"$WORK"/}'s (the same full jar)" >&2
        else
            sf=$(analyse "$client" full "$out/full" "$MAIN" "" "$FULL")
        fi
        sp=$(analyse "$client" partial "$out/partial" "$MAIN" "" "$PARTIAL")
        sc=$(analyse "$client" complete "$out/complete" "$MAIN" "$dir/phantoms.jar" "$PARTIAL")
        python3 "$ROOT/bench/consumers.py" row "$program" "$client" "$dir/kept-classes.txt" \
            "$sf" "$out/full" "$sp" "$out/partial" "$sc" "$out/complete" "$MAIN" "$dir/full-classes.txt" > "$out/row.json"
        python3 "$ROOT/bench/consumers.py" table < "$out/row.json" | sed -n 2p >&2
    done
done
# The table of every row measured so far (runs of other programs or clients included), in order.
for program in antlr3-fig411 antlr3-runtime antlr4-st4; do
    for client in sootup-cha sootup-qilin wala-cha wala-0cfa taie-ci soot-cha soot-spark; do
        if [[ -f $WORK/$program/$client/row.json ]]; then cat "$WORK/$program/$client/row.json"; fi
    done
done | python3 "$ROOT/bench/consumers.py" table > "$WORK/results.txt"
cat "$WORK/results.txt"
