"""razzle.Frame, what Animator.animate(t) returns: each value is what a
single sample of its track gives, in column order, as a read-only mapping."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import razzle


def animator() -> razzle.Animator:
    anim = razzle.Animator()
    alpha = anim.add_track("label", "alpha")
    alpha.set(30, 1.0, easing="easeInQuad")
    alpha[60] = 0.0
    hidden = anim.add_track("label", "hidden")
    hidden[0], hidden[50] = False, True
    center = anim.add_track("box", "center")
    center[0], center[100] = razzle.Point(0, 0), razzle.Point(100, 40)
    color = anim.add_track("box", "backgroundColor")
    color[0], color[100] = razzle.Color(1, 0, 0, 1), razzle.Color(0, 0, 1, 1)
    scale = anim.add_track("box", "scale")
    scale[0], scale[100] = 1.0, 3.0
    return anim


def test_values_are_single_samples_in_column_order() -> None:
    anim = animator()
    frame = anim.animate(45)
    keys = [(c.target, c.property) for c in anim.layout]
    assert list(frame) == keys and list(frame.keys()) == keys and len(frame) == 5
    for key in keys:
        assert frame[key] == anim[key](45)
        assert type(frame[key]) is type(anim[key](45))
    # easeInQuad from 1 to 0 at p = 0.5: 0.75; a bool takes its end value
    # once the progress passes 0 (Guides/Kinds.md): True at 45.
    assert frame["label", "alpha"] == 0.75 and frame["label", "hidden"] is True
    assert frame["box", "center"] == razzle.Point(45, 18)
    assert list(frame.values()) == [anim[key](45) for key in keys]
    assert list(frame.items()) == [(key, anim[key](45)) for key in keys]


def test_a_read_only_mapping_that_owns_its_row() -> None:
    anim = animator()
    frame = anim.animate(45)
    assert isinstance(frame, Mapping) and isinstance(frame, razzle.Frame)
    assert ("label", "alpha") in frame and ("label", "x") not in frame and "label" not in frame
    assert frame.get(("label", "x"), "none") == "none" and frame.get(("box", "scale")) == 1.9  # 1 + 2 · 0.45
    with pytest.raises(KeyError):
        frame["label", "x"]
    with pytest.raises(KeyError):
        frame[["label", "alpha"]]  # type: ignore[index]
    with pytest.raises(TypeError):
        frame["label", "alpha"] = 1.0  # type: ignore[index]
    copied = dict(frame)
    assert copied == frame.to_dict() and frame == copied and copied == frame
    later = anim.animate(60)
    assert frame["label", "alpha"] == 0.75 and later["label", "alpha"] == 0.0  # later samples change nothing
    assert frame != later
    assert repr(frame).startswith("razzle.Frame({('label', 'alpha'): 0.75, ('label', 'hidden'): True")
    with pytest.raises(TypeError):
        hash(frame)


def test_an_empty_animator_gives_an_empty_frame() -> None:
    frame = razzle.Animator().animate(0)
    assert len(frame) == 0 and dict(frame) == {} and frame == {}
