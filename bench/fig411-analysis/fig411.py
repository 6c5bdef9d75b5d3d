#!/usr/bin/env python3
"""Helpers of bench/figure-4.11.sh.

  fig411.py merge OUT.jar REMOVED.txt JAR...   one jar of the class entries of JAR... (first wins),
                                               minus the removed classes; deterministic
  fig411.py figures ORIG MINUS PHANTOM CLOSURE.jar MINUS.jar COMPLETE.jar [JSON]
                                               Figure 4.11 sets and figures from three
                                               reachable-methods.txt files
"""
import json
import re
import sys
import zipfile

EPOCH = (1980, 1, 1, 0, 0, 0)


def read_removed(path):
    """Patterns: 'pkg.Class' (the class and its nested classes) or 'pkg.*' (the package, not sub-packages)."""
    pats = []
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if line:
            pats.append(line)
    return pats


def removed(cls, pats):
    """cls: binary name with dots (a.b.C$D)."""
    top = cls.split("$", 1)[0]
    pkg = top.rsplit(".", 1)[0] if "." in top else ""
    for p in pats:
        if p.endswith(".*"):
            if pkg == p[:-2]:
                return True
        elif top == p:
            return True
    return False


def merge(out, removed_txt, jars):
    pats = read_removed(removed_txt)
    seen = {}
    for j in jars:
        with zipfile.ZipFile(j) as z:
            for info in z.infolist():
                n = info.filename
                if not n.endswith(".class") or n in seen:
                    continue
                if n.startswith("META-INF/") or n.endswith("module-info.class"):
                    continue
                seen[n] = z.read(n)
    kept = dropped = 0
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for n in sorted(seen):
            cls = n[:-len(".class")].replace("/", ".")
            if removed(cls, pats):
                dropped += 1
                continue
            zi = zipfile.ZipInfo(n, EPOCH)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            z.writestr(zi, seen[n])
            kept += 1
    print(f"merge: {kept} classes kept, {dropped} removed -> {out}", file=sys.stderr)


SIG = re.compile(r"^<([^:]+): ")


def classes_of(jar):
    with zipfile.ZipFile(jar) as z:
        return {n[:-6].replace("/", ".") for n in z.namelist() if n.endswith(".class")}


def load(path):
    with open(path, encoding="utf-8") as f:
        return {l.rstrip("\n") for l in f if l.strip()}


def cls(m):
    return SIG.match(m).group(1)


def figures(orig_f, minus_f, phantom_f, closure_jar, minus_jar, complete_jar, json_out=None):
    orig, minus, comp = load(orig_f), load(minus_f), load(phantom_f)
    closure = classes_of(closure_jar)            # classes of the five jars (the original program)
    kept = classes_of(minus_jar)                 # classes of antlr-minus
    removed = closure - kept
    generated = classes_of(complete_jar) - kept  # phantom classes jphantom generated
    res = {"closureClasses": len(closure), "removedClasses": len(removed),
           "phantomClasses": len(generated),
           "phantomClassesNotInClosure": len(generated - closure)}

    def block(name, keep):
        i = {m for m in orig if keep(m)}
        ii = {m for m in minus if keep(m)}
        iii = {m for m in comp if keep(m)}
        missing = i - ii
        recovered = iii & missing
        r = {
            "i": len(i), "ii": len(ii), "iii": len(iii),
            "missing": len(missing), "recovered": len(recovered),
            "recall": len(recovered) / len(missing) if missing else 1.0,
            "recallAllMinus": len(ii & i) / len(i) if i else 1.0,
            "recallAllComplemented": len(iii & i) / len(i) if i else 1.0,
            "fpMinus": len(ii - i), "fpComplemented": len(iii - i),
            "precisionMinus": len(ii & i) / len(ii) if ii else 1.0,
            "precision": len(iii & i) / len(iii) if iii else 1.0,
            "inMinusNotComplemented": len((ii & i) - iii),
            "venn": {  # the seven regions of Figure 4.11
                "i_only": len(i - ii - iii), "ii_only": len(ii - i - iii), "iii_only": len(iii - i - ii),
                "i_ii": len((i & ii) - iii), "i_iii": len((i & iii) - ii), "ii_iii": len((ii & iii) - i),
                "all": len(i & ii & iii),
            },
        }
        res[name] = r
        return missing - iii, iii - i

    app = lambda m: cls(m) in closure or cls(m) in generated
    surviving = lambda m: cls(m) not in removed and cls(m) not in generated
    views = [
        ("all", "all methods, JDK included; methods of removed/phantom classes compared by signature",
         lambda m: True),
        ("application", "methods of closure classes (and phantoms); removed/phantom classes compared by signature",
         app),
        ("surviving", "methods of classes present in antlr-minus and the JDK (removed and phantom classes left out)",
         surviving),
        ("survivingApplication", "methods of closure classes present in antlr-minus",
         lambda m: app(m) and surviving(m)),
    ]
    lists = {}
    for name, desc, keep in views:
        lists[name] = block(name, keep)
        r = res[name]
        print(f"== {name}: {desc}")
        print(f"  |i|   original                   {r['i']:8d}")
        print(f"  |ii|  minus, --missing skip      {r['ii']:8d}")
        print(f"  |iii| minus + jphantom           {r['iii']:8d}")
        print(f"  missing |i - ii|                 {r['missing']:8d}")
        print(f"  recovered |iii & (i - ii)|       {r['recovered']:8d}")
        print(f"  recall over missing              {100*r['recall']:8.2f} %"
              f"   (of all i: minus {100*r['recallAllMinus']:.2f} %, complemented {100*r['recallAllComplemented']:.2f} %)")
        print(f"  false positives of ii  |ii - i|  {r['fpMinus']:8d}   precision {100*r['precisionMinus']:.2f} %")
        print(f"  false positives of iii |iii - i| {r['fpComplemented']:8d}   precision {100*r['precision']:.2f} %")
        print(f"  in ii & i, not in iii            {r['inMinusNotComplemented']:8d}")
        print(f"  venn {json.dumps(r['venn'])}")
    print(f"classes: closure {res['closureClasses']}, removed {res['removedClasses']}, "
          f"phantoms generated by jphantom {res['phantomClasses']} "
          f"({res['phantomClassesNotInClosure']} not named like a class of the closure)")
    if json_out:
        with open(json_out, "w", encoding="utf-8") as f:
            json.dump(res, f, indent=2, sort_keys=True)
        base = json_out.rsplit("/", 1)[0]
        for name, (unrec, fp3) in lists.items():
            with open(f"{base}/unrecovered-{name}.txt", "w", encoding="utf-8") as f:
                f.writelines(m + "\n" for m in sorted(unrec))
            with open(f"{base}/false-positives-{name}.txt", "w", encoding="utf-8") as f:
                f.writelines(m + "\n" for m in sorted(fp3))


if __name__ == "__main__":
    a = sys.argv[1:]
    if len(a) >= 4 and a[0] == "merge":
        merge(a[1], a[2], a[3:])
    elif len(a) in (7, 8) and a[0] == "figures":
        figures(*a[1:])
    else:
        sys.exit(__doc__)
