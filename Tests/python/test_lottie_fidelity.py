"""razzle's Lottie frames against the reference player (issue 22, section 4):
for every shared file whose features razzle all draws (lottie_fidelity.DRAWN:
part 1, gradients, polystars, repeaters, text with embedded glyphs; not the
mask modes razzle draws differently on purpose, BY_DESIGN), razzle.render at the reference's 5 frames and size, over white, compared
per pixel with lottie-web's frames (its SVG renderer or its canvas one,
whichever is closer per file: the canvas renderer cuts corners) and, where
rlottie-python is installed, with rlottie."""

from __future__ import annotations

import json
from typing import Any, Dict, List

import numpy as np
import pytest

lf = pytest.importorskip("lottie_fidelity")
skia = pytest.importorskip("skia")
pytest.importorskip("PIL")

from razzle.render import Renderer  # noqa: E402

#: The tolerance against lottie-web: mean absolute error in levels, and
#: the fraction of pixels off by more than 16 levels.
MAX_MAE = 3.0
MAX_OFF16 = 0.03
#: rlottie is a second opinion with its own anti-aliasing and rounding of
#: frames to whole numbers: looser.
RLOTTIE_MAX_MAE = 6.0


def _entries() -> List[Dict[str, Any]]:
    if not lf.REFERENCE_DIR.is_dir():
        return []
    out = []
    for entry in lf.manifest():
        if entry["stem"].startswith("test_repro"):
            continue
        features = lf.file_features(lf.FILES_DIR / entry["name"])
        if features <= lf.DRAWN and not features & lf.BY_DESIGN:
            out.append(entry)
    return out


ENTRIES = _entries()


def _frames(entry: Dict[str, Any]) -> Dict[int, np.ndarray]:
    renderer = Renderer.from_lottie(str(lf.FILES_DIR / entry["name"]), size=(entry["render_w"], entry["render_h"]), background="white")
    return {f: renderer.frame(f)[..., :3] for f in entry["frames"]}


@pytest.mark.skipif(not ENTRIES, reason="../shared/lottie/reference is not there")
@pytest.mark.parametrize("entry", ENTRIES, ids=[e["stem"] for e in ENTRIES])
def test_matches_lottie_web(entry: Dict[str, Any]) -> None:
    frames = _frames(entry)
    results = {}
    for renderer in ("svg", "canvas"):
        numbers = [lf.compare(frames[f], lf.reference_frame(entry["stem"], f, renderer)) for f in entry["frames"]]
        results[renderer] = (max(n["mae"] for n in numbers), max(n["off16"] for n in numbers))
    best = min(results, key=lambda r: results[r])
    mae, off16 = results[best]
    assert mae <= MAX_MAE and off16 <= MAX_OFF16, f"{entry['stem']} vs lottie-web {best}: {json.dumps(results)}"


@pytest.mark.skipif(not ENTRIES, reason="../shared/lottie/reference is not there")
@pytest.mark.parametrize("entry", ENTRIES, ids=[e["stem"] for e in ENTRIES])
def test_matches_rlottie(entry: Dict[str, Any]) -> None:
    pytest.importorskip("rlottie_python")
    path = lf.FILES_DIR / entry["name"]
    ip = float(entry["ip"])
    # rlottie draws whole frames counted from ip: compare at those.
    renderer = Renderer.from_lottie(str(path), size=(entry["render_w"], entry["render_h"]), background="white")
    worst = 0.0
    for f in entry["frames"]:
        whole = ip + round(f - ip)
        theirs = lf.rlottie_frame(path, whole, entry["render_w"], entry["render_h"])
        worst = max(worst, lf.compare(renderer.frame(whole)[..., :3], theirs)["mae"])
    assert worst <= RLOTTIE_MAX_MAE, f"{entry['stem']} vs rlottie: mae {worst:.2f}"
