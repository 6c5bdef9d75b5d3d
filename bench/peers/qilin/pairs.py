#!/usr/bin/env python3
"""Compares Qilin's call graph with jphantom's as (caller, callee) method pairs.

Usage: pairs.py [--callers] [--types FILE] QILIN.callgraph QILIN.methods.txt JPHANTOM_OUT_DIR [OTHER_QILIN.callgraph]

QILIN.callgraph is what QilinRun writes beside its --out file (caller TAB callee, SootUp
signatures, FakeMain's edges left out), QILIN.methods.txt its reachable methods; JPHANTOM_OUT_DIR
holds `jphantom analyze`'s call-edges.txt ("<caller>/site -> <callee>") and reachable-methods.txt.
Both print methods in Soot's signature format, so they are compared as text. Pairs are compared
among the methods both analyses reach, caller and callee (bench/RESULTS.md, session 14); with
--callers, over the callers both reach, the callee anything (so a callee that only jphantom
reaches counts too).

Prints the pair counts (Qilin, jphantom, both, Qilin only, jphantom only) and jphantom's pairs that
Qilin lacks, classified coarsely by callee (first matching class):
  untyped      (with --types) the callee's class cannot be the receiver of any call of that name
               and arguments in the caller (ReceiverTypes: no class that is it or extends or
               implements it is a subtype of an invoke instruction's owner): an edge of jphantom's
               ci that no run makes, which Spark's declared-type filters leave out
  toArray      the callee is a toArray method or Array.newInstance, or the caller calls
               toArray(Object[]) in jphantom's graph (toArray(new T[0]) builds its result by
               Array.newInstance, which Qilin does not model: the elements the caller reads from
               it have no objects)
  Object       equals, hashCode, toString or compareTo (calls that jphantom's ci dispatches on
               receivers holding many types; "in java.util" counts those with a caller in
               java.util or java.util.concurrent, the JDK's collections)
  lambda       the callee or caller is a lambda body or a method of a lambda proxy class
               (jphantom's $$Lambda$ classes; Qilin builds no invokedynamic edge)
  other
--types FILE: ReceiverTypes' output over jphantom's pairs, made with the driver's class path:
  sed -E 's|/[0-9]+ -> |\t|' OUT/call-edges.txt | sort -u | java -cp bench/peers/qilin/target/classes:$(cat \
      bench/target/selectx-peer/classpath.txt) org.jphantom.bench.qilin.ReceiverTypes JARS > FILE
With OTHER_QILIN.callgraph (e.g. the run as published; its methods file beside it), also how many
of jphantom's pairs that one lacks (among the methods it and jphantom reach) this one has
(recovered) and still lacks, per class.
"""
import re
import sys
from collections import Counter


def qilin_pairs(path):
    pairs = set()
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line:
                caller, callee = line.split("\t")
                pairs.add((caller, callee))
    return pairs


def jphantom_pairs(out):
    pairs = set()
    edge = re.compile(r"^(<.*>)/\d+ -> (<.*>)$")
    with open(out + "/call-edges.txt") as f:
        for line in f:
            m = edge.match(line.rstrip("\n"))
            if m:
                pairs.add((m.group(1), m.group(2)))
    return pairs


def lines(path):
    with open(path) as f:
        return {l.rstrip("\n") for l in f if l.strip()}


def cls(sig):
    return sig[1:sig.index(":")]


def name(sig):
    return re.search(r" ([^ (]+)\(", sig).group(1)


JDK_COLLECTIONS = re.compile(r"^java\.util\.(concurrent\.)?[A-Z]")
LAMBDA = re.compile(r"\$\$Lambda\$|lambda\$")


UNTYPED = set()


def classify(pair, to_array_callers):
    caller, callee = pair
    if pair in UNTYPED:
        return "untyped"
    if name(callee) == "toArray" or caller in to_array_callers or "Array: java.lang.Object newInstance" in callee:
        return "toArray"
    if name(callee) in ("equals", "hashCode", "toString", "compareTo"):
        return "Object"
    if LAMBDA.search(caller) or LAMBDA.search(callee):
        return "lambda"
    return "other"


def among(pairs, common, callers_only):
    return {p for p in pairs if p[0] in common and (callers_only or p[1] in common)}


def by_class(pairs, to_array_callers):
    c = Counter(classify(p, to_array_callers) for p in pairs)
    util = sum(1 for p in pairs if classify(p, to_array_callers) == "Object" and JDK_COLLECTIONS.match(cls(p[0])))
    others = Counter(name(p[1]) for p in pairs if classify(p, to_array_callers) == "other")
    return (f"{'untyped ' + str(c['untyped']) + ', ' if UNTYPED else ''}toArray {c['toArray']}, Object {c['Object']} (in java.util {util}), lambda {c['lambda']}, "
            f"other {c['other']} (callees " + ", ".join(f"{k} {v}" for k, v in others.most_common(6)) + ")")


def main(argv):
    callers_only = False
    while len(argv) > 1 and argv[1].startswith("--"):
        if argv[1] == "--callers":
            callers_only = True
            argv = argv[:1] + argv[2:]
        elif argv[1] == "--types" and len(argv) > 2:
            with open(argv[2]) as f:
                for line in f:
                    t = line.rstrip("\n").split("\t")
                    if t[0] == "untyped":
                        UNTYPED.add((t[1], t[2]))
            argv = argv[:1] + argv[3:]
        else:
            print(__doc__, file=sys.stderr)
            return 2
    if len(argv) not in (4, 5):
        print(__doc__, file=sys.stderr)
        return 2
    q_all = qilin_pairs(argv[1])
    q_methods = lines(argv[2])
    ours_all = jphantom_pairs(argv[3])
    our_methods = lines(argv[3] + "/reachable-methods.txt")
    common = q_methods & our_methods
    q = among(q_all, common, callers_only)
    ours = among(ours_all, common, callers_only)
    # callers that call toArray in jphantom's graph
    to_array_callers = {c for c, t in ours_all if t.endswith(" toArray(java.lang.Object[])>")}
    both = q & ours
    ours_only = ours - q
    print(f"methods: Qilin {len(q_methods)}, jphantom {len(our_methods)}, both {len(common)}")
    print(f"pairs among both's methods{' (callers)' if callers_only else ''}: Qilin {len(q)}, jphantom {len(ours)}, both {len(both)}, "
          f"Qilin only {len(q - ours)}, jphantom only {len(ours_only)}")
    print("jphantom only, by class: " + by_class(ours_only, to_array_callers))
    callee_classes = Counter(cls(c) for _, c in ours_only)
    print("jphantom only, top callee classes: " + ", ".join(f"{k} {v}" for k, v in callee_classes.most_common(12)))
    caller_pkgs = Counter(cls(c).rsplit(".", 1)[0] for c, _ in ours_only)
    print("jphantom only, top caller packages: " + ", ".join(f"{k} {v}" for k, v in caller_pkgs.most_common(8)))
    if len(argv) == 5:
        other_common = lines(argv[4][: -len(".callgraph")] + ".methods.txt") & our_methods
        other = among(qilin_pairs(argv[4]), other_common, callers_only)
        lacked = among(ours_all, other_common, callers_only) - other
        recovered = lacked & q_all
        still = lacked - q
        print(f"against {argv[4]}: jphantom pairs it lacked {len(lacked)}, this one has {len(recovered)}, "
              f"still lacks {len(still)}")
        for label, s in (("lacked", lacked), ("recovered", recovered), ("still lacking", still)):
            print(f"  {label}: " + by_class(s, to_array_callers))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
