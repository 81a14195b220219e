"""dotLottie archives (.lottie): the animation the manifest names or the
one asked for, images embedded from the archive, and hostile archives
refused with a clear error (a ZIP bomb, a path out of the image folder,
bytes that are not a ZIP, an unknown id)."""

from __future__ import annotations

import base64
import io
import json
import zipfile
from pathlib import Path

import pytest

import razzle

# A 1 x 1 red PNG.
RED_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)


def animation(op: int, assets: list | None = None) -> bytes:
    doc = {"v": "5.7.0", "fr": 30, "ip": 0, "op": op, "w": 20, "h": 10, "layers": [], "assets": assets or []}
    return json.dumps(doc).encode()


def archive(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


def test_the_manifests_animation_and_one_by_id(tmp_path: Path) -> None:
    v1 = archive({
        "manifest.json": json.dumps({"animations": [{"id": "a"}, {"id": "b"}], "activeAnimationId": "b"}).encode(),
        "animations/a.json": animation(10),
        "animations/b.json": animation(20),
    })
    assert razzle.dotlottie_animations(v1) == razzle.DotLottie(["a", "b"], "b")
    assert razzle.import_lottie(v1).out_point == 20
    assert razzle.import_lottie(v1, animation="a").out_point == 10
    # Version 2: `a/` and `initial.animation`; a path works as well.
    v2 = archive({
        "manifest.json": json.dumps({"version": "2", "animations": [{"id": "x"}, {"id": "y"}],
                                     "initial": {"animation": "y"}}).encode(),
        "a/x.json": animation(30),
        "a/y.json": animation(40),
    })
    path = tmp_path / "two.lottie"
    path.write_bytes(v2)
    assert razzle.import_lottie(path).out_point == 40
    assert razzle.dotlottie_animations(path).ids == ["x", "y"]
    # No manifest: the first animation file.
    assert razzle.import_lottie(archive({"animations/only.json": animation(5)})).out_point == 5


def test_images_are_embedded_from_the_archive() -> None:
    assets = [{"id": "img", "w": 1, "h": 1, "u": "/images/", "p": "red.png", "e": 0},
              {"id": "out", "w": 1, "h": 1, "u": "images/", "p": "../secret.png", "e": 0}]
    data = archive({"animations/a.json": animation(10, assets), "images/red.png": RED_PNG, "secret.png": RED_PNG})
    lottie = razzle.import_lottie(data)
    assert lottie.images[0].data == RED_PNG and lottie.images[0].path is None
    # A path that leaves the image folder is not followed: the importer
    # keeps it external, refuses it and warns.
    assert lottie.images[1].data is None and lottie.images[1].path is None
    assert [(w.pointer, w.feature) for w in lottie.warnings] == [("/assets/1/p", "image")]


def test_hostile_archives_are_refused_clearly() -> None:
    data = archive({"animations/a.json": animation(10), "animations/b.json": animation(10)})
    with pytest.raises(razzle.InvalidValueError, match=r"no animation 'aa' \(did you mean 'a'\?\)"):
        razzle.import_lottie(data, animation="aa")
    with pytest.raises(razzle.InvalidValueError, match="not a readable dotLottie archive"):
        razzle.import_lottie(b"PK\x03\x04 this is not a zip")
    with pytest.raises(razzle.InvalidValueError, match="no animation"):
        razzle.import_lottie(archive({"manifest.json": b"{}"}))
    with pytest.raises(razzle.InvalidValueError, match="animation= picks one animation"):
        razzle.import_lottie(animation(10), animation="a")
    # A ZIP bomb: 65 MiB of zeros deflate to about 65 kB; the read stops
    # one byte past the 64 MiB bound.
    bomb = archive({"animations/a.json": b"0" * (65 << 20)})
    assert len(bomb) < 1 << 20
    with pytest.raises(razzle.InvalidValueError, match="inflates to more than"):
        razzle.import_lottie(bomb)


def test_razzle_render_plays_an_archives_animation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`razzle render x.lottie --animation ID`: a 20 x 10 red solid, every
    pixel (255, 0, 0, 255); an unknown id is the command's one-line error."""
    pytest.importorskip("skia")
    from PIL import Image

    from razzle.cli.main import main

    doc = json.loads(animation(10))
    doc["layers"] = [{"ty": 1, "ind": 1, "ip": 0, "op": 10, "st": 0, "sc": "#ff0000", "sw": 20, "sh": 10, "ks": {}}]
    path = tmp_path / "red.lottie"
    path.write_bytes(archive({"animations/blank.json": animation(10), "animations/red.json": json.dumps(doc).encode()}))
    out = tmp_path / "red.png"
    assert main(["render", str(path), "--animation", "red", "--frame", "0", "-o", str(out), "-q"]) == 0
    import numpy as np

    pixels = np.asarray(Image.open(out).convert("RGBA")).reshape(-1, 4)
    assert {tuple(p) for p in pixels.tolist()} == {(255, 0, 0, 255)}
    assert main(["render", str(path), "--animation", "rd", "--frame", "0", "-o", str(out), "-q"]) == 1
    assert "no animation 'rd' (did you mean 'red'?)" in capsys.readouterr().err


def test_razzle_render_plays_a_marker(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`razzle render x.json --marker loop`: the frames of the marker's
    segment (30 to 45 at 30 fps, --fps 30: 15 frames); an unknown marker
    gets the closest name."""
    pytest.importorskip("skia")
    from razzle.cli.main import main

    doc = json.loads(animation(60))
    doc["layers"] = [{"ty": 1, "ind": 1, "ip": 0, "op": 60, "st": 0, "sc": "#ff0000", "sw": 20, "sh": 10, "ks": {}}]
    doc["markers"] = [{"tm": 0, "cm": "intro", "dr": 30}, {"tm": 30, "cm": "loop", "dr": 15}]
    path = tmp_path / "marked.json"
    path.write_text(json.dumps(doc))
    out = tmp_path / "frames"
    assert main(["render", str(path), "--marker", "loop", "--fps", "30", "-o", str(out), "-q"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and "15 frames" in captured.err  # the summary is a status line: stderr
    assert main(["render", str(path), "--marker", "lop", "-o", str(out), "-q"]) == 1
    assert "did you mean 'loop'" in capsys.readouterr().err


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["manifest.json", "animations/a.json", "a/b.json", "images/x.png", "../escape.json", "/abs.json"]),
        st.binary(max_size=200),
        max_size=4,
    ),
    st.integers(min_value=0, max_value=400),
)
def test_any_archive_or_its_truncation_is_read_or_refused_cleanly(files: dict[str, bytes], cut: int) -> None:
    """Random entries (JSON or not, names that leave the archive), whole or
    cut short: the import either works or raises razzle's InvalidValueError
    (never another exception)."""
    data = archive(files)
    for candidate in (data, data[: len(data) * cut // 400]):
        if not candidate.startswith(b"PK\x03\x04"):
            continue  # too short to be read as an archive at all
        try:
            razzle.import_lottie(candidate)
        except razzle.InvalidValueError:
            pass
