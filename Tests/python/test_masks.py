"""razzle.Mask: the shared vectors (Tests/vectors/masks.json), batches and
mask tracks."""

import math

import numpy as np
import pytest

import razzle
from conftest import load_vectors, vector_number

DOC = load_vectors("masks.json")


@pytest.mark.parametrize("group", DOC["groups"], ids=lambda g: g["id"])
def test_mask_vectors(group):
    mask = razzle.Mask(group["mask"], vector_number(group["width"]), vector_number(group["height"]))
    progress = [vector_number(t["progress"]) for t in group["tests"]]
    rects, radii = mask.geometry(progress), mask.radius(progress)
    for i, test in enumerate(group["tests"]):
        assert rects[i] == pytest.approx([vector_number(v) for v in test["expected"]], abs=group["tolerance"])
        assert radii[i] == pytest.approx(vector_number(test["expected_radius"]), abs=group["tolerance"])


@pytest.mark.parametrize("rejection", DOC["rejections"], ids=lambda r: r["id"])
def test_mask_rejections(rejection):
    error = razzle.InvalidNameError if rejection["status"] == "KF_E_INVALID_NAME" else razzle.InvalidValueError
    with pytest.raises(error) as info:
        razzle.Mask(rejection["mask"], vector_number(rejection["width"]), vector_number(rejection["height"]))
    if "message_contains" in rejection:
        assert rejection["message_contains"] in str(info.value)


def test_issue_numbers_and_shapes():
    assert razzle.Mask("bottom", 300, 400).rect(0.25) == razzle.Rect(0, 300, 300, 100)
    assert razzle.Mask("circle", 300, 400).radius(0.5) == 75
    assert razzle.Mask("bounds", 300, 400).radius(0.5) == 125
    mask = razzle.Mask("left", 10, 20)
    assert mask.geometry(np.zeros((2, 3))).shape == (2, 3, 4)
    assert np.isnan(mask.geometry([math.nan])).any()
    assert repr(mask) == "razzle.Mask('left', 10.0, 20.0)"
    with pytest.raises(razzle.InvalidTypeError):
        razzle.Mask("left", "10", 20)  # type: ignore[arg-type]


def test_mask_track():
    with razzle.Animator() as anim:
        progress = anim.add_track("hero", "maskProgress")
        progress[0], progress[10] = 0.0, 1.0
        rects, radii = razzle.Mask("bottom", 300, 400).sample(progress, [0, 2.5, 10])
        assert rects.tolist() == [[0, 400, 300, 0], [0, 300, 300, 100], [0, 0, 300, 400]]
        assert radii.tolist() == [0, 0, 0]
