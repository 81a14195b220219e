"""Tests/c/lottie_cairo.c, the header's complete C player, draws gradient
paints as the display list defines them: compiled here against the
package's library (skipped without a C compiler or cairo's development
files) and run on small hand-made documents whose pixels are worked out by
hand in the comments. (make test runs it on real files.)"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Sequence

import numpy as np
import pytest

from conftest import REPO, elf_soname

Image = pytest.importorskip("PIL.Image")


def _cairo_flags() -> List[str]:
    if shutil.which("cc") is None or shutil.which("pkg-config") is None:
        return []
    found = subprocess.run(["pkg-config", "--cflags", "--libs", "cairo"], capture_output=True, text=True)
    return found.stdout.split() if found.returncode == 0 else []


CAIRO = _cairo_flags()
pytestmark = pytest.mark.skipif(not CAIRO, reason="no cc or no cairo (pkg-config --exists cairo)")


@pytest.fixture(scope="module")
def player(tmp_path_factory: Any) -> Path:
    import razzle

    work = tmp_path_factory.mktemp("cairo")
    library = Path(razzle.library_path)
    (work / elf_soname(library)).symlink_to(library)
    exe = work / "lottie_cairo"
    subprocess.run(
        ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", f"-I{REPO / 'include'}", "-o", str(exe),
         str(REPO / "Tests/c/lottie_cairo.c"), str(library), f"-Wl,-rpath,{work}", *CAIRO, "-lm"],
        check=True,
    )
    return exe


def k(value: Any) -> Dict[str, Any]:
    return {"a": 0, "k": value}


def draw(player: Path, tmp_path: Path, items: List[Dict[str, Any]], h: int = 100, **layer_extra: Any) -> np.ndarray:
    """The document's frame 0 drawn by lottie_cairo over transparent:
    (h, 100, 4) RGBA, not premultiplied (PNG)."""
    transform = {"p": k([0, 0]), "a": k([0, 0]), "s": k([100, 100]), "r": k(0), "o": k(100)}
    layer = {"ty": 4, "ind": 1, "ip": 0, "op": 100, "st": 0, "ks": transform, "shapes": items, **layer_extra}
    doc = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 100, "h": h, "layers": [layer]}
    source, out = tmp_path / "doc.json", tmp_path / "frame.png"
    source.write_text(json.dumps(doc))
    subprocess.run([str(player), str(source), "0", str(out), "1", "transparent"], check=True, capture_output=True)
    with Image.open(out) as image:
        return np.asarray(image.convert("RGBA")).astype(int)


def rect(x: float, y: float, w: float, h: float) -> Dict[str, Any]:
    return {"ty": "rc", "p": k([x + w / 2, y + h / 2]), "s": k([w, h]), "r": k(0), "d": 1}


def gradient(ty: str, colors: Sequence[float], start: Sequence[float], end: Sequence[float], count: int = 2,
             o: float = 100, **extra: Any) -> Dict[str, Any]:
    item = {"ty": ty, "o": k(o), "t": 1, "s": k(list(start)), "e": k(list(end)), "g": {"p": count, "k": k(list(colors))}}
    item.update(extra)
    return item


RED_TO_BLUE = [0, 1, 0, 0, 1, 0, 0, 1]


def near(got: Sequence[int], expected: Sequence[float], tolerance: float = 2) -> bool:
    return bool(np.abs(np.asarray(got) - np.asarray(expected)).max() <= tolerance)


def test_a_linear_gradient_fill_at_half_opacity(player: Path, tmp_path: Path) -> None:
    # Red at x = 20 to blue at x = 80 over a 100 × 10 rectangle, fill
    # opacity 50 %. Pixel x = 35 (centre 35.5): t = 15.5 / 60 = 0.2583:
    # red 189.1, blue 65.9, alpha 127.5; before 20 red, after 80 blue
    # (padded).
    image = draw(player, tmp_path, [rect(0, 0, 100, 10), gradient("gf", RED_TO_BLUE, (20, 0), (80, 0), o=50, r=1)], h=10)
    assert near(image[5, 35], (189.1, 0, 65.9, 127.5))
    assert near(image[5, 5], (255, 0, 0, 127.5)) and near(image[5, 95], (0, 0, 255, 127.5))


def test_a_radial_gradient_with_a_highlight(player: Path, tmp_path: Path) -> None:
    # The circle of radius 40 about (50.5, 50.5), highlight 50 % along +x:
    # the gradient starts at (70.5, 50.5) with radius 0. 10 beyond the
    # highlight (t = 10 / 20) and 30 before it (t = 30 / 60) are both
    # t = 0.5: (127.5, 0, 127.5); the highlight is red; outside the circle
    # blue.
    item = gradient("gf", RED_TO_BLUE, (50.5, 50.5), (90.5, 50.5), t=2, h=k(50), a=k(0), r=1)
    image = draw(player, tmp_path, [rect(0, 0, 100, 100), item])
    assert near(image[50, 80], (127.5, 0, 127.5, 255)) and near(image[50, 40], (127.5, 0, 127.5, 255))
    assert near(image[50, 70], (255, 0, 0, 255), 3)
    assert near(image[5, 5], (0, 0, 255, 255))


def test_a_gradient_stroke_with_opacity_stops(player: Path, tmp_path: Path) -> None:
    # The line y = 50, 10 wide, red throughout with opacity 1 at x = 0 and
    # 0 at x = 100: pixel x = 25 has alpha 1 − 25.5 / 100 = 0.745 → 190.0.
    path = {"i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]], "v": [[0, 50], [100, 50]], "c": False}
    red = [0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0]
    item = gradient("gs", red, (0, 0), (100, 0), w=k(10), lc=1, lj=1, ml=4)
    image = draw(player, tmp_path, [{"ty": "sh", "ks": k(path)}, item])
    assert near(image[50, 25], (255, 0, 0, 190.0))
    assert image[40, 25, 3] == 0


def test_a_gradient_of_no_length_paints_its_last_stop(player: Path, tmp_path: Path) -> None:
    # Start and end at one point: the last stop's color, as skia and SVG.
    image = draw(player, tmp_path, [rect(0, 0, 100, 10), gradient("gf", RED_TO_BLUE, (50, 5), (50, 5), r=1)], h=10)
    assert near(image[5, 10], (0, 0, 255, 255)) and near(image[5, 90], (0, 0, 255, 255))


def test_a_fill_effect_recolors_the_layer_through_its_alpha(player: Path, tmp_path: Path) -> None:
    # After Effects' Fill (blue, opacity 0.5) on a layer of an opaque red
    # rectangle (x < 50) and a green one at 50 % (x >= 50): every pixel
    # blue, alpha 255 × 0.5 = 127.5 on the left, 127.5 × 0.5 = 63.75 on
    # the right (KF_LAYER_FILL: the group painted blue through its alpha).
    fill = {"ty": 21, "nm": "Fill", "mn": "ADBE Fill", "en": 1, "ef": [
        {"ty": 10, "mn": "ADBE Fill-0001", "v": k(0)}, {"ty": 7, "mn": "ADBE Fill-0007", "v": k(0)},
        {"ty": 2, "mn": "ADBE Fill-0002", "v": k([0, 0, 1, 1])}, {"ty": 7, "mn": "ADBE Fill-0006", "v": k(0)},
        {"ty": 0, "mn": "ADBE Fill-0003", "v": k(0)}, {"ty": 0, "mn": "ADBE Fill-0004", "v": k(0)},
        {"ty": 0, "mn": "ADBE Fill-0005", "v": k(0.5)}]}
    red = [rect(0, 0, 50, 10), {"ty": "fl", "c": k([1, 0, 0, 1]), "o": k(100)}]
    green = [rect(50, 0, 50, 10), {"ty": "fl", "c": k([0, 1, 0, 1]), "o": k(50)}]
    items = [{"ty": "gr", "it": red + [{"ty": "tr", "o": k(100)}]}, {"ty": "gr", "it": green + [{"ty": "tr", "o": k(100)}]}]
    image = draw(player, tmp_path, items, h=10, ef=[fill])
    assert near(image[5, 25], (0, 0, 255, 127.5)) and near(image[5, 75], (0, 0, 255, 63.75))
