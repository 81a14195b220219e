"""A user script with full annotations: mypy --strict must accept it and
infer the types asserted here (test_typing.py); pytest also runs it."""

from __future__ import annotations

import copy
import sys
from typing import Any, Dict, List, Literal, Tuple

import numpy as np
import razzle

if sys.version_info >= (3, 11):
    from typing import assert_type
else:  # pragma: no cover
    from typing_extensions import assert_type


def fade(anim: razzle.Animator) -> razzle.Track[float]:
    alpha = anim.add_track("label", "alpha")
    alpha[30] = 1.0
    alpha.set(60, 0.0, easing=razzle.easing("easeInQuad"))
    return alpha


def opacity_at(track: razzle.Track[float], t: float) -> float:
    return track(t)  # a float, not Any: no cast needed under --strict


def main() -> None:
    with razzle.Animator() as anim:
        alpha = fade(anim)
        assert_type(alpha(45), float)
        assert_type(alpha[45], float)
        assert_type(alpha([0.0, 45.0]), razzle.FloatArray)
        assert_type(alpha(np.linspace(0, 90, 7)), razzle.FloatArray)
        assert_type(alpha.sample(np.arange(3)), razzle.FloatArray)
        assert_type(alpha.velocity(45), float)
        assert_type(len(alpha), int)
        assert_type(30 in alpha, bool)
        keyframes: List[razzle.Keyframe] = [kf for kf in alpha]
        assert_type(keyframes[0].time, float)
        assert opacity_at(alpha, 30) == 1.0

        color = anim.add_track("label", "textColor", color_space="oklch")
        color[0], color[60] = "#ff0000", razzle.Color(0, 0, 1)
        assert_type(color(45), razzle.Color)
        assert_type(color(45).r, float)
        assert_type(color([1.0, 2.0]), razzle.FloatArray)
        assert_type(color.velocity(45), Tuple[float, ...])

        position = anim.add_track("box", "position")
        position[0] = (0, 0)
        assert_type(position(0), razzle.Point)
        frame = anim.add_track("box", "frame")
        frame[0] = (0, 0, 10, 10)
        assert_type(frame(0), razzle.Rect)
        size = anim.add_track("box", "size")
        size[0] = (1, 1)
        assert_type(size(0), razzle.Size)
        hidden = anim.add_track("box", "hidden")
        hidden[0] = False
        assert_type(hidden(0), float)  # a bool, or NaN at a NaN time
        transform = anim.add_track("box", "transform")
        transform[0] = razzle.Transform.identity()
        assert_type(transform(0), razzle.Transform)
        matrix = anim.add_track("box", "transform3d")
        matrix[0] = razzle.Transform3D.identity()
        assert_type(matrix(0), razzle.Transform3D)
        weights = anim.add_track("box", "weights", "vector", channels=3)
        weights[0] = (1, 2, 3)
        assert_type(weights(0), Tuple[float, ...])
        offset = anim.add_track("box", "offset", "point")
        offset[0] = (1, 2)
        assert_type(offset(0), razzle.Point)

        assert_type(anim["label", "alpha"], razzle.Track[float])
        assert_type(anim["label", "textColor"], razzle.Track[razzle.Color])
        name: str = "alpha"
        assert_type(anim["label", name], razzle.Track[Any])  # known only at run time
        assert_type(anim.get("label", "nope"), "razzle.Track[Any] | None")

        assert_type(anim.sample([0.0, 1.0]), razzle.FloatArray)
        frames: Dict[Tuple[str, str], razzle.FloatArray] = anim.sample_frames([0.0, 1.0])
        assert frames["label", "alpha"].shape == (2,)
        assert_type(anim.animate(45), razzle.Frame)
        assert anim.animate(45)["label", "alpha"] == anim["label", "alpha"](45)
        assert_type(anim.layout.columns, int)
        anim.add_track("box", "scale")[0] = 2.0
        assert_type(anim.transform("box", 0), razzle.Transform)
        assert_type(anim.transform("box", [0.0, 1.0]), razzle.FloatArray)
        assert_type(anim.keys(), List[Tuple[str, str]])

        copied = copy.deepcopy(anim)
        assert_type(copied, razzle.Animator)
        assert_type(anim.copy(), razzle.Animator)
        copied.close()

    ease = razzle.easing("easeInOutCubic")
    assert_type(ease(0.25), float)
    assert_type(ease(np.array([0.25, 0.5])), razzle.FloatArray)
    assert_type(ease.derivative(0.5), float)
    assert_type(ease.spec, str)
    spring = razzle.Spring.from_duration_bounce(0.4, 0.3)
    assert_type(spring.position(0.1), float)
    assert_type(spring.velocity([0.1, 0.2]), razzle.FloatArray)
    assert_type(spring.parameters, Tuple[float, float, float, float])
    assert_type(razzle.cubic_bezier(0.1, 0, 0.9, 1), str)
    assert_type(razzle.Color.parse("#f008"), razzle.Color)
    assert_type(razzle.Color.from_bytes(255, 128, 0), razzle.Color)
    assert_type(razzle.Color(1, 0, 0).to_space("oklab"), Tuple[float, float, float])
    assert_type(razzle.thread_count(), int)
    timing = razzle.Timing(duration=2, iterations=3, direction="alternate", fill="both", easing="ease")
    assert_type(timing.compute(1.0), razzle.ComputedTiming)
    assert_type(timing.compute(1.0).transformed_progress, "float | None")
    assert_type(timing.compute(1.0, 0.0, "backwards").phase, str)
    assert_type(timing.progress(1.0), float)
    assert_type(timing.progress(np.linspace(0, 6, 7)), razzle.FloatArray)
    assert_type(timing.current_iteration([0.0, 3.0]), razzle.FloatArray)
    assert_type(timing.duration, "float | Literal['auto']")
    assert_type(razzle.Timing(repeat_count=2, autoreverses=True).active_duration, float)
    try:
        alpha(45)
    except razzle.ClosedError as error:
        assert_type(error.status, "int | None")


if __name__ == "__main__":
    main()
