#!/usr/bin/env bash
# The test suite's time, whole and per test class.
#
#   bench/test-times.sh [N]        clones HEAD into a fresh directory N times (default 3) and runs the
#                                  README's test command there (mvn -B -ntp verify), printing each run's wall
#                                  and CPU time (user+system of Maven and its forks), the load average beside
#                                  it, the median, and the per-class table of the last run
#   bench/test-times.sh --table DIR  the per-class table of a finished build in DIR (its */target/surefire-reports)
#
# Wall time depends on what else the machine runs: the load average is printed with every run, and the
# CPU time is the figure that others' work disturbs least.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

table() {
  python3 - "$1" <<'PY'
import glob, os, sys, xml.etree.ElementTree as ET
root = sys.argv[1]
rows = []
for f in glob.glob(os.path.join(root, '*', 'target', 'surefire-reports', 'TEST-*.xml')):
    t = ET.parse(f).getroot()
    module = os.path.relpath(f, root).split(os.sep)[0]
    rows.append((float(t.get('time', 0)), module, t.get('name').rsplit('.', 1)[-1], int(t.get('tests', 0))))
rows.sort(key=lambda r: (-r[0], r[1], r[2]))
per = {}
for s, m, _, _ in rows:
    per[m] = per.get(m, 0) + s
print('| module | test class | tests | s |')
print('|---|---|---:|---:|')
for s, m, c, n in rows:
    if s >= 1:
        print(f'| {m} | {c} | {n} | {s:.1f} |')
print(f'| all | {sum(1 for r in rows if r[0] < 1)} classes under 1 s | {sum(r[3] for r in rows if r[0] < 1)} | {sum(r[0] for r in rows if r[0] < 1):.1f} |')
for m in sorted(per):
    print(f'| {m} | (sum) | | {per[m]:.1f} |')
PY
}

if [ "${1:-}" = "--table" ]; then
  table "${2:?--table DIR}"
  exit 0
fi

n="${1:-3}"
command -v /usr/bin/time >/dev/null || { echo "test-times.sh: GNU time (/usr/bin/time) is needed" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
walls=()
for i in $(seq 1 "$n"); do
  git clone -q "$here" "$work/run$i"
  before="$(cut -d' ' -f1-3 /proc/loadavg)"
  (cd "$work/run$i" && /usr/bin/time -f '%e %U %S' -o "$work/time$i" mvn -B -ntp verify > "$work/log$i" 2>&1) \
    || { echo "run $i: the build failed; its log: $work/log$i" >&2; tail -40 "$work/log$i" >&2; trap - EXIT; exit 1; }
  after="$(cut -d' ' -f1-3 /proc/loadavg)"
  read -r wall user sys < "$work/time$i"
  cpu="$(echo "$user + $sys" | bc)"
  printf 'run %d: wall %6.1f s, cpu %7.1f s; load average before %s, after %s\n' "$i" "$wall" "$cpu" "$before" "$after"
  walls+=("$wall")
  [ "$i" -lt "$n" ] && rm -rf "$work/run$i"
done
median="$(printf '%s\n' "${walls[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')"
echo "median wall: $median s over $n runs"
echo
table "$work/run$n"
