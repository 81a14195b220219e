"""razzle.import_lottie against Tests/vectors/lottie.json (expected values
derived from the Lottie format's rules in derive.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import razzle

ROOT = Path(__file__).resolve().parents[1]
VECTORS = json.loads((ROOT / "vectors" / "lottie.json").read_text())
FILES = {f["file"]: f for f in VECTORS["files"]}


@pytest.mark.parametrize("name", sorted(FILES))
def test_vectors(name: str) -> None:
    spec = FILES[name]
    result = razzle.import_lottie(ROOT / "lottie" / name)
    assert result.frame_rate == spec["frame_rate"]
    assert (result.in_point, result.out_point) == (spec["in_point"], spec["out_point"])
    assert [(c.target, c.property) for c in result.columns] == [
        (c["target"], c["property"]) for c in spec["columns"]
    ]
    rows = result.sample(np.array(spec["frames"], dtype=float))
    tol = VECTORS["tolerance"]
    for column, expected in zip(result.columns, spec["columns"]):
        got = rows[:, column.start : column.start + column.channels]
        for j, value in enumerate(expected["values"]):
            if value is None:
                assert np.isnan(got[j]).all(), (name, column, j)
            else:
                np.testing.assert_allclose(got[j], value, rtol=tol, atol=tol)
    for s in spec["static"]:
        assert result.static_values[s["target"], s["property"]] == tuple(float(x) for x in s["value"])
    assert [(layer.name, layer.parent) for layer in result.layers] == [
        (layer["name"], layer["parent"]) for layer in spec["layers"]
    ]
    assert {w.pointer for w in result.warnings} == set(spec["warnings"])
    assert isinstance(result.timeline, razzle.Timeline)
    assert len(result.timeline.children) == len(spec["layers"])


def test_sources_text_dict_and_values() -> None:
    path = ROOT / "lottie" / "keyframes.json"
    text = path.read_text()
    a = razzle.import_lottie(text)
    b = razzle.import_lottie(json.loads(text))
    c = razzle.import_lottie(text.encode())
    frame = 33.3
    assert a.values(frame) == b.values(frame) == c.values(frame)
    assert a.values(-5)["box", "transform.opacity"] is None
    seconds = razzle.import_lottie(path, seconds=True)
    assert seconds.time_unit == "seconds"
    for key, value in a.values(27).items():
        other = seconds.values(27 / 30)[key]
        assert value is not None and other is not None
        assert all(math.isclose(x, y, rel_tol=1e-12, abs_tol=1e-9) for x, y in zip(value, other))


def test_text_with_a_byte_order_mark_is_json_not_a_path(tmp_path: Path) -> None:
    # A BOM before the "{" (as an editor on Windows saves a file) is still
    # JSON text, never opened as a file name ("File name too long"); the
    # library refuses the mark itself (RFC 8259 §8.1), naming it, for text
    # and bytes alike, as razzle.loads does.
    from razzle._lottie import is_json_text, is_lottie_document, open_lottie

    text = (ROOT / "lottie" / "keyframes.json").read_text()
    for source in ("\ufeff" + text, "\ufeff \n" + text, ("\ufeff" + text).encode()):
        assert is_lottie_document(source)
        for function in (razzle.import_lottie, open_lottie):
            with pytest.raises(razzle.InvalidValueError, match=r"byte order mark \(U\+FEFF\)"):
                function(source)
    assert is_json_text("\ufeff{}") and is_json_text(" {}") and not is_json_text("\ufeffscene.json")
    # A path is still a path, and a missing one is FileNotFoundError.
    with pytest.raises(FileNotFoundError):
        razzle.import_lottie(str(tmp_path / "missing.json"))
    (tmp_path / "bom.json").write_bytes(b"\xef\xbb\xbf" + text.encode())
    with pytest.raises(razzle.InvalidValueError, match="byte order mark"):
        razzle.import_lottie(tmp_path / "bom.json")


@pytest.mark.parametrize("case", VECTORS["rejections"], ids=lambda c: c["id"])
def test_rejections(case: Any) -> None:
    with pytest.raises(razzle.InvalidValueError) as info:
        razzle.import_lottie(case["json"].encode())
    assert case["message_contains"] in str(info.value)


def test_wrong_type() -> None:
    with pytest.raises(razzle.InvalidTypeError):
        razzle.import_lottie(3)  # type: ignore[arg-type]


def test_schema() -> None:
    lottie_specs = pytest.importorskip("lottie_specs")
    jsonschema = pytest.importorskip("jsonschema")
    schema_path = getattr(lottie_specs, "SCHEMA_PATH", None)
    if schema_path is None:
        pytest.skip("lottie_specs has no schema path")
    schema = json.loads(Path(schema_path).read_text())
    for name in FILES:
        jsonschema.validate(json.loads((ROOT / "lottie" / name).read_text()), schema)


TRANSFORMS = json.loads((ROOT / "vectors" / "lottie_transforms.json").read_text())


@pytest.mark.parametrize("spec", TRANSFORMS["files"], ids=lambda f: f["file"])
def test_transform_vectors(spec: Any) -> None:
    result = razzle.import_lottie(ROOT / "lottie" / spec["file"])
    assert [layer.name for layer in result.layers] == spec["layers"]
    frames = np.array(spec["frames"], dtype=float)
    tol = TRANSFORMS["tolerance"]
    for key, world in (("own", False), ("world", True)):
        got = result.sample_transforms(frames, world=world)
        assert got.shape == (len(frames), len(spec["layers"]), 6)
        for j, row in enumerate(spec[key]):
            for k, expected in enumerate(row):
                if expected is None:
                    assert np.isnan(got[j, k]).all(), (key, j, k)
                else:
                    scale = np.maximum(1.0, np.abs(expected))
                    assert np.all(np.abs(got[j, k] - expected) <= tol * scale), (key, j, k, got[j, k], expected)
    mid = len(frames) // 2
    single = result.transforms(float(frames[mid]))
    assert list(single) == spec["layers"]
    for name, expected in zip(spec["layers"], spec["world"][mid]):
        assert (single[name] is None) == (expected is None)
    assert {w.pointer for w in result.warnings if w.pointer.endswith("/parent")} == set(spec["parent_warnings"])


def test_transforms_out_and_errors() -> None:
    result = razzle.import_lottie(ROOT / "lottie" / "parenting.json")
    frames = np.linspace(0, 99, 7).reshape(7, 1)
    out = np.empty((7, 1, len(result.layers), 6))
    assert result.sample_transforms(frames, out=out) is out
    np.testing.assert_array_equal(out[:, 0], result.sample_transforms(frames[:, 0]))
    with pytest.raises(razzle.InvalidTypeError):
        result.sample_transforms(frames, out=np.empty(3))
    with pytest.raises(razzle.BufferTooSmallError):
        razzle._ffi.lib.kf_lottie_sample_transforms(result._h, frames.ctypes.data, 7, 1, out.ctypes.data, 10)
    with pytest.raises(razzle.InvalidValueError):
        razzle._ffi.lib.kf_lottie_sample_transforms(result._h, frames.ctypes.data, 7, 2, out.ctypes.data, out.size)
    kinds = {w.feature for w in result.warnings}
    assert {"parent", "parent cycle"} <= kinds


def test_info_agrees_with_the_description_and_lists_survive_close() -> None:
    path = ROOT / "lottie" / "keyframes.json"
    result = razzle.import_lottie(path)
    described = json.loads(result._describe())
    assert result.frame_rate == described["frame_rate"]
    assert (result.in_point, result.out_point) == (described["in_point"], described["out_point"])
    assert result.row_width == described["row_width"]
    assert result.time_unit == described["time_unit"]
    result.close()
    assert len(result.layers) == len(described["layers"])
    assert len(result.columns) == len(described["columns"])
    assert len(result.static_values) == len(described["static"])
    assert len(result.warnings) == len(described["warnings"])
    with pytest.raises(razzle.ClosedError):
        result.sample(np.array([0.0]))


def _negative_ip_document() -> dict[str, Any]:
    """Layer "a" shows on [-10, 20) with opacity 0 -> 100 and position
    (0, 0) -> (20, 40) over frames -10 -> 10 (linear: out tangent (0, 0), in
    (1, 1)); layer "b" shows on [0, 20), opacity 30 throughout."""
    linear = {"i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}
    return {
        "v": "5.7.0", "fr": 30, "ip": -20, "op": 30, "w": 100, "h": 100,
        "layers": [
            {"ty": 3, "ind": 1, "nm": "a", "ip": -10, "op": 20, "st": 0,
             "ks": {"o": {"a": 1, "k": [dict(linear, t=-10, s=[0]), {"t": 10, "s": [100]}]},
                    "p": {"a": 1, "k": [{"t": -10, "s": [0, 0, 0], "i": {"x": 1, "y": 1}, "o": {"x": 0, "y": 0}},
                                        {"t": 10, "s": [20, 40, 0]}]}}},
            {"ty": 3, "ind": 2, "nm": "b", "ip": 0, "op": 20, "st": 0, "ks": {"o": {"a": 1, "k": [dict(linear, t=0, s=[30]), {"t": 20, "s": [30]}]}}},
        ],
    }


@pytest.mark.parametrize("seconds", [False, True])
def test_a_negative_in_point_shows_from_it(seconds: bool) -> None:
    """A layer with ip -10 has values on [-10, 0) too (hand-worked: linear
    from frame -10), agreeing with its transforms; before its ip, and a
    layer with ip 0 before 0, show nothing."""
    lottie = razzle.import_lottie(json.dumps(_negative_ip_document()), seconds=seconds)
    unit = 1 / 30 if seconds else 1
    expected = {
        -15: (None, None, None),
        -10.5: (None, None, None),
        -10: ((0.0, 0.0, 0.0), (0.0,), None),
        -5: ((5.0, 10.0, 0.0), (25.0,), None),
        -0.5: ((9.5, 19.0, 0.0), (47.5,), None),
        0: ((10.0, 20.0, 0.0), (50.0,), (30.0,)),
        19: ((20.0, 40.0, 0.0), (100.0,), (30.0,)),
        20: (None, None, None),
    }
    for frame, (position, opacity, other) in expected.items():
        values = lottie.values(frame * unit)
        got = (values["a", "transform.position"], values["a", "transform.opacity"], values["b", "transform.opacity"])
        for g, e in zip(got, (position, opacity, other)):
            assert (g is None) == (e is None), (frame, got)
            if e is not None:
                assert g == pytest.approx(e, abs=1e-9), (frame, got)
        matrix = lottie.transforms(frame * unit)["a"]
        assert (matrix is None) == (position is None), frame
        if position is not None:
            assert matrix[4:] == pytest.approx(position[:2], abs=1e-9)


def test_markers_are_read_in_file_order() -> None:
    """`markers` (tm, cm, dr) as After Effects exports them: names, start
    frames and durations as written; a duration below 0 is refused with
    its JSON Pointer; a misspelled name gets the closest one."""
    doc = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 90, "w": 10, "h": 10, "layers": [],
           "markers": [{"tm": 0, "cm": "intro", "dr": 30}, {"tm": 30.5, "cm": "loop", "dr": 45}, {"tm": 80}]}
    lottie = razzle.import_lottie(json.dumps(doc))
    assert lottie.markers == [
        razzle.LottieMarker("intro", 0.0, 30.0),
        razzle.LottieMarker("loop", 30.5, 45.0),
        razzle.LottieMarker("", 80.0, 0.0),
    ]
    assert lottie.marker("loop").frames == (30.5, 75.5)
    assert not [w for w in lottie.warnings if w.feature == "markers"]
    with pytest.raises(KeyError, match="did you mean 'loop'"):
        lottie.marker("lop")
    doc["markers"] = [{"tm": 0, "cm": "a", "dr": -1}]
    with pytest.raises(razzle.InvalidValueError, match="/markers/0/dr"):
        razzle.import_lottie(json.dumps(doc))
