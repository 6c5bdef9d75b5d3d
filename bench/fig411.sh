#!/usr/bin/env bash
# Thesis Figure 4.11 on the antlr 3.5.3 tool closure: how much of the call graph an incomplete
# program loses when analysed the way Doop did (methods referencing missing types skipped), and how
# much complementing it with jphantom recovers.
#
# antlr-minus is the closure (org.antlr:antlr:3.5.3, antlr-runtime:3.5.3, ST4:4.3.1,
# stringtemplate:3.2.1, antlr:antlr:2.7.7) without these 70 classes, a fixed, documented set:
#   org/antlr/runtime/tree/**      (47 classes of antlr-runtime 3.5.3: the tree runtime)
#   org/stringtemplate/v4/misc/**  (23 classes of ST4 4.3.1)
# which leaves 34 phantom classes. Three context-insensitive analyses, main org.antlr.Tool:
#   (i) the complete closure, (ii) antlr-minus with --missing=skip, (iii) antlr-minus complemented.
# Over the methods of the classes antlr-minus keeps (JDK excluded): missing = reached by (i) but
# not by (ii); recall = share of missing that (iii) reaches; precision = share of (iii)'s methods
# that (i) reaches too.
#
# Usage: bench/fig411.sh     (about 4 minutes; JAVA_OPTS as for bench/pta.sh)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
JAVA_OPTS=${JAVA_OPTS:--XX:+UseSerialGC}
WORK=$ROOT/bench/target/fig411
JPHANTOM=$ROOT/jphantom-cli/target/jphantom.jar
mkdir -p "$WORK"
die() { echo "fig411: $*" >&2; exit 2; }
[[ -f $JPHANTOM ]] || { mvn -B -q -DskipTests package || die "build failed"; }

fetch() {
    local g a v
    IFS=: read -r g a v <<<"$1"
    local corpus=$ROOT/jphantom-cli/target/corpus/$a-$v.jar
    if [[ -f $corpus ]]; then echo "$corpus"; return; fi
    if [[ ! -f $WORK/$a-$v.jar ]]; then
        mvn -B -q -N dependency:copy -Dartifact="$1" -DoutputDirectory="$WORK" >&2 || die "cannot fetch $1"
    fi
    echo "$WORK/$a-$v.jar"
}
ANTLR=$(fetch org.antlr:antlr:3.5.3)
RUNTIME=$(fetch org.antlr:antlr-runtime:3.5.3)
ST4=$(fetch org.antlr:ST4:4.3.1)
ST3=$(fetch org.antlr:stringtemplate:3.2.1)
ANTLR2=$(fetch antlr:antlr:2.7.7)

without() { # jar dir-to-remove out.jar
    local tmp=$WORK/unpacked
    rm -rf "$tmp" && mkdir -p "$tmp"
    (cd "$tmp" && unzip -q "$1" && rm -rf "$2" && rm -f "$3" && zip -q -r -X "$3" .)
}
without "$RUNTIME" org/antlr/runtime/tree "$WORK/antlr-runtime-minus.jar"
without "$ST4" org/stringtemplate/v4/misc "$WORK/ST4-minus.jar"
MINUS=("$ANTLR" "$WORK/antlr-runtime-minus.jar" "$WORK/ST4-minus.jar" "$ST3" "$ANTLR2")

run() { # label args...
    local label=$1; shift
    rm -rf "${WORK:?}/$label"
    # shellcheck disable=SC2086
    java $JAVA_OPTS -jar "$JPHANTOM" "$@" --main org.antlr.Tool --out "$WORK/$label" -q || die "$label failed"
    echo "$label: $(sed -n 's/^ *"\(reachableMethods\|applicationReachableMethods\|callEdges\|timeMs\)" : \([0-9]*\).*/\1=\2/p' "$WORK/$label/stats.json" | tr '\n' ' ')"
}
java $JAVA_OPTS -jar "$JPHANTOM" "${MINUS[@]}" -o "$WORK/minus-complete.jar" -q --report "$WORK/minus-report.json" \
    || die "complementing antlr-minus failed"
echo "antlr-minus complemented: $(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['phantoms']))" "$WORK/minus-report.json" 2>/dev/null || echo '?') phantom classes"
run full analyze "$ANTLR" "$RUNTIME" "$ST4" "$ST3" "$ANTLR2"
run skip analyze "${MINUS[@]}" --missing skip
run complemented analyze "$WORK/minus-complete.jar"

# The classes antlr-minus keeps, as the "<pkg.Class:" prefixes of method signatures.
for j in "${MINUS[@]}"; do unzip -Z1 "$j"; done | grep '\.class$' | grep -v '^META-INF/' | sed 's|\.class$||; s|/|.|g; s|^|<|; s|$|:|' \
    | sort -u > "$WORK/kept-classes.txt"
keep() { awk -F' ' 'NR==FNR {k[$1]=1; next} { split($0, p, " "); if (k[p[1]]) print }' "$WORK/kept-classes.txt" "$1" | sort -u; }
keep "$WORK/full/reachable-methods.txt" > "$WORK/full.kept"
keep "$WORK/skip/reachable-methods.txt" > "$WORK/skip.kept"
keep "$WORK/complemented/reachable-methods.txt" > "$WORK/complemented.kept"
comm -23 "$WORK/full.kept" "$WORK/skip.kept" > "$WORK/missing.txt"
missing=$(wc -l < "$WORK/missing.txt")
recovered=$(comm -12 "$WORK/missing.txt" "$WORK/complemented.kept" | wc -l)
comp=$(wc -l < "$WORK/complemented.kept")
correct=$(comm -12 "$WORK/complemented.kept" "$WORK/full.kept" | wc -l)
echo "methods of kept classes reached: full $(wc -l < "$WORK/full.kept"), skip $(wc -l < "$WORK/skip.kept"), complemented $comp"
echo "missing from skip: $missing; recovered by complemented: $recovered"
awk -v r="$recovered" -v m="$missing" -v c="$correct" -v n="$comp" \
    'BEGIN { printf "recall %.2f%%, precision %.2f%%\n", (m ? 100 * r / m : 100), (n ? 100 * c / n : 100) }'
