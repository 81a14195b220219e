"""Tweens in the GSAP / Web Animations spirit (Guides/Tweens.md):
`razzle.to`, `razzle.from_`, `razzle.from_to`, and the same as
`Timeline.to`/`from_`/`from_to`, which place the tween and start a `to`
from the value the timeline has there.

A tween is built from the existing objects and nothing else: an `Animator`
with one two-keyframe track per property (keyed at 0 and 1, the ease on the
first keyframe), played by a `Clip` whose timing is the tween's (duration,
delay, repeat, yoyo); several targets make a `Stagger` of that clip. Ease
names are GSAP's (translated by `razzle._gsap`) or razzle's own. The
Timeline methods live in `_choreography`, below this module: they call
`place`, which this module installs there when it is imported.

GSAP's vocabulary, where razzle's differs: `x` and `y` are the offsets the
renderer draws (`offsetX`, `offsetY`); `repeat=n` is n + 1 iterations
(-1: forever); `yoyo=True` alternates; a `to` tween holds its end values
after it ends (fill "forwards"), a `from_` or `from_to` tween shows its
start values during its delay too (GSAP's immediateRender: fill "both")."""

from __future__ import annotations

import copy
import math
import os
import sys
import warnings
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from ._animator import Animator
from ._check import PropertyNameWarning, near_miss
from ._choreography import Clip, Node, Placement, Stagger, Timeline, install_tween_placer
from ._easing import Easing, EasingLike, Spring
from ._errors import InvalidTypeError, InvalidValueError
from ._gsap import is_gsap_name, looks_like_gsap, translate
from ._inputs import describe, real
from ._values import KIND_TYPES

__all__ = ["to", "from_", "from_to", "GSAP_PROPERTIES", "RESTING_VALUES"]

Targets = Union[str, Sequence[str]]
StaggerLike = Union[None, float, Mapping[str, Any]]

#: GSAP's property names that have another razzle name: the translation
#: GSAP's transform shorthands get (what the renderer draws).
GSAP_PROPERTIES: Dict[str, str] = {"x": "offsetX", "y": "offsetY"}

#: The value a drawn property has when nothing animates it (a stage
#: target's own value aside): where `to` starts and `from_` ends when
#: nothing else says. Other properties need `from_to` (or a timeline
#: before them that animates them).
RESTING_VALUES: Dict[str, Any] = {
    "alpha": 1.0,
    "opacity": 1.0,
    "offsetX": 0.0,
    "offsetY": 0.0,
    "translation": (0.0, 0.0),
    "scale": 1.0,
    "rotation": 0.0,
    "blur": 0.0,
    "strokeStart": 0.0,
    "strokeEnd": 1.0,
    "pathPosition": 0.0,
}

#: GSAP's stagger keys → razzle.Stagger's keywords.
_STAGGER_KEYS = {"each": "each", "amount": "amount", "from": "from_", "from_": "from_", "grid": "grid", "axis": "axis",
                 "ease": "ease"}

_TYPE_KINDS = {cls: kind for kind, cls in KIND_TYPES.items()}


def _names(targets: Targets) -> List[str]:
    if isinstance(targets, str):
        return [targets]
    if isinstance(targets, (bytes, Mapping)) or not isinstance(targets, Sequence):
        raise InvalidTypeError(f"targets are a target name or a sequence of names, not {describe(targets)}")
    names = list(targets)
    if not names:
        raise InvalidValueError("a tween needs at least one target")
    for name in names:
        if not isinstance(name, str):
            raise InvalidTypeError(f"a target is a name (str), not {describe(name)}")
    return names


def _property(name: str) -> str:
    """A tween keyword as the razzle property it animates, with a
    PropertyNameWarning for a near miss of a known one."""
    prop = GSAP_PROPERTIES.get(name, name)
    suggestion = near_miss(prop)
    if suggestion:
        warnings.warn(
            f'tween property "{name}" is not a known property (did you mean "{suggestion}"?)',
            PropertyNameWarning,
            stacklevel=_caller_level(),
        )
    return prop


def _caller_level() -> int:
    """The `stacklevel` of the first frame outside this package (the
    caller's line, for a warning)."""
    package = os.path.dirname(os.path.abspath(__file__))
    frame = sys._getframe(1)
    level = 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package + os.sep):
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    return level


def _kind(value: object) -> Optional[str]:
    """The kind a value's Python type names (a color string, a
    razzle.Point), or None for the property's own."""
    if isinstance(value, str):
        return "color"
    return _TYPE_KINDS.get(type(value))


def resolve(ease: EasingLike) -> EasingLike:
    """A tween's `ease=`: a GSAP name translated, any other string handed to
    razzle's parser (its errors, with the closest GSAP name when the text
    looks like one), an Easing or a Spring as it is."""
    if ease is None or isinstance(ease, (Easing, Spring)):
        return ease
    if not isinstance(ease, str):
        raise InvalidTypeError(f"an ease is a GSAP name, a razzle easing or None, not {describe(ease)}")
    if is_gsap_name(ease) or looks_like_gsap(ease):
        return Easing(translate(ease))  # a misspelled one raises with the closest GSAP name
    return Easing(ease)


def _stagger(stagger: StaggerLike) -> Dict[str, Any]:
    """razzle.Stagger's keywords for GSAP's `stagger` (a number: each; a
    mapping of each, amount, from, grid, axis, ease)."""
    if stagger is None:
        return {"each": 0.0}
    if isinstance(stagger, Mapping):
        out: Dict[str, Any] = {}
        for key, value in stagger.items():
            if key not in _STAGGER_KEYS:
                raise InvalidValueError(f"unknown stagger key {key!r} (known: each, amount, from, grid, axis, ease)")
            if key == "grid" and value == "auto":
                raise InvalidValueError('stagger grid "auto" needs the targets\' layout: give grid=(rows, cols)')
            out[_STAGGER_KEYS[key]] = resolve(value) if key == "ease" else value
        return out
    return {"each": real(stagger, "stagger")}


class _Built:
    """A tween made: its node, its animator, the track target ("" in a
    stagger's template) and its ease."""

    def __init__(self, node: Node, animator: Animator, target: str, ease: EasingLike) -> None:
        self.node = node
        self.animator = animator
        self.target = target
        self.ease = ease


def _build(
    targets: Targets,
    duration: float,
    starts: Mapping[str, Any],
    ends: Mapping[str, Any],
    *,
    ease: EasingLike,
    delay: float,
    stagger: StaggerLike,
    repeat: float,
    yoyo: bool,
    fill: str,
) -> _Built:
    """The tween's objects: starts and ends by razzle property name (a start
    None: the end value, until `place` sets it)."""
    names = _names(targets)
    duration = real(duration, "duration")
    if not (math.isfinite(duration) and duration >= 0):
        raise InvalidValueError(f"a tween's duration must be a finite number >= 0, not {duration!r}")
    if isinstance(repeat, bool) or not isinstance(repeat, (int, float)):
        raise InvalidTypeError(f"repeat must be a whole number (-1: forever), not {describe(repeat)}")
    if repeat != -1 and (repeat < 0 or not float(repeat).is_integer()):
        raise InvalidValueError(f"repeat must be a whole number >= 0, or -1 for forever, not {repeat!r}")
    if not isinstance(yoyo, bool):
        raise InvalidTypeError(f"yoyo must be a bool, not {describe(yoyo)}")
    easing = resolve(ease)
    single = len(names) == 1 and stagger is None
    track_target = names[0] if single else ""
    animator = Animator()
    for prop, end in ends.items():
        start = starts[prop]
        kind = _kind(end if start is None else start)
        track = animator.add_track(track_target, prop, kind) if kind else animator.add_track(track_target, prop)
        track.set(0.0, end if start is None else start, easing=easing)
        track.set(1.0, end)
    timing: Dict[str, Any] = {
        "duration": duration,
        "fill": fill,
        "iterations": math.inf if repeat == -1 else float(repeat) + 1,
        "direction": "alternate" if yoyo else "normal",
    }
    if single:
        node: Node = Clip(animator, (0.0, 1.0), delay=real(delay, "delay"), **timing)
    else:
        template = Clip(animator, (0.0, 1.0), **timing)
        node = Stagger(template, names, delay=real(delay, "delay"), **_stagger(stagger))
    return _Built(node, animator, track_target, easing)


def _keywords(properties: Mapping[str, Any]) -> Dict[str, Any]:
    if not properties:
        raise InvalidValueError("a tween needs at least one property (x=100, alpha=0, ...)")
    return {_property(name): value for name, value in properties.items()}


def _resting(prop: str, function: str) -> Any:
    try:
        return RESTING_VALUES[prop]
    except KeyError:
        suggestion = near_miss(prop)
        if suggestion:
            raise InvalidValueError(f'razzle.{function}: "{prop}" is not a known property (did you mean "{suggestion}"?)') from None
        raise InvalidValueError(
            f"razzle.{function} cannot know {prop}'s value outside the tween (razzle reads no current values): "
            f"give both ends with razzle.from_to(targets, duration, {{{prop!r}: start}}, {prop}=end), or put the "
            "tween on a Timeline after one that animates it"
        ) from None


def to(
    targets: Targets,
    duration: float = 0.5,
    *,
    ease: EasingLike = "power1.out",
    delay: float = 0.0,
    stagger: StaggerLike = None,
    repeat: float = 0,
    yoyo: bool = False,
    **properties: Any,
) -> Node:
    """GSAP's `gsap.to(targets, {duration, ..., ease, delay, stagger})`:
    each property from its resting value (`RESTING_VALUES`: alpha 1,
    offsets 0, scale 1, ...) to the value given, holding it after the end.
    `targets`: a target name, or several (a `Stagger`: `stagger` is GSAP's,
    each seconds or a mapping of each, amount, from, grid, axis, ease).
    `ease`: a GSAP name ("power2.out", "back.out(1.7)", "steps(5)") or a
    razzle easing; GSAP's default "power1.out". Returns a `Clip` (one target)
    or a `Stagger`, ready for `Timeline.add`; `Timeline.to` starts from the
    timeline's value instead.

    >>> tween = razzle.to("box", 1.0, x=100, alpha=0.5, ease="power2.out")
    >>> tween(1.0)["box", "offsetX"]
    100.0"""
    ends = _keywords(properties)
    starts = {prop: _resting(prop, "to") for prop in ends}
    return _build(targets, duration, starts, ends, ease=ease, delay=delay, stagger=stagger, repeat=repeat, yoyo=yoyo,
                  fill="forwards").node


def from_(
    targets: Targets,
    duration: float = 0.5,
    *,
    ease: EasingLike = "power1.out",
    delay: float = 0.0,
    stagger: StaggerLike = None,
    repeat: float = 0,
    yoyo: bool = False,
    **properties: Any,
) -> Node:
    """GSAP's `gsap.from`: each property from the value given to its resting
    value (`RESTING_VALUES`), showing the start during the delay. See `to`."""
    starts = _keywords(properties)
    ends = {prop: _resting(prop, "from_") for prop in starts}
    return _build(targets, duration, starts, ends, ease=ease, delay=delay, stagger=stagger, repeat=repeat, yoyo=yoyo,
                  fill="both").node


def from_to(
    targets: Targets,
    duration: float,
    from_vars: Mapping[str, Any],
    *,
    ease: EasingLike = "power1.out",
    delay: float = 0.0,
    stagger: StaggerLike = None,
    repeat: float = 0,
    yoyo: bool = False,
    **properties: Any,
) -> Node:
    """GSAP's `gsap.fromTo`: each property from its value in `from_vars` to
    the keyword's value, showing the start during the delay.

    >>> razzle.from_to("dot", 0.4, {"fillColor": "#ff0000"}, fillColor="#0000ff")"""
    if not isinstance(from_vars, Mapping):
        raise InvalidTypeError(f"from_vars must be a mapping of property: value, not {describe(from_vars)}")
    ends = _keywords(properties)
    starts = {GSAP_PROPERTIES.get(name, name): value for name, value in from_vars.items()}  # warned for once, as ends
    missing = sorted(set(ends) - set(starts))
    extra = sorted(set(starts) - set(ends))
    if missing or extra:
        raise InvalidValueError(
            "from_to needs the same properties at both ends: "
            + "; ".join(
                part
                for part in (
                    f"no start for {', '.join(missing)}" if missing else "",
                    f"no end for {', '.join(extra)}" if extra else "",
                )
                if part
            )
        )
    return _build(targets, duration, starts, ends, ease=ease, delay=delay, stagger=stagger, repeat=repeat, yoyo=yoyo,
                  fill="both").node


# -- on a timeline ----------------------------------------------------------------


def _value_before(children: List[Tuple[Node, float]], key: Tuple[str, str], time: float) -> Any:
    """What the children (in tree order) give `key` at the timeline's inner
    `time`: the last one with an effect, or None."""
    for node, start in reversed(children):
        value = node(time - start).get(key)
        if value is not None:
            return value
    return None


def place(
    timeline: Timeline,
    kind: str,
    targets: Targets,
    duration: float,
    at: Placement,
    from_vars: Optional[Mapping[str, Any]],
    options: Dict[str, Any],
    properties: Mapping[str, Any],
) -> Timeline:
    """`Timeline.to`/`from_`/`from_to`: the tween added at `at`; a `to`
    tween starts each property from what the timeline gives it where the
    tween starts (each target where its item starts), else its resting
    value."""
    options = {"ease": "power1.out", "delay": 0.0, "stagger": None, "repeat": 0, "yoyo": False, **options}
    if kind != "to":
        node = from_(targets, duration, **options, **properties) if kind == "from_" else from_to(
            targets, duration, from_vars or {}, **options, **properties
        )
        timeline.add(node, at)
        return timeline
    ends = _keywords(properties)
    starts: Dict[str, Any] = {prop: None for prop in ends}
    built = _build(targets, duration, starts, ends, fill="forwards", **options)
    # Where the tween will start, found on a copy (nothing removes a child):
    # a failure below leaves the timeline as it was.
    scratch = copy.copy(timeline)
    try:
        start = scratch.add(copy.copy(built.node), at)
    finally:
        scratch.close()
    children = timeline.children
    names = _names(targets)
    delay = real(options.get("delay", 0.0), "delay")
    offsets = built.node.offsets.tolist() if isinstance(built.node, Stagger) else [0.0] * len(names)
    for prop in ends:
        found = [_value_before(children, (name, prop), start + delay + offset) for name, offset in zip(names, offsets)]
        values = [value for value in found if value is not None]
        if not values:
            value = _resting(prop, "Timeline.to")
        elif len(values) != len(found) or any(v != values[0] for v in values):
            raise InvalidValueError(
                f"Timeline.to: the targets have different values of {prop} where their tweens start "
                f"({', '.join(f'{n}: {v!r}' for n, v in zip(names, found))}); a staggered tween has one "
                "start value: use from_to"
            )
        else:
            value = values[0]
        built.animator[built.target, prop].set(0.0, value, easing=built.ease)
    timeline.add(built.node, at)
    return timeline


install_tween_placer(place)
