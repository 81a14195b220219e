#!/usr/bin/env python3
"""How close rlottie (and, with --razzle, razzle's renderer) comes to the
reference player, lottie-web, on the shared Lottie files.

For every file in ../shared/lottie/reference/manifest.json except the
deliberately malformed test_repro_* ones, renders each of its 5 reference
frames at the reference size and compares it with lottie-web's canvas and SVG
frames (Tests/python/lottie_fidelity.py: MAE in 0-255 levels, off16 = the
fraction of pixels off by more than 16 levels in any channel). Prints a
Markdown table: per file the median of each measure over its frames, then the
medians over all files, over the files that use only "part 1" features and
over the files whose features razzle's player all draws (lf.DRAWN).

Needs numpy, Pillow and rlottie-python (`pip install numpy pillow
rlottie-python`); --razzle also needs an importable razzle with
razzle.render.Renderer.from_lottie(path, size=(w, h), background=(r, g, b)),
whose .frame(f) gives an (H, W, 4) uint8 RGBA frame (f numbered like the
manifest's frames: composition frames, from the file's ip).

    python3 bench/lottie_fidelity_report.py [--razzle] [--only STEM ...] [-o FILE]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "python"))

import numpy as np  # noqa: E402

import lottie_fidelity as lf  # noqa: E402

BASIC = {"path", "rect", "ellipse", "fill", "stroke"}


def short_features(feats: set[str]) -> str:
    """The features beyond plain paths, rects, ellipses, fills and strokes;
    those razzle's player does not draw (outside lf.DRAWN) are in bold."""
    shown = sorted(feats - BASIC)
    return ", ".join(f if f in lf.DRAWN else f"**{f}**" for f in shown) or "basic"


def razzle_renderer_factory():
    """A function (path, w, h) -> frame(f) -> (H, W, 3) RGB over white using
    razzle.render, or exit with a clear message if razzle has none yet."""
    try:
        import razzle.render as rr  # noqa: F401
    except Exception as e:  # ImportError, or the library failing to load
        sys.exit(
            f"--razzle: cannot import razzle.render ({type(e).__name__}: {e}).\n"
            "Install the package (make python) or put bindings/python on PYTHONPATH; "
            "razzle.render.Renderer.from_lottie is what this flag measures."
        )
    renderer = getattr(rr, "Renderer", None)
    if renderer is None or not callable(getattr(renderer, "from_lottie", None)):
        sys.exit("--razzle: razzle.render has no Renderer.from_lottie(path, size=(w, h), background=(r, g, b)) yet.")

    def make(path: Path, w: int, h: int):
        r = renderer.from_lottie(str(path), size=(w, h), background="white")

        def frame(f):
            out = np.asarray(r.frame(f))
            if out.shape != (h, w, 4) or out.dtype != np.uint8:
                raise ValueError(f"Renderer.frame gave {out.shape} {out.dtype}, expected ({h}, {w}, 4) uint8")
            return lf.over_white(out)

        return frame

    return make


def measure(frames, e):
    """Per-frame comparisons of a renderer's frames with both references:
    medians of mae and off16, against canvas and against svg."""
    res = {}
    for ref in ("canvas", "svg"):
        cs = [lf.compare(img, lf.reference_frame(e["stem"], f, ref)) for f, img in frames]
        res[ref] = {k: statistics.median(c[k] for c in cs) for k in ("mae", "off16")}
    return res


def fmt(m):
    if m is None:
        return "fail", "fail"
    return f"{m['mae']:.2f}", f"{100 * m['off16']:.2f}%"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--razzle", action="store_true", help="also measure razzle.render.Renderer")
    ap.add_argument("--only", nargs="*", metavar="STEM", help="only these files (stems)")
    ap.add_argument("-o", "--output", type=Path, help="also write the table to this file")
    args = ap.parse_args(argv)

    renderers = {"rlottie": None}
    if args.razzle:
        renderers["razzle"] = razzle_renderer_factory()

    entries = [e for e in lf.manifest() if not e["stem"].startswith("test_repro_")]
    if args.only:
        entries = [e for e in entries if e["stem"] in set(args.only)]

    results, timing = [], {name: 0.0 for name in renderers}
    for e in entries:
        path = lf.FILES_DIR / e["name"]
        w, h = e["render_w"], e["render_h"]
        feats = lf.file_features(path)
        per = {}
        for name, make in renderers.items():
            t0 = time.perf_counter()
            try:
                if name == "rlottie":
                    frames = [(f, lf.rlottie_frame(path, f, w, h)) for f in e["frames"]]
                else:
                    render = make(path, w, h)
                    frames = [(f, render(f)) for f in e["frames"]]
            except Exception as ex:  # one file's failure is a row, not the end
                print(f"{e['stem']}: {name} failed: {type(ex).__name__}: {ex}", file=sys.stderr)
                per[name] = None
            else:
                timing[name] += time.perf_counter() - t0
                per[name] = measure(frames, e)
        results.append((e, feats, per))

    names = list(renderers)
    head = ["file", "size", "features"]
    for name in names:
        head += [f"{name}/canvas MAE", f"{name}/canvas off16", f"{name}/svg MAE", f"{name}/svg off16"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for e, feats, per in results:
        cells = [e["stem"], f"{e['render_w']}x{e['render_h']}", short_features(feats)]
        for name in names:
            m = per[name]
            for ref in ("canvas", "svg"):
                cells += fmt(None if m is None else m[ref])
        lines.append("| " + " | ".join(cells) + " |")

    def summary(label, subset):
        cells = [f"**{label}** ({len(subset)} files)", "", ""]
        for name in names:
            for ref in ("canvas", "svg"):
                ok = [per[name][ref] for _, _, per in subset if per[name] is not None]
                if ok:
                    cells += fmt({k: statistics.median(m[k] for m in ok) for k in ("mae", "off16")})
                else:
                    cells += ["-", "-"]
        lines.append("| " + " | ".join(cells) + " |")

    summary("median, all", results)
    summary("median, part-1 files", [r for r in results if r[1] <= lf.PART1])
    summary("median, files razzle draws", [r for r in results if r[1] <= lf.DRAWN])

    notes = [
        "",
        "Per file: the median over its 5 reference frames. MAE: mean absolute error over RGB, 0-255 levels; "
        "off16: pixels with any channel off by more than 16 levels. Features: beyond path/rect/ellipse/fill/stroke; "
        "**bold** ones are not drawn by razzle (outside DRAWN). Part-1 files: all features in PART1; "
        "files razzle draws: all features in DRAWN (PART1, gradients, polystars, repeaters, text with embedded glyphs, the Fill effect).",
        "Render time for all frames: " + ", ".join(f"{n} {t:.2f} s" for n, t in timing.items()) + ".",
    ]
    text = "\n".join(lines + notes) + "\n"
    sys.stdout.write(text)
    if args.output:
        args.output.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
