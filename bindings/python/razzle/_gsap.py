"""GSAP's ease names as razzle easing text: what `razzle.gsap_ease("power2.out")`
and the `ease=` of the tween functions (`razzle.to`, `from_`, `from_to`)
read, and what `razzle.easing`'s errors hint at for a GSAP name.

Why this table lives here and not in the core: razzle's easing grammar (its
names, parsing, validation and did-you-mean) is the Swift core's, once
(Sources/Razzle/Easing). GSAP's vocabulary is not part of that grammar: it
is the compatibility layer of the tween API, a translation from GSAP's
spelling to razzle specification text that the core then parses and
validates like any other. Nothing here evaluates a curve, so a GSAP name
eases exactly as the razzle easing it is translated to, and `Easing.spec`
shows which that is. A C caller writes the razzle names directly.

The translation, checked against GSAP 3's formulas (gsap-core.js; re-typed
independently in Tests/python/test_tween.py):

- `none`, `linear`, `power0`: linear.
- `power1`..`power4` are razzle's Quad, Cubic, Quart, Quint (GSAP's p^n
  with n = 2..5); `quad`, `cubic`, `quart`, `quint`, `strong` (= quint),
  `sine`, `expo`, `circ`, `bounce` as named. A bare name is GSAP's `.out`.
  GSAP's out and in-out curves are the reflections of its in curve, as
  Penner's (and razzle's) are.
- `back.in(s)`, `back.out(s)`: Penner's back with overshoot s (default
  1.70158). GSAP's `back.inOut(s)` uses s itself on both halves, where
  Penner scales it by 1.525: it is razzle's `easeInOutBack(s / 1.525)`.
- `elastic.out(a, p)`: Penner's elastic, `easeOutElastic(a, p)` (defaults
  1 and 0.3; 0.45 in-out). GSAP raises an amplitude below 1 to 1 and
  divides the period by it: `elastic.out(0.5, 0.3)` is
  `easeOutElastic(1, 0.6)`. GSAP's in and in-out curves are reflections of
  its out curve, which equal Penner's while the amplitude is at most 1; with
  an amplitude above 1 they are not any razzle easing (Penner's ease-in
  shifts the phase the other way), so `elastic.in(a)` and `elastic.inOut(a)`
  with a > 1 raise EasingError saying so.
- `steps(n)`: GSAP's n + 1 levels 0, 1/n, ..., 1 over n + 1 equal intervals,
  CSS `steps(n + 1, jump-none)` (razzle's own `steps(n)` is CSS's
  `jump-end`, another curve).

Legacy capitalized names (`Power2.easeOut`, `Linear.easeNone`) are read as
GSAP 3 reads them. An unknown name gets the closest GSAP name.

The module works on text only (it imports no razzle module that evaluates
an easing), so it sits below `_easing`, which imports it for
`gsap_ease` and for its hint; the tween's `ease=` is read in `_tween`."""

from __future__ import annotations

import difflib
import math
import re
from typing import Dict, List, Optional, Tuple

from ._errors import EasingError, InvalidTypeError
from ._inputs import describe

__all__ = ["translate", "is_gsap_name", "looks_like_gsap", "GSAP_FAMILIES", "GSAP_NAMES"]

#: GSAP's family names (lowercase, as GSAP 3 writes them) → the razzle
#: Penner family suffix, or "" for linear.
GSAP_FAMILIES: Dict[str, str] = {
    "none": "",
    "linear": "",
    "power0": "",
    "power1": "Quad",
    "quad": "Quad",
    "power2": "Cubic",
    "cubic": "Cubic",
    "power3": "Quart",
    "quart": "Quart",
    "power4": "Quint",
    "quint": "Quint",
    "strong": "Quint",
    "sine": "Sine",
    "expo": "Expo",
    "circ": "Circ",
    "back": "Back",
    "elastic": "Elastic",
    "bounce": "Bounce",
}

#: GSAP's mode suffixes → razzle's Penner prefixes.
_MODES: Dict[str, str] = {"in": "easeIn", "out": "easeOut", "inOut": "easeInOut"}
#: GSAP 2's capitalized mode names (still read by GSAP 3).
_LEGACY_MODES: Dict[str, str] = {"easeIn": "in", "easeOut": "out", "easeInOut": "inOut"}
#: GSAP 2's capitalized family names.
_LEGACY_FAMILIES: Dict[str, str] = {
    "Linear": "linear",
    "Power0": "power0",
    "Power1": "power1",
    "Power2": "power2",
    "Power3": "power3",
    "Power4": "power4",
    "Quad": "quad",
    "Cubic": "cubic",
    "Quart": "quart",
    "Quint": "quint",
    "Strong": "strong",
    "Sine": "sine",
    "Expo": "expo",
    "Circ": "circ",
    "Back": "back",
    "Elastic": "elastic",
    "Bounce": "bounce",
}


def _all_names() -> List[str]:
    names: List[str] = []
    for family in GSAP_FAMILIES:
        names.append(family)
        if family != "none":
            names.extend(f"{family}.{mode}" for mode in _MODES)
    names.append("steps")
    return names


#: Every GSAP 3 ease name this table reads (without arguments), in table
#: order: the candidates of a did-you-mean.
GSAP_NAMES: Tuple[str, ...] = tuple(_all_names())

_CALL = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_.\-]*)\s*(?:\((.*)\))?\s*$", re.DOTALL)

#: Penner's in-out back overshoot factor (razzle's easeInOutBack and
#: Penner's easeInOutBack multiply the overshoot by it; GSAP does not).
_PENNER_IN_OUT_BACK = 1.525


def _number(value: float) -> str:
    """A number as razzle's grammar reads it back exactly (shortest repr;
    whole numbers without a fraction)."""
    if value.is_integer() and abs(value) < 1e15:
        return repr(int(value))
    return repr(value)


def _arguments(name: str, text: Optional[str]) -> List[float]:
    """The numbers of `name(...)`; EasingError for anything else."""
    if text is None or not text.strip():
        return []
    numbers = []
    for part in text.split(","):
        try:
            value = float(part.strip())
        except ValueError:
            raise EasingError(f"invalid GSAP ease {name}({text}): {part.strip()!r} is not a number") from None
        if not math.isfinite(value):
            raise EasingError(f"invalid GSAP ease {name}({text}): {part.strip()!r} is not a finite number")
        numbers.append(value)
    return numbers


def _suggestion(name: str) -> str:
    """` (did you mean "power2.out"?)` for the closest GSAP name, or ""."""
    lowered = {candidate.lower(): candidate for candidate in GSAP_NAMES}
    if name.lower() in lowered:
        return f' (did you mean "{lowered[name.lower()]}"?)'
    family, _, mode = name.partition(".")
    legacy = _LEGACY_FAMILIES.get(family)
    if legacy is not None and mode in _LEGACY_MODES:
        return f' (did you mean "{legacy}.{_LEGACY_MODES[mode]}"?)'
    close = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    return f' (did you mean "{lowered[close[0]]}"?)' if close else ""


def _split(name: str) -> Optional[Tuple[str, str]]:
    """(family, mode) of a GSAP name without arguments, or None."""
    if name in GSAP_FAMILIES:
        return name, "out"
    family, dot, mode = name.partition(".")
    if dot and family in GSAP_FAMILIES and family != "none" and mode in _MODES:
        return family, mode
    if dot and family in _LEGACY_FAMILIES and mode in _LEGACY_MODES:
        return _LEGACY_FAMILIES[family], _LEGACY_MODES[mode]
    if name == "Linear.easeNone":
        return "linear", "out"
    return None


def is_gsap_name(spec: str) -> bool:
    """Whether `spec` names a GSAP ease (arguments aside): what the tween
    functions translate rather than hand to razzle's parser. `linear(...)`
    with stops is razzle's (CSS's) `linear()`."""
    match = _CALL.match(spec)
    if match is None:
        return False
    name, arguments = match.group(1), match.group(2)
    if name == "linear" and arguments is not None:
        return False
    return name == "steps" or _split(name) is not None


def looks_like_gsap(spec: str) -> bool:
    """Whether an unknown `spec` is more likely a misspelled GSAP name than a
    razzle one: it has GSAP's `family.mode` dot, or its family is GSAP's."""
    match = _CALL.match(spec)
    if match is None:
        return False
    name = match.group(1)
    family = name.partition(".")[0].lower()
    return "." in name or family.startswith("power") or family in GSAP_FAMILIES


def _back_in_out(overshoot: float) -> float:
    """The overshoot razzle's easeInOutBack needs so that its 1.525 times it
    is exactly `overshoot` (GSAP's in-out overshoot), when such a double
    exists next to overshoot / 1.525; else the nearest."""
    guess = overshoot / _PENNER_IN_OUT_BACK
    candidates = [guess]
    up = down = guess
    for _ in range(4):
        up, down = math.nextafter(up, math.inf), math.nextafter(down, -math.inf)
        candidates += [up, down]
    for candidate in candidates:
        if candidate * _PENNER_IN_OUT_BACK == overshoot:
            return candidate
    return guess


def translate(spec: str) -> str:
    """The razzle specification text of the GSAP ease `spec` ("power2.out"
    → "easeOutCubic"). EasingError for an unknown name (with the closest
    GSAP name), wrong arguments, or a GSAP curve razzle has no exact form of
    (elastic in/in-out with an amplitude above 1)."""
    if not isinstance(spec, str):
        raise InvalidTypeError(f"a GSAP ease is a str, not {describe(spec)}")
    match = _CALL.match(spec)
    if match is None:
        raise EasingError(f"invalid GSAP ease {spec!r}: a name such as power2.out, optionally with (numbers)")
    name, text = match.group(1), match.group(2)
    numbers = _arguments(name, text)
    if name == "steps":
        if len(numbers) != 1 or not numbers[0].is_integer() or numbers[0] < 1:
            raise EasingError(f"invalid GSAP ease {spec!r}: steps(n) takes one whole number n >= 1")
        count = int(numbers[0])
        if count >= 10**6:
            raise EasingError(f"invalid GSAP ease {spec!r}: razzle's steps count stops below 1000000")
        return f"steps({count + 1}, jump-none)"
    parts = _split(name)
    if parts is None:
        raise EasingError(f'unknown GSAP ease "{name}"{_suggestion(name)}')
    family, mode = parts
    suffix = GSAP_FAMILIES[family]
    prefix = _MODES[mode]
    if suffix == "Back":
        if len(numbers) > 1:
            raise EasingError(f"invalid GSAP ease {spec!r}: back takes one number, the overshoot")
        overshoot = numbers[0] if numbers else 1.70158
        if mode == "inOut":
            overshoot = _back_in_out(overshoot)
        return f"{prefix}Back({_number(overshoot)})"
    if suffix == "Elastic":
        if len(numbers) > 2:
            raise EasingError(f"invalid GSAP ease {spec!r}: elastic takes two numbers, the amplitude and the period")
        amplitude = numbers[0] if numbers else 1.0
        period = numbers[1] if len(numbers) > 1 and numbers[1] != 0 else (0.45 if mode == "inOut" else 0.3)
        if amplitude <= 0:
            raise EasingError(f"invalid GSAP ease {spec!r}: the amplitude must be above 0")
        if period < 0:
            raise EasingError(f"invalid GSAP ease {spec!r}: the period must be above 0")
        if amplitude < 1:
            # GSAP: "if amplitude is < 1, we simply adjust the period".
            amplitude, period = 1.0, period / amplitude
        if amplitude > 1 and mode != "out":
            raise EasingError(
                f"GSAP's {spec} has no exact razzle easing: with an amplitude above 1, GSAP's elastic "
                f"{mode} curve mirrors its out curve, while Penner's (razzle's easeIn/easeInOutElastic) "
                "shifts the phase the other way; use elastic.out, an amplitude of at most 1, or "
                f"Penner's {prefix}Elastic({_number(amplitude)}, {_number(period)})"
            )
        return f"{prefix}Elastic({_number(amplitude)}, {_number(period)})"
    if numbers:
        raise EasingError(f"invalid GSAP ease {spec!r}: {name} takes no arguments")
    if not suffix:
        return "linear"
    return f"{prefix}{suffix}"

