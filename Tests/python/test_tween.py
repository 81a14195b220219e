"""Tweens in GSAP's terms (Guides/Tweens.md): GSAP ease names against GSAP
3's formulas, re-typed here from gsap-core.js (never from razzle), the tween
functions, the player aliases, node frames, positions and property-name
checks."""

from __future__ import annotations

import math
import pathlib
import warnings
from typing import Callable, Dict, Optional

import numpy as np
import pytest

import razzle
from razzle._gsap import GSAP_NAMES, translate

# -- GSAP 3's eases (gsap-core.js), re-typed ---------------------------------------

Ease = Callable[[float], float]


def _from_in(ease_in: Ease) -> Dict[str, Ease]:
    """_insertEase's defaults: out = 1 - in(1 - p); inOut from in."""
    return {
        "in": ease_in,
        "out": lambda p: 1 - ease_in(1 - p),
        "inOut": lambda p: ease_in(p * 2) / 2 if p < 0.5 else 1 - ease_in((1 - p) * 2) / 2,
    }


def _in_out_from_out(ease_out: Ease) -> Ease:
    return lambda p: (1 - ease_out(1 - p * 2)) / 2 if p < 0.5 else 0.5 + ease_out((p - 0.5) * 2) / 2


def _power(power: int) -> Dict[str, Ease]:
    return {
        "in": lambda p: p**power,
        "out": lambda p: 1 - (1 - p) ** power,
        "inOut": lambda p: (p * 2) ** power / 2 if p < 0.5 else 1 - ((1 - p) * 2) ** power / 2,
    }


def _elastic(kind: Optional[str], amplitude: Optional[float] = None, period: Optional[float] = None) -> Ease:
    p1 = amplitude if amplitude is not None and amplitude >= 1 else 1.0
    p2 = (period or (0.3 if kind else 0.45)) / (amplitude if amplitude is not None and amplitude < 1 else 1.0)
    p3 = p2 / (2 * math.pi) * (math.asin(1 / p1) or 0)
    p2 = 2 * math.pi / p2

    def ease_out(p: float) -> float:
        return 1.0 if p == 1 else p1 * 2 ** (-10 * p) * math.sin((p - p3) * p2) + 1

    if kind == "out":
        return ease_out
    if kind == "in":
        return lambda p: 1 - ease_out(1 - p)
    return _in_out_from_out(ease_out)


def _back(kind: Optional[str], overshoot: float = 1.70158) -> Ease:
    def ease_out(p: float) -> float:
        if not p:
            return 0.0
        p -= 1
        return p * p * ((overshoot + 1) * p + overshoot) + 1

    if kind == "out":
        return ease_out
    if kind == "in":
        return lambda p: 1 - ease_out(1 - p)
    return _in_out_from_out(ease_out)


def _bounce_out(p: float) -> float:
    n, c = 7.5625, 2.75
    if p < 1 / c:
        return n * p * p
    if p < 2 / c:
        return n * (p - 1.5 / c) ** 2 + 0.75
    if p < 2.5 / c:
        p -= 2.25 / c
        return n * p * p + 0.9375
    return n * (p - 2.625 / c) ** 2 + 0.984375


def _steps(steps: int) -> Ease:
    p1, p2 = 1 / steps, steps + 1
    return lambda p: int(p2 * min(max(p, 0.0), 1 - 1e-8)) * p1


GSAP: Dict[str, Dict[str, Ease]] = {
    "linear": _power(1),
    "power0": _power(1),
    "power1": _power(2),
    "quad": _power(2),
    "power2": _power(3),
    "cubic": _power(3),
    "power3": _power(4),
    "quart": _power(4),
    "power4": _power(5),
    "quint": _power(5),
    "strong": _power(5),
    "expo": _from_in(lambda p: 2 ** (10 * (p - 1)) if p else 0.0),
    "circ": _from_in(lambda p: -(math.sqrt(1 - p * p) - 1)),
    "sine": _from_in(lambda p: -math.cos(p * math.pi / 2) + 1),
    "bounce": {**_from_in(lambda p: 1 - _bounce_out(1 - p)), "out": _bounce_out},
    "back": {"in": _back("in"), "out": _back("out"), "inOut": _back(None)},
    "elastic": {"in": _elastic("in"), "out": _elastic("out"), "inOut": _elastic(None)},
}

PROGRESS = np.concatenate([np.linspace(0, 1, 401), [0.1234567, 0.4999, 0.5, 0.5001, 0.987654321]])
#: Both sides evaluate the same formula in another order (pow against
#: products, 1 - (1 - p) against p): a few ulps of the value.
TOLERANCE = 1e-12


def _check(name: str, expected: Ease, tolerance: float = TOLERANCE) -> None:
    ease = razzle.gsap_ease(name)
    got = ease(PROGRESS)
    want = np.array([expected(float(p)) for p in PROGRESS])
    worst = int(np.argmax(np.abs(got - want)))
    assert abs(got[worst] - want[worst]) <= tolerance, (name, ease.spec, PROGRESS[worst], got[worst], want[worst])


@pytest.mark.parametrize("family", sorted(GSAP))
@pytest.mark.parametrize("mode", ["in", "out", "inOut"])
def test_gsap_family_matches_gsap_formula(family: str, mode: str) -> None:
    _check(f"{family}.{mode}", GSAP[family][mode])


@pytest.mark.parametrize("family", sorted(GSAP))
def test_bare_gsap_name_is_out(family: str) -> None:
    _check(family, GSAP[family]["out"])


def test_named_translations() -> None:
    assert translate("power1.out") == "easeOutQuad"
    assert translate("power2.out") == "easeOutCubic"
    assert translate("power3.inOut") == "easeInOutQuart"
    assert translate("power4.in") == "easeInQuint"
    assert translate("none") == "linear"
    assert translate("Power2.easeOut") == "easeOutCubic"
    assert translate("Linear.easeNone") == "linear"
    assert translate("steps(5)") == "steps(6, jump-none)"


@pytest.mark.parametrize("overshoot", [1.7, 1.70158, 0.5, 2.5, 3.1])
@pytest.mark.parametrize("mode", ["in", "out", "inOut"])
def test_back_with_overshoot(mode: str, overshoot: float) -> None:
    _check(f"back.{mode}({overshoot})", _back(None if mode == "inOut" else mode, overshoot))


@pytest.mark.parametrize("amplitude, period", [(1, 0.3), (1.5, 0.4), (0.5, 0.3), (0.8, 0.5), (1, None), (2, 0.2)])
def test_elastic_out_with_parameters(amplitude: float, period: Optional[float]) -> None:
    text = f"elastic.out({amplitude}, {period})" if period is not None else f"elastic.out({amplitude})"
    _check(text, _elastic("out", amplitude, period))


@pytest.mark.parametrize("mode", ["in", "inOut"])
@pytest.mark.parametrize("amplitude, period", [(1, 0.3), (0.5, 0.3), (0.7, 0.6), (1, 0.45)])
def test_elastic_in_up_to_amplitude_one(mode: str, amplitude: float, period: float) -> None:
    _check(f"elastic.{mode}({amplitude}, {period})", _elastic(None if mode == "inOut" else mode, amplitude, period))


@pytest.mark.parametrize("text", ["elastic.in(1.2, 0.4)", "elastic.inOut(2)"])
def test_elastic_in_above_amplitude_one_is_refused(text: str) -> None:
    with pytest.raises(razzle.EasingError, match="no exact razzle easing"):
        razzle.gsap_ease(text)


@pytest.mark.parametrize("count", [1, 2, 5, 12])
def test_steps(count: int) -> None:
    _check(f"steps({count})", _steps(count), tolerance=1e-15)


def test_unknown_names_get_the_closest_gsap_name() -> None:
    with pytest.raises(razzle.EasingError, match='did you mean "power2.out"'):
        razzle.gsap_ease("power2.ot")
    with pytest.raises(razzle.EasingError, match='did you mean "power2.inOut"'):
        razzle.gsap_ease("power2.inout")
    with pytest.raises(razzle.EasingError, match='did you mean "power2.out"'):
        razzle.gsap_ease("Power2.out")
    with pytest.raises(razzle.EasingError, match="takes no arguments"):
        razzle.gsap_ease("power2.out(2)")
    with pytest.raises(razzle.EasingError, match="steps"):
        razzle.gsap_ease("steps(0)")


def test_razzle_easing_hints_at_gsap_names() -> None:
    with pytest.raises(razzle.EasingError, match='GSAP\'s "power2.out" is razzle\'s "easeOutCubic"'):
        razzle.easing("power2.out")
    with pytest.raises(razzle.EasingError, match='did you mean "easeOutCubic"'):
        razzle.easing("easeOutCubc")  # razzle's own did-you-mean is kept


def test_every_listed_name_translates() -> None:
    for name in GSAP_NAMES:
        razzle.gsap_ease(f"{name}(3)" if name == "steps" else name)


# -- tweens -------------------------------------------------------------------------


def test_to_runs_from_resting_value_with_gsap_ease() -> None:
    tween = razzle.to("box", 2.0, x=100, alpha=0.5, ease="power2.out")
    assert isinstance(tween, razzle.Clip)
    frame = tween(1.0)
    assert isinstance(frame, razzle.Frame)
    assert frame["box", "offsetX"] == pytest.approx(100 * (1 - 0.5**3))
    assert frame["box", "alpha"] == pytest.approx(1 - 0.5 * (1 - 0.5**3))
    assert tween(5.0)["box", "offsetX"] == 100  # holds its end
    assert tween(-1.0)["box", "offsetX"] is None  # no effect before
    assert tween.row_width == 2 and tween.total_duration == 2.0


def test_default_ease_is_gsaps_power1_out() -> None:
    assert razzle.to("a", 1, x=1)(0.5)["a", "offsetX"] == pytest.approx(0.75)


def test_from_shows_its_start_during_the_delay() -> None:
    tween = razzle.from_("box", 1.0, alpha=0, delay=0.5, ease="none")
    assert tween(0.0)["box", "alpha"] == 0
    assert tween(1.0)["box", "alpha"] == pytest.approx(0.5)
    assert tween(2.0)["box", "alpha"] == 1


def test_from_to_colors_and_repeat_yoyo() -> None:
    tween = razzle.from_to("dot", 1.0, {"fillColor": "#ff0000"}, fillColor="#0000ff", ease="none", repeat=1, yoyo=True)
    assert tween.total_duration == 2.0
    assert tween(0.25)["dot", "fillColor"] == razzle.Color(0.75, 0.0, 0.25, 1.0)
    assert tween(1.25)["dot", "fillColor"] == razzle.Color(0.25, 0.0, 0.75, 1.0)  # yoyo: backwards


def test_stagger() -> None:
    tween = razzle.to(["a", "b", "c"], 1.0, alpha=0, stagger=0.25, ease="none")
    assert isinstance(tween, razzle.Stagger)
    assert tween.offsets.tolist() == [0.0, 0.25, 0.5]
    frame = tween(0.4)
    assert frame["a", "alpha"] == pytest.approx(0.6)
    assert frame["b", "alpha"] == pytest.approx(0.85)
    assert frame["c", "alpha"] is None  # not started: the target's own value
    grid = razzle.to(["a", "b", "c", "d"], 1.0, x=1, stagger={"each": 0.1, "from": "end"})
    assert grid.offsets.tolist() == pytest.approx([0.3, 0.2, 0.1, 0.0])


def test_timeline_to_starts_where_the_timeline_is() -> None:
    tl = razzle.Timeline()
    tl.to("box", 1.0, x=100, ease="none").to("box", 1.0, x=0, ease="none", at="+=0.5")
    assert [start for _, start in tl.children] == [0.0, 1.5]
    assert tl(1.2)["box", "offsetX"] == 100
    assert tl(2.0)["box", "offsetX"] == pytest.approx(50)  # from 100, not from the resting 0
    tl.from_to("box", 1.0, {"alpha": 0}, alpha=1, at="<")
    assert tl.children[-1][1] == 1.5


def test_to_without_a_known_start_says_what_to_do() -> None:
    with pytest.raises(razzle.InvalidValueError, match="from_to"):
        razzle.to("box", 1.0, textColor="#fff")
    tl = razzle.Timeline()
    with pytest.raises(razzle.InvalidValueError, match="from_to"):
        tl.to("box", 1.0, textColor="#fff")
    assert len(tl) == 0  # nothing added


def test_tween_property_near_miss_warns_and_to_refuses() -> None:
    with pytest.warns(razzle.PropertyNameWarning, match='did you mean "alpha"'):
        razzle.from_to("box", 1.0, {"alpah": 0}, alpah=1)
    with pytest.raises(razzle.InvalidValueError, match='did you mean "alpha"'), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        razzle.to("box", 1.0, alpah=0)


# -- timelines, nodes, players --------------------------------------------------------


def test_plus_number_position_is_refused_with_a_hint() -> None:
    tl = razzle.Timeline()
    tl.add(razzle.to("a", 1, x=1))
    with pytest.raises(razzle.InvalidValueError, match='"\\+=0.2"'):
        tl.add(razzle.to("b", 1, x=1), at="+0.2")
    assert tl.add(razzle.to("b", 1, x=1), at="+=0.2") == pytest.approx(1.2)
    assert tl.add(razzle.to("c", 1, x=1), at=0.2) == 0.2


def test_node_frame_matches_animator_frame() -> None:
    anim = razzle.Animator()
    anim.add_track("a", "alpha")[0] = 0.0
    anim["a", "alpha"][1] = 1.0
    clip = razzle.Clip(anim)
    assert clip(0.5) == anim.animate(0.5)
    assert type(clip(0.5)) is type(anim.animate(0.5))
    assert clip.row_width == anim.layout.columns


def test_player_gsap_aliases() -> None:
    tween = razzle.to("box", 1.0, x=100, ease="none", repeat=2, yoyo=True, delay=0.5)
    player = razzle.Player(tween)
    player.play()
    player.advance(0.75)
    assert player.progress == pytest.approx(0.25)
    assert player.total_duration == 3.0
    player.advance(1.0)  # the second iteration runs backwards
    assert player.progress == pytest.approx(0.75)
    player.progress = 0.25
    assert player.current_time == pytest.approx(2.25)
    assert player.values()["box", "offsetX"] == pytest.approx(25)
    player.time_scale = 2
    assert player.playback_rate == 2
    player.seek(0.5)
    assert player.current_time == 0.5
    tl = razzle.Timeline()
    tl.to("a", 1, x=1)
    tl.add_label("middle", 0.5)
    timeline_player = razzle.Player(tl)
    timeline_player.play()
    timeline_player.seek("middle")
    assert timeline_player.current_time == 0.5


# -- property names -------------------------------------------------------------------


def test_check_finds_near_misses() -> None:
    anim = razzle.Animator()
    anim.add_track("label", "alpah")[0] = 1.0
    anim.add_track("label", "myOwnThing")[0] = 1.0
    anim.add_track("label", "Scale")[0] = 1.0
    with pytest.warns(razzle.PropertyNameWarning):
        messages = razzle.check(anim)
    assert messages == [
        'label.alpah: "alpah" is not a known property (did you mean "alpha"?)',
        'label.Scale: "Scale" is not a known property (did you mean "scale"?)',
    ]
    assert razzle.check(razzle.Scene([anim]), warn=False) == messages


def test_stage_property_problems() -> None:
    stage = razzle.Stage(size=(10, 10), targets=(razzle.Target("label", "rect", (0, 0, 1, 1)),))
    assert stage.property_problems([("label", "alpah"), ("label", "alpha"), ("other", "alpah"), ("label", "custom")]) == [
        'label.alpah is not a property the renderer draws (did you mean "alpha"?)'
    ]


# -- missing files -----------------------------------------------------------------------


def test_load_missing_file_is_file_not_found(tmp_path: pathlib.Path) -> None:
    with pytest.raises(FileNotFoundError, match="No such file"):
        razzle.load(tmp_path / "nope.json")
    with pytest.raises(razzle.NotFoundError):  # still a razzle error, for older handlers
        razzle.load(str(tmp_path / "nope.json"))


def test_load_json_text_says_it_looks_like_json() -> None:
    text = '\ufeff{"format": "razzle-scene/1"}'
    with pytest.raises(FileNotFoundError, match="looks like JSON text.*byte order mark.*razzle.loads"):
        razzle.load(text)
    with pytest.raises(FileNotFoundError, match="looks like JSON text"):
        razzle.load('{"format": "razzle-scene/1"}')
