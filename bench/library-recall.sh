#!/usr/bin/env bash
# Recall of the open-world (library) entry points against a library's own test suite: the library's
# published `tests` jar from Maven Central runs under the JUnit Platform console launcher with
#   -XX:+UnlockDiagnosticVMOptions -XX:+LogTouchedMethods -XX:+PrintTouchedMethodsAtExit
# and class-load logging; then `jphantom analyze LIB.jar` runs with `--entry-points library` (closed
# and open packages) and `--entry-points all`, and bench/Recall.java compares each reachable set with
# the executed methods of the library's own jar (the tests jar and the test libraries are not counted).
# Prints, per mode, the executed methods, the reachable ones, the recall, the missed methods grouped
# by class, and one table line (entry points, reachable methods, wall time of the analysis).
#
# Usage: bench/library-recall.sh [commons-lang3] [ANALYZE OPTION...]
#   JAVA_OPTS=...       JVM flags of the analyses (default -XX:+UseSerialGC)
#   RUN_JAVA_OPTS=...   JVM flags of the test run (default -XX:-Inline: HotSpot marks a method "touched"
#                       when its counters are made, which the JIT also does for callees it only considers
#                       inlining; bench/recall.sh runs programs with -Xint instead, but commons-lang3's
#                       tests take far too long interpreted)
#   MODES="library-closed library-open all"   the analyses to run (default: these three)
#   RUN=0               reuse the previous test run's logs
# Needs JDK 17 to 21 (-XX:+LogTouchedMethods is gone from later JDKs) and Maven (to fetch the jars).
# Files go to bench/target/library-recall/LIBRARY/. Exit status: 0 on success, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
LIBRARY=${1:-commons-lang3}
[[ $# -gt 0 ]] && shift
JAVA_OPTS=${JAVA_OPTS:--XX:+UseSerialGC}
RUN_JAVA_OPTS=${RUN_JAVA_OPTS:--XX:-Inline}
MODES=${MODES:-library-closed library-open all}
WORK=$ROOT/bench/target/library-recall/$LIBRARY
JARS=$ROOT/bench/target/library-recall/jars
JPHANTOM=$ROOT/jphantom-cli/target/jphantom.jar
die() { echo "library-recall: $*" >&2; exit 2; }

if [[ ! -f $JPHANTOM ]]; then
    echo "library-recall: building jphantom (mvn -B -q -DskipTests package)" >&2
    mvn -B -q -DskipTests package || die "build failed"
fi
fetch() { # groupId:artifactId:version[:classifier] -> path of the jar
    local coords=$1 g a v c name
    IFS=: read -r g a v c <<<"$coords"
    name=$a-$v${c:+-$c}.jar
    mkdir -p "$JARS"
    if [[ ! -f $JARS/$name ]]; then
        echo "library-recall: fetching $coords" >&2
        mvn -B -q -N dependency:copy -Dartifact="$g:$a:$v:jar${c:+:$c}" -DoutputDirectory="$JARS" >&2 \
            || die "cannot fetch $coords"
    fi
    echo "$JARS/$name"
}

case $LIBRARY in
    commons-lang3) # its test dependencies as its pom names them (jmh only for the benchmark classes' types), the
                   # --add-opens of its pom's java9+ profile, and surefire's **/*Test.java
        TEST_JAVA_OPTS=(--add-opens java.base/java.lang.reflect=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED
                        --add-opens java.base/java.util=ALL-UNNAMED)
        SELECT=(--include-classname '.*Test')
        LIB=$(fetch org.apache.commons:commons-lang3:3.17.0)
        TESTS=$(fetch org.apache.commons:commons-lang3:3.17.0:tests)
        TEST_DEPS=("$(fetch org.junit-pioneer:junit-pioneer:1.9.1)" "$(fetch org.hamcrest:hamcrest:3.0)"
                   "$(fetch org.easymock:easymock:5.4.0)" "$(fetch org.objenesis:objenesis:3.4)"
                   "$(fetch org.openjdk.jmh:jmh-core:1.37)" "$(fetch com.google.code.findbugs:jsr305:3.0.2)") ;;
    *) die "unknown library '$LIBRARY': commons-lang3" ;;
esac
CONSOLE=$(fetch org.junit.platform:junit-platform-console-standalone:1.11.4)
CP=$(IFS=:; echo "$TESTS:$LIB:${TEST_DEPS[*]}")

mkdir -p "$WORK"
if [[ ${RUN:-1} != 0 || ! -s $WORK/touched.txt ]]; then
    echo "library-recall: running the tests of $LIBRARY with touched-method logging ($RUN_JAVA_OPTS; minutes)" >&2
    start=$(date +%s)
    # The launcher exits 1 when a test fails; the touched methods are printed either way.
    # shellcheck disable=SC2086
    java $RUN_JAVA_OPTS "${TEST_JAVA_OPTS[@]}" -XX:+UnlockDiagnosticVMOptions -XX:+LogTouchedMethods \
        -XX:+PrintTouchedMethodsAtExit "-Xlog:class+load=info:file=$WORK/classload.txt" -jar "$CONSOLE" execute \
        --disable-banner --disable-ansi-colors --details=summary -cp "$CP" --scan-class-path "$TESTS" "${SELECT[@]}" \
        > "$WORK/touched.txt" 2> "$WORK/run-stderr.txt" || true
    echo "library-recall: test run took $(( $(date +%s) - start )) s" >&2
    grep -q 'tests successful' "$WORK/touched.txt" || die "the test run printed no summary: see $WORK/touched.txt"
fi
grep -E 'tests (successful|failed|found)' "$WORK/touched.txt" | sed 's/^/  /' >&2 || true

ROWS=()
for mode in $MODES; do
    case $mode in
        library-closed) ARGS=(--entry-points library --package-visibility closed) ;;
        library-open)   ARGS=(--entry-points library --package-visibility open) ;;
        all)            ARGS=(--entry-points all) ;;
        *) die "unknown mode '$mode'" ;;
    esac
    out=$WORK/analysis-$mode
    rm -rf "$out"
    echo "library-recall: jphantom analyze ${LIB##*/} ${ARGS[*]} $*" >&2
    # shellcheck disable=SC2086
    /usr/bin/time -o "$out.time" -f '%e %U %S %M' java $JAVA_OPTS -jar "$JPHANTOM" analyze "$LIB" "${ARGS[@]}" \
        --missing ignore --out "$out" -q "$@" || die "analysis failed"
    read -r wall user sys rss < "$out.time"
    echo "== $LIBRARY, $mode: recall of jphantom analyze ${ARGS[*]} $* against its tests"
    java "$ROOT/bench/Recall.java" "$WORK/touched.txt" "$WORK/classload.txt" "$out/reachable-methods.txt" "$LIB" \
        | tee "$out/recall.txt"
    stat() { sed -n "s/.*\"$1\" *: *\"\{0,1\}\([^\",]*\)\"\{0,1\}.*/\1/p" "$out/stats.json"; }
    ROWS+=("$(printf '| %s | %s | %s (%s) | %s | %.1f s | %.1f s | %d MB |' "$mode" "$(stat entryPoints)" \
        "$(stat reachableMethods)" "$(stat applicationReachableMethods)" \
        "$(sed -n 's/^recall: //p' "$out/recall.txt") ($(sed -n 's/^reachable of them: //p' "$out/recall.txt"))" \
        "$wall" "$(echo "$user + $sys" | bc)" "$(( rss / 1024 ))")")
done
echo
echo "| mode | entry points | reachable (library's own) | recall (executed and reachable) | wall | CPU | peak RSS |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${ROWS[@]}"
