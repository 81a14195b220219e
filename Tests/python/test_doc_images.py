"""The documentation's pictures (Guides/images, drawn by
razzle.gallery.guides: `make docs-images`) are current, small and shown.

Each is drawn again at its size and compared, frame by frame, with the
committed file: the same frame count and size, and a mean absolute
difference of at most TOLERANCE levels of 255 (room for a font or
anti-aliasing change, none for a picture that shows something else). The
Lottie pictures are drawn from ../shared/lottie/files/tractor.json beside
the repository, and skipped without it."""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import REPO
from test_doc_examples import DOCS, SHARED_LOTTIE

pytest.importorskip("skia", reason="the render extra is not installed (make test installs it)")
pytest.importorskip("matplotlib", reason="the render extra is not installed (make test installs it)")
pytest.importorskip("PIL", reason="the render extra is not installed (make test installs it)")

from razzle.gallery import guides  # noqa: E402

IMAGES = REPO / "Guides" / "images"
LOTTIE = SHARED_LOTTIE / "tractor.json"
TOLERANCE = 2.0
#: Bytes: each picture, and all of them (the repository carries them).
LARGEST, TOTAL = 100_000, 1_000_000


@pytest.mark.parametrize("picture", guides.PICTURES, ids=[p.name for p in guides.PICTURES])
def test_the_committed_picture_is_current(picture: guides.Picture) -> None:
    if picture.lottie and not LOTTIE.is_file():
        pytest.skip(f"{LOTTIE} is not beside the repository")
    committed = guides.decode((IMAGES / picture.name).read_bytes())
    fresh = guides.decode(guides.draw(picture, str(LOTTIE)))
    assert len(fresh) == len(committed), (
        f"{picture.name}: {len(fresh)} frames, committed {len(committed)}: make docs-images"
    )
    for index, (a, b) in enumerate(zip(fresh, committed)):
        assert a.shape == b.shape, f"{picture.name}: {a.shape} against {b.shape}: make docs-images"
        error = np.abs(a.astype(np.int16) - b.astype(np.int16)).mean()
        assert error <= TOLERANCE, f"{picture.name}, frame {index}: differs by {error:.2f} on average: make docs-images"


def test_the_pictures_are_small_and_each_one_is_shown() -> None:
    files = sorted(IMAGES.iterdir())
    assert {f.name for f in files} == {p.name for p in guides.PICTURES}, "Guides/images holds exactly the pictures"
    sizes = {f.name: f.stat().st_size for f in files}
    assert max(sizes.values()) <= LARGEST, sizes
    assert sum(sizes.values()) <= TOTAL, sizes
    shown = {name for doc in DOCS for name in re.findall(r"\]\((?:Guides/)?images/([^)\s]+)\)", doc.read_text())}
    assert shown == set(sizes), "every picture is shown by README.md or a Guide, and every one shown exists"
