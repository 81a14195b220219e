"""razzle.Path: the shared vectors (Tests/vectors/paths.json), the Python
surface (shapes, rotation options, trims, errors) and spatial paths."""

import copy
import math
import pickle

import numpy as np
import pytest

import razzle
from conftest import load_vectors, vector_number

DOC = load_vectors("paths.json")


def angle_difference(a, b):
    d = math.fmod(a - b, 360)
    return d - 360 if d > 180 else d + 360 if d <= -180 else d


def test_vector_file_is_well_formed():
    assert DOC["schema"] == "razzle-path-vectors/1"
    ids = [g["id"] for g in DOC["groups"]] + [r["id"] for r in DOC["rejections"]]
    assert len(ids) == len(set(ids))
    tc = [t["tcId"] for g in DOC["groups"] for t in g["tests"]] + [r["tcId"] for r in DOC["rejections"]]
    assert len(tc) == len(set(tc))
    for g in DOC["groups"]:
        assert g["type"] in ("path", "trim") and g["comment"]
        assert 0 < len(g["tests"]) <= 64  # the C program's buffers


@pytest.mark.parametrize("group", [g for g in DOC["groups"] if g["type"] == "path"], ids=lambda g: g["id"])
def test_path_vectors(group):
    path = razzle.Path(group["data"])
    tol = vector_number(group["tolerance"])
    assert path.is_closed == group["closed"]
    assert path.length == pytest.approx(vector_number(group["length"]), abs=tol)
    if "bounds" in group:
        assert np.allclose(path.bounds, [vector_number(b) for b in group["bounds"]], atol=group["bounds_tolerance"])
    rotate = group.get("rotate", "auto")
    offset = group.get("rotate_angle", 0)
    fractions = np.array([vector_number(t["fraction"]) for t in group["tests"]])
    xy, angles = path.sample(fractions, rotate, offset)
    for i, test in enumerate(group["tests"]):
        assert xy[i] == pytest.approx([vector_number(v) for v in test["expected"]], abs=tol), test["tcId"]
        assert abs(angle_difference(angles[i], vector_number(test["expected_angle"]))) <= group["angle_tolerance"]
        # One fraction at a time gives the same doubles.
        assert tuple(path.point(fractions[i])) == (xy[i, 0], xy[i, 1])
        assert path.angle(fractions[i], rotate, offset) == angles[i]


@pytest.mark.parametrize("group", [g for g in DOC["groups"] if g["type"] == "trim"], ids=lambda g: g["id"])
def test_trim_vectors(group):
    path = razzle.Path(group["data"]).trim(vector_number(group["start"]), vector_number(group["end"]))
    tol = vector_number(group["tolerance"])
    assert path.length == pytest.approx(vector_number(group["length"]), abs=tol)
    for test in group["tests"]:
        assert path.point(vector_number(test["fraction"])) == pytest.approx(test["expected"], abs=tol)


@pytest.mark.parametrize("rejection", DOC["rejections"], ids=lambda r: r["id"])
def test_parser_rejections(rejection):
    with pytest.raises(razzle.InvalidValueError) as info:
        razzle.Path(rejection["data"])
    assert rejection["message_contains"] in str(info.value)
    assert f"at byte {rejection['offset']}" in str(info.value)
    assert info.value.offset == rejection["offset"]  # type: ignore[attr-defined]


def test_shapes_and_types():
    path = razzle.Path("M0 0 L3 4")
    assert path.length == 5.0
    assert path.point(0.5) == razzle.Point(1.5, 2.0)
    assert path.points([[0, 1], [0.5, 2]]).shape == (2, 2, 2)
    assert path.angles(np.zeros((3, 4))).shape == (3, 4)
    assert path.points(0.5).shape == (2,)
    assert path.bounds == razzle.Rect(0, 0, 3, 4)
    assert str(path) == "M0 0 L3 4" and path.data == str(path)
    assert repr(path) == "razzle.Path('M0 0 L3 4', length=5)"
    with pytest.raises(razzle.InvalidTypeError):
        path.point("0.5")  # type: ignore[arg-type]
    with pytest.raises(razzle.InvalidTypeError):
        razzle.Path(b"M0 0")  # type: ignore[arg-type]
    with pytest.raises(razzle.InvalidValueError):
        razzle.Path("M0 0\x00L1 1")


def test_rotation_options():
    down = razzle.Path("M0 0 L0 10")  # 90 degrees: y is down
    assert down.angle(0.5) == 90
    assert down.angle(0.5, "reverse") == -90
    assert down.angle(0.5, "auto", 100) == -170
    assert down.angle(0.5, 30.0) == 30
    assert down.angle(0.5, "fixed", 12) == 12
    with pytest.raises(razzle.InvalidNameError, match='did you mean "reverse"'):
        down.angle(0.5, "revers")
    with pytest.raises(razzle.InvalidValueError):
        down.angle(0.5, "auto", math.nan)


def test_wrapping_clamping_and_nan():
    square = razzle.Path("M0 0 H10 V10 H0 Z")
    assert square.is_closed and square.length == 40
    assert square.points([1.0, -0.25, 2.125]).tolist() == [[0, 0], [0, 10], [5, 0]]
    line = razzle.Path("M0 0 L10 0")
    assert line.points([-1, 2]).tolist() == [[0, 0], [10, 0]]
    assert np.isnan(line.points([math.nan])).all()


def test_trim_text_and_points():
    line = razzle.Path("M0 0 L10 0 L10 10")
    assert str(line.trim(0.25, 0.75)) == "M5 0 L10 0 L10 5"
    assert str(line.trim(0.6, 0.4)) == "M10 2"
    assert line.trim_points(0, 0.5, 3).tolist() == [[0, 0], [5, 0], [10, 0]]
    square = razzle.Path("M0 0 H10 V10 H0 Z")
    assert str(square.trim(0.875, 1.125)) == "M0 5 L0 0 L5 0"


def test_a_million_fractions_in_one_call():
    path = razzle.Path(DOC["groups"][6]["data"])  # 8 cubics and 2 arcs
    fractions = np.linspace(0, 1, 1_000_000)
    xy, angles = path.sample(fractions)
    assert xy.shape == (1_000_000, 2) and angles.shape == (1_000_000,)
    # Equal steps in arc length: successive points are never further apart
    # than the arc between them.
    steps = np.hypot(*np.diff(xy, axis=0).T)
    assert steps.max() <= path.length / 999_999 * (1 + 1e-9)
    assert np.isfinite(angles).all()


def test_spatial_path_from_points():
    route = razzle.Path.from_points([[0, 0], [30, 0], [30, 10]])
    assert route.length == 40 and not route.is_closed
    assert route.point(0.5) == razzle.Point(20, 0)
    k = 4 * (math.sqrt(2) - 1) / 3
    arc = razzle.Path.from_points([[1, 0], [0, 1]], in_tangents=[[0, 0], [k, 0]], out_tangents=[[0, k], [0, 0]])
    assert arc.length == pytest.approx(math.pi / 2, rel=1e-3)
    with pytest.raises(razzle.WrongSizeError):
        razzle.Path.from_points([[0, 0], [1, 1]], in_tangents=[[0, 0]])
    with pytest.raises(razzle.InvalidValueError):
        razzle.Path.from_points([[0, math.inf], [1, 1]])
    with pytest.raises(razzle.InvalidValueError):
        razzle.Path.from_points([0, 1, 2])


def test_lifetime_copy_and_pickle():
    path = razzle.Path("M0 0 C10 0 10 10 20 10")
    assert copy.copy(path) is path and copy.deepcopy(path) is path
    again = pickle.loads(pickle.dumps(path))
    assert again.data == path.data and again.length == path.length
    assert not path.closed
    with path:
        pass
    assert path.closed
    with pytest.raises(razzle.ClosedError):
        path.length
    assert repr(path) == "razzle.Path(<closed>)"
