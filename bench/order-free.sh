#!/usr/bin/env bash
# Is an order of two phantom classes free, i.e. does the program's bytecode say nothing about it?
# bench/fidelity.sh's one supertype miss (issue 30) is spring-webmvc's AnnotatedMethod, which jphantom
# puts below HandlerMethod; really InvocableHandlerMethod -> HandlerMethod -> AnnotatedMethod. This
# script compiles the program's own sources twice, against the real library and against the same
# library with the two classes' order swapped (bench/OrderSwap.java: InvocableHandlerMethod ->
# AnnotatedMethod -> HandlerMethod, HandlerMethod also declaring AnnotatedMethod's members), and
# compares the class files byte by byte. Only source files whose shipped classes name one of the
# three classes are compiled (the others cannot depend on the order: a type that decides a frame, a
# descriptor or a cast is named in the class file); the rest of the program is on the class path.
# Identical bytes under both orders mean that no class file of the program can tell the orders apart.
#
# Usage: bench/order-free.sh            (a minute or two; JAVAC=/path/to/javac for another compiler)
# Exit status 0 when the two worlds give identical class files, 1 when some differ, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=${ORDER_WORK:-$ROOT/bench/target/order-free}
JAVAC=${JAVAC:-javac}
die() { echo "order-free: $*" >&2; exit 2; }
mkdir -p "$WORK/jars"
cd "$WORK"

PROGRAM=org.springframework:spring-webmvc:6.2.0
LIBRARY=(org.springframework:spring-web:6.2.0 org.springframework:spring-core:6.2.0 org.springframework:spring-beans:6.2.0
         org.springframework:spring-context:6.2.0 org.springframework:spring-aop:6.2.0 org.springframework:spring-expression:6.2.0
         org.springframework:spring-jcl:6.2.0 jakarta.servlet:jakarta.servlet-api:6.0.0
         io.micrometer:micrometer-observation:1.14.1 io.micrometer:micrometer-commons:1.14.1)
CHILD=org/springframework/web/method/support/InvocableHandlerMethod
LOWER=org/springframework/web/method/HandlerMethod
UPPER=org/springframework/core/annotation/AnnotatedMethod

fetch() {   # fetch G:A:V[:packaging:classifier] -> path
    local g a v rest file
    IFS=: read -r g a v rest <<<"$1"
    if [[ -n $rest ]]; then file=$a-$v-${rest#*:}.jar; else file=$a-$v.jar; fi
    if [[ ! -f jars/$file ]]; then
        local coord=$g:$a:$v
        [[ -n $rest ]] && coord=$g:$a:$v:$rest
        mvn -B -q -N dependency:copy -Dartifact="$coord" -DoutputDirectory="$WORK/jars" >&2 || die "cannot fetch $1"
    fi
    echo "$WORK/jars/$file"
}

program=$(fetch "$PROGRAM")
sources=$(fetch "$PROGRAM:jar:sources")
cp=$program
for c in "${LIBRARY[@]}"; do cp+=":$(fetch "$c")"; done

ASM_CP=$ROOT/bench/target/fidelity/asm.classpath
if [[ -s $ASM_CP ]]; then ASM=$(cat "$ASM_CP"); else ASM=$ROOT/jphantom-cli/target/jphantom.jar; fi
[[ -n $ASM ]] || die "no ASM on hand: run bench/fidelity.sh or build jphantom-cli first"
mkdir -p classes
javac -d classes -cp "$ASM" "$ROOT/bench/OrderSwap.java" || die "cannot compile OrderSwap.java"

rm -rf src shipped swapped real-out swapped-out && mkdir -p src shipped real-out swapped-out
(cd src && unzip -q "$sources")
(cd shipped && unzip -q "$program")
grep -rlE "$CHILD|$LOWER|$UPPER" --include='*.class' shipped | sed 's|^shipped/||; s/\$.*//; s/\.class$//' | sort -u \
    | sed 's|^|src/|; s|$|.java|' > files.txt
echo "source files whose classes name one of the three: $(wc -l < files.txt)"

# shellcheck disable=SC2086
java -cp "$ASM:classes" OrderSwap swapped "$CHILD" "$LOWER" "$UPPER" ${cp//:/ } || die "cannot swap"
opts=(-g -nowarn -proc:none --release 17 -parameters)
"$JAVAC" "${opts[@]}" -d real-out -cp "$cp" @files.txt || die "the sources do not compile against the real library"
"$JAVAC" "${opts[@]}" -d swapped-out -cp "$WORK/swapped:$cp" @files.txt \
    || die "the sources do not compile against the swapped library"

n=0; differ=0; same_as_shipped=0
while IFS= read -r f; do
    n=$((n + 1))
    cmp -s "real-out/$f" "swapped-out/$f" || { differ=$((differ + 1)); echo "differs: $f"; }
    cmp -s "real-out/$f" "shipped/$f" && same_as_shipped=$((same_as_shipped + 1))
done < <(cd real-out && find . -name '*.class' | sed 's|^\./||' | LC_ALL=C sort)
echo "$("$JAVAC" -version 2>&1): $n class files, $differ differ between the two orders ($same_as_shipped byte-identical to the shipped jar's)"
(( differ == 0 ))
