#!/usr/bin/env bash
# Kind fidelity of phantoms on X-minus pairs: each jar X is complemented alone (its dependencies
# become phantoms), and every phantom whose real class is in one of X's removed dependencies is
# compared with it: kind (class / interface / annotation) and supertypes (each supertype the phantom
# declares must be a real ancestor). Prints one line per jar, the disagreements, and the totals.
#
#   logback-classic 1.5.12  without logback-core 1.5.12, slf4j-api 2.0.15
#   spring-context 6.2.0    without spring-core 6.2.0, spring-beans 6.2.0
#   antlr4 4.13.2           without antlr4-runtime 4.13.2
#   pmd-java 7.7.0          without pmd-core 7.7.0
#
# Usage: bench/fidelity.sh      (about a minute; JAVA_OPTS as for bench/pta.sh)
# Exit status 0 when the totals meet KIND_TARGET (default 97) percent kind agreement and 100 percent
# supertype consistency, 1 when not, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
JAVA_OPTS=${JAVA_OPTS:--XX:+UseSerialGC}
KIND_TARGET=${KIND_TARGET:-97}
WORK=$ROOT/bench/target/fidelity
JPHANTOM=$ROOT/jphantom-cli/target/jphantom.jar
mkdir -p "$WORK"
die() { echo "fidelity: $*" >&2; exit 2; }
[[ -f $JPHANTOM ]] || { mvn -B -q -DskipTests package || die "build failed"; }

fetch() {
    local g a v
    IFS=: read -r g a v <<<"$1"
    local corpus=$ROOT/jphantom-cli/target/corpus/$a-$v.jar
    if [[ -f $corpus ]]; then echo "$corpus"; return; fi
    if [[ ! -f $WORK/jars/$a-$v.jar ]]; then
        mvn -B -q -N dependency:copy -Dartifact="$1" -DoutputDirectory="$WORK/jars" >&2 || die "cannot fetch $1"
    fi
    echo "$WORK/jars/$a-$v.jar"
}

ASM_CP_FILE=$WORK/asm.classpath
if [[ ! -s $ASM_CP_FILE ]]; then
    if ! mvn -B -q -pl jphantom-core dependency:build-classpath -Dmdep.outputFile="$ASM_CP_FILE" \
            -DincludeScope=runtime -DincludeGroupIds=org.ow2.asm >&2 || [[ ! -s $ASM_CP_FILE ]]; then
        printf '%s' "$JPHANTOM" > "$ASM_CP_FILE"   # the shaded jar carries the same ASM
    fi
fi
ASM_CP=$(cat "$ASM_CP_FILE")
if [[ ! -f $WORK/classes/Fidelity.class || $ROOT/bench/Fidelity.java -nt $WORK/classes/Fidelity.class ]]; then
    javac -d "$WORK/classes" -cp "$ASM_CP" "$ROOT/bench/Fidelity.java" || die "cannot compile Fidelity.java"
fi

PAIRS=(
    "ch.qos.logback:logback-classic:1.5.12 ch.qos.logback:logback-core:1.5.12 org.slf4j:slf4j-api:2.0.15"
    "org.springframework:spring-context:6.2.0 org.springframework:spring-core:6.2.0 org.springframework:spring-beans:6.2.0"
    "org.antlr:antlr4:4.13.2 org.antlr:antlr4-runtime:4.13.2"
    "net.sourceforge.pmd:pmd-java:7.7.0 net.sourceforge.pmd:pmd-core:7.7.0"
)
: > "$WORK/table.txt"
for pair in "${PAIRS[@]}"; do
    read -r -a coords <<<"$pair"
    program=$(fetch "${coords[0]}")
    removed=()
    for c in "${coords[@]:1}"; do removed+=("$(fetch "$c")"); done
    label=$(basename "$program" .jar)
    rm -rf "${WORK:?}/$label" && mkdir -p "$WORK/$label"
    # shellcheck disable=SC2086
    java $JAVA_OPTS -jar "$JPHANTOM" "$program" -o "$WORK/$label/complete.jar" -q \
        --save-class-files "$WORK/$label/phantoms" || die "complementing $label failed"
    mkdir -p "$WORK/$label/phantoms"
    java -cp "$ASM_CP:$WORK/classes" Fidelity "$label" "$WORK/$label/phantoms" "$program" "${removed[@]}" \
        | tee -a "$WORK/table.txt" || die "comparing $label failed"
done
awk -v target="$KIND_TARGET" '
    $2 == "phantoms" { c += $5; a += substr($7, 1, index($7, "/") - 1); j += substr($10, index($10, "/") + 1);
                       s += substr($10, 1, index($10, "/") - 1) }
    END {
        kp = c ? 100 * a / c : 100; sp = j ? 100 * s / j : 100
        printf "%-24s compared %4d  kinds %4d/%-4d %6.1f%%  supertypes %4d/%-4d %6.1f%%\n", "total", c, a, c, kp, s, j, sp
        exit (kp >= target && s == j) ? 0 : 1
    }' "$WORK/table.txt"
