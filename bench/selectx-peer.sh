#!/usr/bin/env bash
# Peer run for bench/selectx.sh: Qilin's own Selectx (seed 004's authors' implementation, shipped
# in SootUp as org.soot-oss:sootup.qilin) on the same programs with the same library (the running
# JDK 17's image), one fresh JVM and ONE round per configuration, each under a time limit and a
# heap cap. Qilin is resolved from Maven Central by the standalone project bench/peers/qilin (not a
# module of the build) and driven by its small driver (bench/peers/qilin/src), which replaces
# Qilin's evaluator by start/end marks of the main analysis and counts the Table 1 metrics after it.
#
# Qilin 3.0.1 as published cannot analyse a JDK 17 image unchanged; two work-arounds, both printed,
# and a third that makes its program graph sound (switchable, default on):
#   - single entry (main and on-the-fly static initialisers): its other entry points are JDK 8
#     methods (Thread.exit, ClassLoader.loadClassInternal, sun.misc.Launcher$AppClassLoader) and
#     building its FakeMain fails on them. This is also jphantom's default (no --jvm-startup).
#   - its MethodPAG reads the JDK 8 static field Reference.pending (absent in 17) when it meets
#     Reference.<init>(Object, ReferenceQueue): the script extracts that class from Qilin's sources
#     jar, makes the read skip an absent field (one sed, checked), and puts the class first on the
#     class path.
#   - field references resolved per JVMS 5.4.3.2 (QILIN_FIELDS=jvms, the default): Qilin's
#     MethodNodeFactory looks a field reference up only in the class the instruction names
#     (getfield Pattern$Slice.next, declared by Pattern$Node) and on a miss makes a new field of
#     that signature, so every load or store of an inherited field through a subclass-qualified
#     reference is cut off from the others (and a static one read through a subclass is another
#     global node); on a JDK 17 library its call graph then lacks thousands of caller-callee pairs
#     (bench/RESULTS.md, session 14). The script extracts MethodNodeFactory from the sources jar,
#     sends its instance and static field references through the driver's InheritedFields (the
#     class, its superinterfaces recursively, then its superclass recursively; two seds, checked),
#     and puts it first on the class path beside MethodPAG. QILIN_FIELDS=as-published leaves
#     Qilin's resolution as it is. Printed with the count of references it resolved (per run).
#
# Prints per configuration: the whole process' wall and CPU time and peak RSS; the main analysis'
# wall and process CPU (Qilin's main analysis includes building method bodies and PAGs on demand:
# it has no separate loading figure); for s-kc the pre-analysis (Spark + Selectx + Qilin's own
# statistics of the selection), wall and CPU; call edges ((caller, call site, callee) triples over
# every reachable method, JDK included, without Qilin's FakeMain), polymorphic call sites, may-fail
# casts, reachable methods (application ones apart), and for s-kc what Selectx selected, as shares
# of the ci pre-analysis' variables, objects and methods, and the share of variables that actually
# get contexts (eff%: see bench/README.md, SootUp's Local equality). Then the ratios of
# bench/selectx.sh against kc.
#
# Usage: bench/selectx-peer.sh [sablecc|antlr]
#   PATTERNS='insens s-2c 2c' bench/selectx-peer.sh  Qilin's patterns, in order (default: insens s-2c 2c);
#                                                   s-Kc/id: Selectx with identity selection (see bench/README.md)
#   LIMIT=600 bench/selectx-peer.sh                  seconds each may run (default 600); over it: OoT
#   JAVA_OPTS='-Xmx14g' bench/selectx-peer.sh        JVM flags (default: -Xmx14g -XX:+UseSerialGC); OutOfMemoryError: OoM
#   QILIN_FIELDS=as-published bench/selectx-peer.sh  Qilin's own field resolution (default: jvms, see above)
# Needs network access to Maven Central the first time (Qilin and its sources jar). Never run two
# of these, or this and bench/selectx.sh, at once on a shared machine. Exit status: 0, or 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
PROGRAM=${1:-sablecc}
PATTERNS=${PATTERNS:-insens s-2c 2c}
LIMIT=${LIMIT:-600}
JAVA_OPTS=${JAVA_OPTS:--Xmx14g -XX:+UseSerialGC}
QILIN_FIELDS=${QILIN_FIELDS:-jvms}
WORK=$ROOT/bench/target/selectx-peer
PEER=$ROOT/bench/peers/qilin
QILIN_VERSION=3.0.1
mkdir -p "$WORK"

die() { echo "bench: $*" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || die "GNU time (/usr/bin/time) is needed: apt-get install time"

# shellcheck source=bench/programs.sh
source "$ROOT/bench/programs.sh"
# shellcheck source=bench/selectx-ratios.sh
source "$ROOT/bench/selectx-ratios.sh"
program "$PROGRAM"

# The driver and Qilin's class path.
mvn -B -q -f "$PEER/pom.xml" compile dependency:build-classpath -Dmdep.outputFile="$WORK/classpath.txt" > "$WORK/mvn.log" 2>&1 \
    || die "cannot build bench/peers/qilin: see $WORK/mvn.log"
# The JDK 17 fix of MethodPAG (see the header).
SOURCES=$WORK/sootup.qilin-$QILIN_VERSION-sources.jar
if [[ ! -f $SOURCES ]]; then
    mvn -B -q -f "$PEER/pom.xml" dependency:copy -Dartifact="org.soot-oss:sootup.qilin:$QILIN_VERSION:jar:sources" \
        -DoutputDirectory="$WORK" > "$WORK/mvn.log" 2>&1 || die "cannot fetch Qilin's sources jar: see $WORK/mvn.log"
fi
PATCH=$WORK/patch
rm -rf "$PATCH"; mkdir -p "$PATCH/src" "$PATCH/classes"
unzip -p "$SOURCES" qilin/core/pag/MethodPAG.java \
    | sed 's/SootField sf = sootClass.getField("pending").get();/var pending = sootClass.getField("pending"); if (pending.isEmpty()) { return; } SootField sf = pending.get();/' \
    > "$PATCH/src/MethodPAG.java"
grep -q 'pending.isEmpty()' "$PATCH/src/MethodPAG.java" || die "Qilin's MethodPAG changed: the Reference.pending fix does not apply"
# The JVMS field resolution (see the header).
case $QILIN_FIELDS in
    jvms)
        unzip -p "$SOURCES" qilin/core/builder/MethodNodeFactory.java \
            | sed -e 's/Optional<? extends SootField> osf = scene.getView().getField(fieldSig);/Optional<? extends SootField> osf = org.jphantom.bench.qilin.InheritedFields.resolve(scene.getView(), fieldSig);/' \
                  -e 's/return pag.makeGlobalVarNode(sfr.getFieldSignature(), sfr.getType());/return pag.makeGlobalVarNode(org.jphantom.bench.qilin.InheritedFields.signature(scene.getView(), sfr.getFieldSignature()), sfr.getType());/' \
            > "$PATCH/src/MethodNodeFactory.java"
        [[ $(grep -c 'InheritedFields\.' "$PATCH/src/MethodNodeFactory.java") -eq 2 ]] \
            || die "Qilin's MethodNodeFactory changed: the field-resolution fix does not apply" ;;
    as-published) ;;
    *) die "QILIN_FIELDS is jvms or as-published, not '$QILIN_FIELDS'" ;;
esac
javac -nowarn -cp "$PEER/target/classes:$(cat "$WORK/classpath.txt")" -d "$PATCH/classes" "$PATCH"/src/*.java 2>/dev/null \
    || die "cannot compile the patched Qilin classes"
CP=$PATCH/classes:$PEER/target/classes:$(cat "$WORK/classpath.txt")

get() { sed -n "s/^$2=//p" "$1" | head -1; }
secs() { [[ -n $1 ]] && awk -v ms="$1" 'BEGIN { printf "%.1f", ms / 1000 }' || echo -; }

selected() {
    echo "          selected $(get "$1" selectedVariables)/$(get "$1" variables) variables" \
         "(with contexts: $(get "$1" effectiveVariables))" \
         "$(get "$1" selectedObjects)/$(get "$1" objects) objects $(get "$1" selectedMethods)/$(get "$1" methods) methods"
}

declare -A WALL CPU RSS MAIN MAINC PRE PREC EDGES POLY CASTS METHODS
row() { printf '%-9s %8s %8s %8s %8s %8s %8s %8s %8s %7s %8s %8s %6s %7s %7s %8s %6s\n' "$@"; }
echo "bench/selectx-peer.sh $PROGRAM: Qilin $QILIN_VERSION (SootUp), java $JAVA_OPTS QilinRun --pta P --main $MAIN JARS, library: jrt:/ of $(java -version 2>&1 | head -1) (limit ${LIMIT}s)"
echo "work-arounds: single entry; Reference.pending skipped when absent; field references: $QILIN_FIELDS" \
     "$([[ $QILIN_FIELDS == jvms ]] && echo "(JVMS 5.4.3.2: the class, its superinterfaces, its superclass)" || echo "(only the class the instruction names, as Qilin 3.0.1)")"
echo "wall/cpu: whole process; main: Qilin's main analysis (bodies and PAGs built on demand inside it); pre: Spark + Selectx (s-kc)"
row pattern wall_s cpu_s rss_MB main_s mainC_s pre_s preC_s edges poly mayfail methods app selVar% selObj% selMeth% eff%
for p in $PATTERNS; do
    pattern=${p%/id}; flags=()
    [[ $p == */id ]] && flags=(--identity-selection)
    tag=${p//\//-}
    [[ $QILIN_FIELDS == jvms ]] || tag=$tag-$QILIN_FIELDS
    out=$WORK/$PROGRAM-$tag.txt
    rm -f "$out" "$out.selection" "$out.nodes"
    set +e
    # shellcheck disable=SC2086
    /usr/bin/time -o "$WORK/time.txt" -f '%e %M %U %S' timeout "$LIMIT" java $JAVA_OPTS -cp "$CP" org.jphantom.bench.qilin.QilinRun \
        --pta "$pattern" "${flags[@]}" --main "$MAIN" --out "$out" "${INPUTS[@]}" > "$WORK/$PROGRAM-$tag.log" 2>&1
    rc=$?
    set -e
    read -r wall kb user sys < <(tail -1 "$WORK/time.txt")
    cpu=$(echo "$user + $sys" | bc)
    if [[ $rc -ne 0 || ! -f $out ]]; then
        if [[ $rc -eq 124 ]]; then why=OoT; elif grep -q OutOfMemoryError "$WORK/$PROGRAM-$tag.log"; then why=OoM; else why="rc=$rc"; fi
        WALL[$p]=$why
        sel=$out.selection
        if [[ -f $sel ]]; then # the selection was made before the main analysis ran out
            row "$p" "$why" "$cpu" "$((kb / 1024))" - - - - - - - - - "$(get "$sel" selectedVariablesPercent)" \
                "$(get "$sel" selectedObjectsPercent)" "$(get "$sel" selectedMethodsPercent)" "$(get "$sel" effectiveVariablesPercent)"
            selected "$sel"
        else
            row "$p" "$why" "$cpu" "$((kb / 1024))" - - - - - - - - - - - - -
        fi
        continue
    fi
    WALL[$p]=$wall; CPU[$p]=$cpu; RSS[$p]=$((kb / 1024))
    EDGES[$p]=$(get "$out" callEdges); POLY[$p]=$(get "$out" polymorphicCallSites)
    CASTS[$p]=$(get "$out" mayFailCasts); METHODS[$p]=$(get "$out" reachableMethods)
    MAIN[$p]=$(get "$out" mainMs); MAINC[$p]=$(get "$out" mainCpuMs)
    PRE[$p]=$(get "$out" preMs); PREC[$p]=$(get "$out" preCpuMs)
    row "$p" "$wall" "$cpu" "${RSS[$p]}" "$(secs "${MAIN[$p]}")" "$(secs "${MAINC[$p]}")" "$(secs "${PRE[$p]}")" \
        "$(secs "${PREC[$p]}")" "${EDGES[$p]}" "${POLY[$p]}" "${CASTS[$p]}" "${METHODS[$p]}" \
        "$(get "$out" reachableApplicationMethods)" "$(get "$out" selectedVariablesPercent)" \
        "$(get "$out" selectedObjectsPercent)" "$(get "$out" selectedMethodsPercent)" "$(get "$out" effectiveVariablesPercent)"
    [[ $pattern == s-* ]] && selected "$out"
    echo "          Qilin's own call-edge count $(get "$out" qilinCallEdges), method contexts $(get "$out" methodContexts)," \
         "field references resolved to an inherited field $(get "$out" inheritedFieldReferences)"
done

echo "ratios against kc (speedup = kc time / s-kc time; increase = (s - k) / k; loss = ((ci-k)-(ci-s))/(ci-k)):"
for p in $PATTERNS; do
    k=${p#s-}
    if [[ $p == s-* && -n ${EDGES[$p]:-} ]]; then
        selectx_ratios "$p" "${k%/id}" insens
    fi
done
