#!/usr/bin/env python3
"""Kind agreement of bench/fidelity.sh by the reason each phantom got its kind, per set.

    python3 bench/fidelity_reasons.py [WORK]      (WORK defaults to bench/target/fidelity)

Reads what the last bench/fidelity.sh run left in WORK: table.txt (which set each jar is in), and
per jar report.json (jphantom's reason for each phantom's kind) and compared.tsv (each compared
phantom's kind and the real one, written by Fidelity.java). Prints, for each set (and for the jars
named in ADDED7 and ADDED8 of bench/fidelity.sh, session 11's jars of new projects, as "held-out
(new)"), how many compared phantoms each kind of
reason decided and how many of those agree with the real kind. The reasons are jphantom's own
(report.json's "reason"), grouped by their first words: a constraint fixed the kind ("must be a
class" / "must be an interface"), the open-kind evidence made it an interface ("kind left open:
interface, as the program's uses say") or a class ("kind left open: class"), each with the step
of the evidence order that decided (in parentheses at the reason's end, e.g. "values only"), the
annotation evidence, or the thesis' default.
"""
import json
import os
import re
import sys
from collections import defaultdict


def group(kind, reason):
    if kind == "annotation":
        return "annotation evidence"
    if reason.startswith("must be a class"):
        return "constraint: class"
    if reason.startswith("must be an interface"):
        return "constraint: interface"
    if reason.startswith("kind left open"):
        step = re.match(r"kind left open[^(;]*\(([^()]*)\)", reason)   # the evidence step (issue 30, session 13)
        kind = "interface" if reason.startswith("kind left open: interface") else "class"
        return f"open: {kind} ({step.group(1)})" if step else ("open: interface (uses)" if kind == "interface" else "open: class")
    if reason.startswith("defaults to interface"):
        return "default: interface"
    return re.split(r"[:;(]", reason)[0].strip()


NEW_BATCHES = ("ADDED7=(", "ADDED8=(")


def new_labels(script):
    """Labels (artifactId-version) of the batches of NEW_BATCHES in bench/fidelity.sh."""
    labels, inside = set(), False
    with open(script) as f:
        for line in f:
            if line.startswith(NEW_BATCHES):
                inside = True
            elif inside and line.startswith(")"):
                inside = False
            elif inside:
                m = re.match(r'\s*"([^ :]+):([^ :]+):([^ :"]+)', line)
                if m:
                    labels.add(m.group(2) + "-" + m.group(3))
    return labels


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "bench", "target", "fidelity")
    new = new_labels(os.path.join(root, "bench", "fidelity.sh"))
    sets = {}
    with open(os.path.join(work, "table.txt")) as f:
        for line in f:
            fields = line.split()
            if len(fields) > 2 and fields[2] == "phantoms":
                sets[fields[1]] = fields[0] + (" (new)" if fields[1] in new else "")
    tally = defaultdict(lambda: [0, 0])   # (set, reason group) -> [compared, agree]
    for label in sorted(sets):
        report = os.path.join(work, label, "report.json")
        compared = os.path.join(work, label, "compared.tsv")
        if not (os.path.exists(report) and os.path.exists(compared)):
            sys.exit(f"fidelity_reasons: {label}: no report.json or compared.tsv (run bench/fidelity.sh first)")
        with open(report) as f:
            reasons = {p["name"]: (p["kind"], p["reason"]) for p in json.load(f)["phantoms"]}
        with open(compared) as f:
            for line in f:
                name, phantom_kind, real_kind = line.rstrip("\n").split("\t")
                kind, reason = reasons.get(name, reasons.get(name.replace("/", "."), (phantom_kind, "?")))
                for s in {sets[label], sets[label].split(" ")[0] + " (all)"}:
                    t = tally[(s, group(phantom_kind, reason))]
                    t[0] += 1
                    t[1] += phantom_kind == real_kind
    order = ["tuning (all)", "held-out (all)", "held-out", "held-out (new)"]
    print(f"{'set':<15} {'reason':<40} {'compared':>8} {'agree':>6} {'share':>7}")
    for s in order:
        rows = sorted((g, v) for (ss, g), v in tally.items() if ss == s)
        for g, (c, a) in rows:
            print(f"{s:<15} {g:<40} {c:>8} {a:>6} {100.0 * a / c:>6.1f}%")


if __name__ == "__main__":
    main()
