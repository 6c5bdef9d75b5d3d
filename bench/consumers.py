#!/usr/bin/env python3
"""Helpers of bench/consumers.sh.

  consumers.py classes JAR            the binary names (a.b.C$D) of JAR's classes, sorted
  consumers.py taie TAIE_OUT DIR      Tai-e's reachable-methods.txt and call-edges.txt as DIR/methods.txt
                                      and DIR/edges.txt (caller TAB callee, distinct pairs, sorted)
  consumers.py row PROGRAM CLIENT KEPT STATUS_A DIR_A STATUS_B DIR_B STATUS_C DIR_C [MAIN FULL]
                                      one JSON row: each variant's status, figures and summary line,
                                      and recall/precision of (b) and (c) against (a); with MAIN and
                                      FULL (the full program's classes) the bound of what (c) can
                                      recover (see bound())
  consumers.py table < ROWS           the rows as a text table
  consumers.py gap FULL_JAR KEPT MAIN DIR_A DIR_X
                                      why X (a client's (b) or (c) run) misses the pairs of (a) under
                                      the bound: per missed app pair whose caller (a) reaches without
                                      a removed class, one of: caller not reached by X; callee reached
                                      by X from other callers but not from this one; no object whose
                                      class has the callee as its implementation is created in X
                                      (and whether (a) creates one only through removed code); or
                                      such objects exist in X but do not reach the call. Counts, then
                                      every pair with its reason, sorted.

The metric (thesis, Figure 4.11): over the (caller, callee) pairs whose caller and callee both
belong to classes of the partial program (KEPT: JDK and phantom classes excluded),
recall = |X & A| / |A|, precision = |X & A| / |X|.
"""
import json
import re
import sys
import zipfile

SIG = re.compile(r"^<([^:]+): ")


def classes(jar):
    with zipfile.ZipFile(jar) as z:
        names = sorted(n[:-6].replace("/", ".") for n in z.namelist()
                       if n.endswith(".class") and not n.startswith("META-INF/"))
    print("\n".join(names))


def read_lines(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [l.rstrip("\n") for l in f if l.strip()]
    except FileNotFoundError:
        return None


# Tai-e's call-edges.txt: "CALLER/SITE<TAB>CALLEE", SITE like "java.lang.Object.<init>/0" (the
# invoked method and its index); CALLER and CALLEE are <C: R m(A)> signatures, constructors and
# static initialisers included (names with '<' in them, so split on the fields, not on brackets).
TAIE_CALLER = re.compile(r"^(<[^:]+: [^()]*\([^()]*\)>)/")


def taie(src, dst):
    methods = read_lines(f"{src}/reachable-methods.txt") or []
    edges = set()
    for line in read_lines(f"{src}/call-edges.txt") or []:
        site, _, callee = line.partition("\t")
        m = TAIE_CALLER.match(site)
        if not m or not callee.startswith("<"):
            sys.exit(f"consumers.py taie: {src}/call-edges.txt: not a call edge: {line[:200]}")
        edges.add(f"{m.group(1)}\t{callee.strip()}")
    with open(f"{dst}/methods.txt", "w", encoding="utf-8") as f:
        f.writelines(m + "\n" for m in sorted(set(methods)))
    with open(f"{dst}/edges.txt", "w", encoding="utf-8") as f:
        f.writelines(e + "\n" for e in sorted(edges))


def owner(sig):
    m = SIG.match(sig)
    return m.group(1) if m else None


def variant(status, d, kept):
    v = {"status": status}
    log = read_lines(f"{d}/log.txt") or []
    t = (read_lines(f"{d}/time.txt") or ["-"])[-1].split()
    if len(t) == 4 and all(re.fullmatch(r"[0-9.]+", x) for x in t):
        v["wall"] = round(float(t[0]))
        v["cpu"] = round(float(t[1]) + float(t[2]))
        v["rssMb"] = int(t[3]) // 1024
    else:
        v["wall"] = v["cpu"] = v["rssMb"] = None
    v["warnLines"] = sum(1 for l in log if re.search(r"warn", l, re.I) and not l.startswith("SLF4J"))
    summary = [l for l in log if re.match(r"^(SootUp|WALA|Soot) ", l)]
    taie_line = [l for l in log if "Call graph has" in l]
    v["summary"] = (summary or taie_line or [""])[-1].strip()
    if status != "ok":
        # The exception that ended the run first (a client may print caught ones as warnings before it).
        errs = [l.strip() for l in log if l.startswith("Exception in thread")]
        errs += [l.strip() for l in log if re.search(r"(Exception|Error)\b", l) and not l.startswith("\tat ")]
        v["error"] = errs[0][:200] if errs else (log[-1][:200] if log else "")
        return v, None
    methods = read_lines(f"{d}/methods.txt") or []
    edges = read_lines(f"{d}/edges.txt") or []
    v["methods"] = len(methods)
    v["edges"] = len(edges)
    app = set()
    for e in edges:
        caller, _, callee = e.partition("\t")
        if owner(caller) in kept and owner(callee) in kept:
            app.add(e)
    v["appMethods"] = sum(1 for m in methods if owner(m) in kept)
    v["appEdges"] = len(app)
    return v, app


def bound(d, main, kept, removed, ea):
    """Share of (a)'s kept edges whose caller (a) reaches without entering a removed class: what a
    completion that adds no code (phantom classes have stub bodies) can hope to recover. Roots:
    main and the static initialisers of kept and JDK classes (clients reach those implicitly)."""
    succ = {}
    for e in read_lines(f"{d}/edges.txt") or []:
        caller, _, callee = e.partition("\t")
        succ.setdefault(caller, []).append(callee)
    roots = [f"<{main}: void main(java.lang.String[])>"]
    roots += [m for m in read_lines(f"{d}/methods.txt") or [] if ": void <clinit>()>" in m and owner(m) not in removed]
    seen = set(roots)
    work = list(roots)
    while work:
        for callee in succ.get(work.pop(), ()):
            if callee not in seen and owner(callee) not in removed:
                seen.add(callee)
                work.append(callee)
    reach = sum(1 for e in ea if e.partition("\t")[0] in seen)
    return round(100 * reach / len(ea), 2) if ea else 100.0


def row(program, client, kept_file, sa, da, sb, db, sc, dc, main=None, full_file=None):
    kept = set(read_lines(kept_file) or [])
    a, ea = variant(sa, da, kept)
    b, eb = variant(sb, db, kept)
    c, ec = variant(sc, dc, kept)
    r = {"program": program, "client": client, "full": a, "partial": b, "complete": c}
    if ea is not None and main and full_file:
        removed = set(read_lines(full_file) or []) - kept
        a["bound"] = bound(da, main, kept, removed, ea)
    if ea is not None:
        for name, v, e in (("partial", b, eb), ("complete", c, ec)):
            if e is not None:
                hit = len(e & ea)
                v["recall"] = round(100 * hit / len(ea), 2) if ea else 100.0
                v["precision"] = round(100 * hit / len(e), 2) if e else 100.0
                v["missed"] = len(ea - e)
                v["extra"] = len(e - ea)
    print(json.dumps(r, sort_keys=True))


def hierarchy(jar):
    """class -> its direct super types (super class and interfaces), read from JAR's class files."""
    import struct
    supers = {}
    with zipfile.ZipFile(jar) as z:
        for n in z.namelist():
            if not n.endswith(".class") or n.startswith("META-INF/"):
                continue
            b = z.read(n)
            count, i, pool = struct.unpack(">H", b[8:10])[0], 10, {}
            k = 1
            while k < count:
                tag = b[i]
                if tag == 1:
                    ln = struct.unpack(">H", b[i + 1:i + 3])[0]
                    pool[k] = b[i + 3:i + 3 + ln].decode("utf-8", "replace")
                    i += 3 + ln
                elif tag == 7:
                    pool[k] = ("class", struct.unpack(">H", b[i + 1:i + 3])[0])
                    i += 3
                elif tag in (5, 6):
                    i += 9
                    k += 1
                elif tag in (3, 4, 9, 10, 11, 12, 17, 18):
                    i += 5
                elif tag == 15:
                    i += 4
                elif tag in (8, 16, 19, 20):
                    i += 3
                else:
                    raise ValueError(f"{n}: constant pool tag {tag}")
                k += 1

            def name(idx):
                return pool[pool[idx][1]].replace("/", ".") if idx else None
            this, sup, nif = struct.unpack(">HHH", b[i + 2:i + 8])
            ifs = [struct.unpack(">H", b[i + 8 + 2 * j:i + 10 + 2 * j])[0] for j in range(nif)]
            supers[name(this)] = [x for x in [name(sup)] + [name(j) for j in ifs] if x]
    return supers


def gap(full_jar, kept_file, main, da, dx):
    kept = set(read_lines(kept_file) or [])
    supers = hierarchy(full_jar)
    removed = set(supers) - kept
    _, ea = variant("ok", da, kept)
    _, ex = variant("ok", dx, kept)
    succ, preds = {}, {}
    for e in read_lines(f"{da}/edges.txt") or []:
        caller, _, callee = e.partition("\t")
        succ.setdefault(caller, []).append(callee)
    roots = [f"<{main}: void main(java.lang.String[])>"]
    roots += [m for m in read_lines(f"{da}/methods.txt") or [] if ": void <clinit>()>" in m and owner(m) not in removed]
    seen, work = set(roots), list(roots)
    while work:
        for callee in succ.get(work.pop(), ()):
            if callee not in seen and owner(callee) not in removed:
                seen.add(callee)
                work.append(callee)
    xm = set(read_lines(f"{dx}/methods.txt") or [])
    xcallees = {}
    for e in read_lines(f"{dx}/edges.txt") or []:
        xcallees.setdefault(e.partition("\t")[2], 0)
    am = set(read_lines(f"{da}/methods.txt") or [])

    def subtypes(c):
        out, work = {c}, [c]
        while work:
            t = work.pop()
            for d, ss in supers.items():
                if t in ss and d not in out:
                    out.add(d)
                    work.append(d)
        return out
    sub_cache = {}

    def inits(methods, classes):
        return [m for m in methods if owner(m) in classes and ": void <init>(" in m]
    reasons = []
    for e in sorted(ea - ex):
        caller, _, callee = e.partition("\t")
        if caller not in seen:
            continue
        if caller not in xm:
            why = "caller not reached"
        elif callee in xcallees:
            why = "callee reached from other callers only"
        else:
            c = owner(callee)
            subs = sub_cache.setdefault(c, subtypes(c))
            if ": void <init>(" in callee or inits(xm, subs):
                why = "objects exist, none reaches the call"
            elif any(m in seen for m in inits(am, subs)):
                why = "no object created (a) creates them in code reached without removed classes"
            else:
                why = "no object created ((a) creates them only through removed code)"
        reasons.append((why, e))
    from collections import Counter
    n = Counter(w for w, _ in reasons)
    for w, k in sorted(n.items(), key=lambda x: (-x[1], x[0])):
        print(f"{k}\t{w}")
    print()
    for w, e in reasons:
        print(f"{w}\t{e}")


def cell(v):
    if v["status"] != "ok":
        return f"{v['status']} ({v['cpu'] if v['cpu'] is not None else '?'} s CPU)"
    s = f"{v['methods']:,} m, {v['edges']:,} e, app {v['appEdges']:,} e"
    if "bound" in v:
        s += f" (bound {v['bound']:.2f}%)"
    if "recall" in v:
        s += f"; R {v['recall']:.2f}% P {v['precision']:.2f}%"
    return s + f"; {v['cpu'] if v['cpu'] is not None else '?'} s"


def table():
    rows = [json.loads(l) for l in sys.stdin if l.strip()]
    print("program         client        (a) full                                   "
          "(b) partial, own phantom handling                       (c) completed by jphantom")
    for r in rows:
        print(f"{r['program']:<15} {r['client']:<13} {cell(r['full']):<42} {cell(r['partial']):<55} {cell(r['complete'])}")
    print()
    print("m = reachable methods, e = distinct (caller, callee) pairs (JDK included); app e = pairs between")
    print("methods of the partial program's classes; R/P = recall/precision of those against (a); s = CPU seconds;")
    print("bound = the share of (a)'s app pairs whose caller (a) reaches without entering a removed class.")
    for r in rows:
        for k in ("full", "partial", "complete"):
            v = r[k]
            if v.get("summary") or v.get("warnLines"):
                print(f"{r['program']} {r['client']} {k}: {v.get('summary', '')}; {v['warnLines']} warning lines;"
                      f" {v['wall']} s wall, {v['rssMb']} MB peak RSS" if v["wall"] is not None else
                      f"{r['program']} {r['client']} {k}: {v.get('summary', '')}; {v['warnLines']} warning lines")
    for r in rows:
        for k in ("full", "partial", "complete"):
            v = r[k]
            if v["status"] != "ok" and v.get("error"):
                print(f"{r['program']} {r['client']} {k}: {v['status']}: {v['error']}")


def main(argv):
    cmd = argv[1] if len(argv) > 1 else ""
    if cmd == "classes" and len(argv) == 3:
        classes(argv[2])
    elif cmd == "taie" and len(argv) == 4:
        taie(argv[2], argv[3])
    elif cmd == "row" and len(argv) in (11, 13):
        row(*argv[2:])
    elif cmd == "gap" and len(argv) == 7:
        gap(*argv[2:])
    elif cmd == "table" and len(argv) == 2:
        table()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
