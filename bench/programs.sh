# Sourced by bench/pta.sh and bench/selectx.sh: the benchmark programs and how to get their jars.
# Needs ROOT (the checkout) and WORK (where fetched jars go) set, and a die() function.
#   fetch GROUP:ARTIFACT:VERSION   prints the jar's path: the build's corpus copy
#                                  (jphantom-cli/target/corpus), else $WORK, fetched from Maven if absent
#   program NAME                   sets INPUTS (the jars) and MAIN (the main class) of sablecc 3.2 or
#                                  the antlr 3.5.3 tool closure

fetch() {
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

program() {
    case $1 in
        sablecc)
            INPUTS=("$(fetch sablecc:sablecc:3.2)")
            MAIN=org.sablecc.sablecc.SableCC ;;
        antlr)
            INPUTS=("$(fetch org.antlr:antlr:3.5.3)" "$(fetch org.antlr:antlr-runtime:3.5.3)" "$(fetch org.antlr:ST4:4.3.1)"
                    "$(fetch org.antlr:stringtemplate:3.2.1)" "$(fetch antlr:antlr:2.7.7)")
            MAIN=org.antlr.Tool ;;
        *) die "unknown program '$1': sablecc or antlr" ;;
    esac
}
