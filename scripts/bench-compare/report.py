#!/usr/bin/env python3
"""Summarise bench-compare runs: one table, the same as JSON, and the acceptance verdicts.

Reads RESULTS/<tool>.jsonl (one measure.py line per timed run, or one {"error": ...}
line) for the tools below, picks the median run by wall time (the lower median when
the run count is even, so wall, CPU and memory all come from one real run), and
compares each tool's wall time with Portal's. Exits 1 when a build failed or an
acceptance criterion is not met.
"""

import argparse
import json
import os
import statistics
import sys

TOOLS = [
    ("portal", "Portal"),
    ("portal-nocompress", "Portal --compress none"),
    ("docusaurus", "Docusaurus 3.8.1"),
    ("docusaurus-faster", "Docusaurus 3.8.1 + faster"),
    ("hugo", "Hugo"),
]

# (other tool, comparison, bound, wording, scales it applies to or None for all,
# the Portal build compared: portal, or portal-nocompress for Hugo's work).
# "speedup" = other wall / Portal wall >= bound; "slowdown" = Portal wall / other
# wall <= bound; "memory" = Portal peak RSS / other peak RSS <= bound.
CRITERIA = [
    ("docusaurus-faster", "speedup", 10.0, "Portal at least 10x faster than Docusaurus 3.8.1 + faster", None, "portal"),
    ("docusaurus", "speedup", 30.0, "Portal at least 30x faster than plain Docusaurus 3.8.1", None, "portal"),
    ("hugo", "slowdown", 1.5, "Portal, the same work as Hugo (--compress none), no more than 1.5x Hugo's wall time (issue 18)",
     None, "portal-nocompress"),
    ("hugo", "slowdown", 1.5, "Portal as built by default (with .br/.gz siblings) no more than 1.5x Hugo's wall time", None, "portal"),
    ("hugo", "memory", 1.0, "Portal's peak RSS no more than Hugo's at scale 16 and above (issue 18)", 16, "portal"),
]

MEMORY_NOTE = (
    "peak MB = ru_maxrss from wait4() on the build's process tree, as GNU time -v reports it: "
    "the largest peak RSS of any single process in the tree (worker threads included), "
    "not the sum of processes alive at once, so concurrently forked workers are under-counted."
)
CPU_NOTE = "CPU s = user + sys of the whole process tree (every reaped child included)."


def load(results_dir, key):
    path = os.path.join(results_dir, key + ".jsonl")
    if not os.path.exists(path):
        return {"error": "not run"}
    runs = [json.loads(line) for line in open(path) if line.strip()]
    if not runs or any("error" in r for r in runs):
        return {"error": next((r["error"] for r in runs if "error" in r), "no runs")}
    by_wall = sorted(runs, key=lambda r: r["wall_s"])
    med = by_wall[(len(by_wall) - 1) // 2]
    return {
        "wall_s": med["wall_s"],
        "cpu_s": med["cpu_s"],
        "rss_mb": med["rss_mb"],
        "wall_min_s": by_wall[0]["wall_s"],
        "wall_max_s": by_wall[-1]["wall_s"],
        "wall_stdev_s": round(statistics.stdev(r["wall_s"] for r in runs), 4) if len(runs) > 1 else 0.0,
        "runs": runs,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--results", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--scale", type=int, required=True)
    ap.add_argument("--runs", type=int, required=True)
    ap.add_argument("--pages", type=int, required=True)
    ap.add_argument("--load", nargs=2, default=["?", "?"], metavar=("BEFORE", "AFTER"),
                    help="/proc/loadavg's 1, 5, 15 minute figures before and after the runs")
    ap.add_argument("--versions", nargs="*", default=[], help="name=version pairs")
    ap.add_argument("--tools", default=",".join(k for k, _ in TOOLS), help="the builds that were run, comma-separated")
    args = ap.parse_args()

    ran = set(args.tools.split(","))
    tools = {key: dict(label=label, **load(args.results, key)) for key, label in TOOLS if key in ran}
    base = tools["portal"].get("wall_s")
    for t in tools.values():
        if "wall_s" in t and base:
            t["ratio_vs_portal"] = round(t["wall_s"] / base, 2)

    print()
    print(f"bench-compare: scale {args.scale} ({args.pages} pages), median of {args.runs} timed "
          f"full build(s) after 1 warm-up, {os.cpu_count()} CPUs")
    print("versions: " + ", ".join(args.versions))
    print(f"load average (1/5/15 min) before: {args.load[0]}, after: {args.load[1]}")
    head = f"{'tool':<28}{'wall s':>9}{'CPU s':>9}{'peak MB':>9}{'x Portal':>10}   wall min..max s"
    print(head)
    print("-" * len(head))
    for key, _ in TOOLS:
        if key not in tools:
            continue
        t = tools[key]
        if "error" in t:
            print(f"{t['label']:<28}  FAILED: {t['error']}")
            continue
        ratio = f"{t['ratio_vs_portal']:.2f}" if "ratio_vs_portal" in t else "-"
        print(f"{t['label']:<28}{t['wall_s']:>9.3f}{t['cpu_s']:>9.2f}{t['rss_mb']:>9.0f}{ratio:>10}"
              f"   {t['wall_min_s']:.3f}..{t['wall_max_s']:.3f}")
    print("x Portal = the tool's median wall time / Portal's median wall time.")
    for pk in ("portal", "portal-nocompress"):
        if "hugo" not in tools or "wall_s" not in tools["hugo"] or "wall_s" not in tools.get(pk, {}):
            continue
        p, h = tools[pk], tools["hugo"]
        print(f"{p['label']} / Hugo: wall {p['wall_s'] / h['wall_s']:.2f}x, CPU {p['cpu_s'] / h['cpu_s']:.2f}x, "
              f"peak RSS {p['rss_mb'] / h['rss_mb']:.2f}x ({p['rss_mb']:.0f} MB / {h['rss_mb']:.0f} MB)")
    print(CPU_NOTE)
    print(MEMORY_NOTE)
    print()

    verdicts = []
    ok = all("error" not in t for t in tools.values())
    for key, kind, bound, text, min_scale, portal_key in CRITERIA:
        if key not in tools or portal_key not in tools or (min_scale is not None and args.scale < min_scale):
            continue
        other, portal = tools[key], tools[portal_key]
        if "error" in other or "error" in portal:
            verdicts.append({"criterion": text, "pass": False, "detail": "build failed"})
            ok = False
            print(f"FAIL  {text}: a build failed")
            continue
        pw, ow = portal["wall_s"], other["wall_s"]
        if kind == "memory":
            pm, om = portal["rss_mb"], other["rss_mb"]
            value = pm / om
            passed = value <= bound
            detail = f"{portal['label']} {pm:.0f} MB / {other['label']} {om:.0f} MB = {value:.2f}x (need <= {bound:g}x)"
        elif kind == "speedup":
            value = ow / pw
            passed = value >= bound
            detail = f"{other['label']} {ow:.3f} s / {portal['label']} {pw:.3f} s = {value:.1f}x (need >= {bound:g}x)"
        else:
            value = pw / ow
            passed = value <= bound
            detail = f"{portal['label']} {pw:.3f} s / {other['label']} {ow:.3f} s = {value:.2f}x (need <= {bound:g}x)"
        ok = ok and passed
        verdicts.append({"criterion": text, "pass": passed, "value": round(value, 3), "bound": bound, "detail": detail})
        print(f"{'PASS' if passed else 'FAIL'}  {text}: {detail}")

    doc = {
        "scale": args.scale,
        "pages": args.pages,
        "runs": args.runs,
        "cpus": os.cpu_count(),
        "loadavg": {"before": args.load[0], "after": args.load[1]},
        "versions": dict(v.split("=", 1) for v in args.versions if "=" in v),
        "method": {
            "wall": "median of the timed runs (monotonic clock around the build command); cpu_s and rss_mb are from that same run",
            "cpu": CPU_NOTE,
            "memory": MEMORY_NOTE,
        },
        "tools": tools,
        "acceptance": verdicts,
        "pass": ok,
    }
    with open(args.out, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    print(f"\nJSON: {args.out}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
