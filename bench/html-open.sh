#!/usr/bin/env bash
# Benchmark: how long the analysis' HTML report takes to open in headless Chromium (Debian's
# package; installed with apt-get if absent). Opens, in a fresh browser per round, the index (with
# the call graph SVG), the call graph itself, the searchable method index, the sites page, the
# largest package page and the largest method page, and prints per page the Navigation Timing load
# end, the first contentful paint, and the wall time from navigation to a screenshot of the page
# (bench/html_open.py says how). Target (issue 26): the antlr closure's report opens in under 2 s.
#
# Usage: bench/html-open.sh [REPORT_DIR]      (R=5 rounds by default)
#   Without REPORT_DIR: the report bench/report-cost.sh antlr wrote (bench/target/report-cost/
#   html-reports), made first with one `jphantom analyze` of the antlr closure if absent.
# Screenshots of the first round: bench/target/html-open/open-N.png (N: the page's position).
# Exit status: 0 on success, 1 if a page failed to open, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
R=${R:-5}
OUT=$ROOT/bench/target/html-open
die() { echo "bench: $*" >&2; exit 2; }
report=${1:-}
if [[ -z $report ]]; then
    report=$ROOT/bench/target/report-cost/html-reports
    if [[ ! -f $report/index.html ]]; then
        WORK=$ROOT/bench/target/report-cost
        mkdir -p "$WORK"
        JPHANTOM=$ROOT/jphantom-cli/target/jphantom.jar
        [[ -f $JPHANTOM ]] || { mvn -B -q -DskipTests package || die "build failed"; }
        # shellcheck source=bench/programs.sh
        source "$ROOT/bench/programs.sh"
        program antlr
        java -XX:+UseSerialGC -Xmx4g -jar "$JPHANTOM" analyze "${INPUTS[@]}" --main "$MAIN" --reflection none \
            --missing ignore --html "$report" -q || die "analysis failed"
    fi
fi
[[ -f $report/index.html ]] || die "no $report/index.html"
browser="$(command -v chromium || command -v chromium-browser || true)"
if [[ -z $browser ]]; then
    echo "bench: installing chromium (apt-get)" >&2
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    browser="$(command -v chromium)" || die "no chromium"
fi
largest() { find "$report/$1" -name '*.html' -printf '%s %p\n' | sort -k1,1nr -k2 | awk 'NR == 1 { print $2 }'; }
pages=("$report/index.html" "$report/callgraph.svg" "$report/methods.html" "$report/sites.html"
       "$(largest package)" "$(largest method)")
echo "report: $report ($(find "$report" -name '*.html' | wc -l) pages, $(du -sh "$report" | cut -f1));" \
     "$("$browser" --version 2>/dev/null | awk 'NR == 1'); $R rounds"
for p in "${pages[@]}"; do echo "  $(du -h "$p" | cut -f1)  ${p#"$report"/}"; done
python3 "$ROOT/bench/html_open.py" "$browser" "$R" "$OUT" "${pages[@]}"
