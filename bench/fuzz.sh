#!/usr/bin/env bash
# Long fuzz campaign: seeded mutants of the sample partial program and of slices of every corpus
# jar, each complemented in-process through the library API and its exit-0 output verified in the
# same JVM (org.jphantom.fuzz.Campaign, a test class of jphantom-cli; the CI test FuzzTest runs a
# short campaign of the same harness). Prints the outcome counts per mutation kind and every
# finding (internal error, or an exit-0 output that fails verification with no warning naming the
# damaged class), with the seed and mutant index that reproduce it.
#
# Usage: bench/fuzz.sh                  (SEED=1 MUTANTS=10000 VERIFY_EVERY=1 SLICE=40)
#   SEED=7 MUTANTS=50000 bench/fuzz.sh
#   bench/fuzz.sh extra.jar ...         more seed jars (sliced like the corpus)
# Exit status: 0 when there is no finding, 1 otherwise, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
SEED=${SEED:-1}
MUTANTS=${MUTANTS:-10000}
VERIFY_EVERY=${VERIFY_EVERY:-1}
SLICE=${SLICE:-40}
JPHANTOM=$ROOT/jphantom-cli/target/jphantom.jar
TESTS=$ROOT/jphantom-cli/target/test-classes
CORPUS=$ROOT/jphantom-cli/target/corpus
SAMPLE=$ROOT/testdata/target/sample-partial.jar

die() { echo "fuzz: $*" >&2; exit 2; }

if [[ ! -f $JPHANTOM || ! -f $TESTS/org/jphantom/fuzz/Campaign.class || ! -d $CORPUS || ! -f $SAMPLE ]]; then
    echo "fuzz: building jphantom and its test classes (mvn -B -q -DskipTests package)" >&2
    mvn -B -q -DskipTests package || die "build failed"
fi
seeds=("$SAMPLE")
for jar in "$CORPUS"/*.jar; do
    seeds+=("$jar")
done
seeds+=("$@")
# The shaded jar carries jphantom and ASM; the harness comes from the test classes.
exec java -Xss8m -Xmx2g -cp "$JPHANTOM:$TESTS" org.jphantom.fuzz.Campaign --seed "$SEED" --mutants "$MUTANTS" \
    --verify-every "$VERIFY_EVERY" --slice "$SLICE" "${seeds[@]}"
