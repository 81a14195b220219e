"""`razzle.check(obj)`: near misses of known property names.

Property names are free by design (any name is a scalar track), so a
misspelled "alpah" is a valid scalar of its own. `check` lists each
animated name that is not one the library gives a kind to (its property
rules) or a renderer draws, but is close to one of those: a likely typo.
It warns (`PropertyNameWarning`) and returns the messages."""

from __future__ import annotations

import warnings
from ctypes import byref, c_char_p, c_double
from typing import Any, Iterable, List, Set, Tuple

from . import _ffi
from ._errors import InvalidTypeError, RazzleError
from ._inputs import describe
from ._stage import PROPERTY_CHANNELS, property_suggestion

__all__ = ["check", "PropertyNameWarning"]


class PropertyNameWarning(UserWarning):
    """An animated property name that is probably a typo of a known one."""


def _library_knows(name: str) -> bool:
    """Whether the library gives `name` a kind (a property rule)."""
    kind = c_char_p()
    lo, hi = c_double(), c_double()
    try:
        _ffi.lib.kf_property_info(name.encode("utf-8", "surrogatepass"), byref(kind), byref(lo), byref(hi))
    except RazzleError:
        return False  # not UTF-8: not a name the library knows
    return kind.value is not None


def _pairs(obj: Any) -> Iterable[Tuple[str, str]]:
    from ._animator import Animator
    from ._choreography import Node
    from ._paging import Paging
    from ._scene import Scene

    if isinstance(obj, Scene):
        for animator in obj.animators:
            yield from _pairs(animator)
        for node in obj.nodes:
            yield from _pairs(node)
    elif isinstance(obj, (Animator, Node)):
        for column in obj.layout:
            yield column.target, column.property
    elif isinstance(obj, Paging):
        yield from _pairs(obj.animator)
    elif isinstance(obj, (list, tuple)):
        for item in obj:
            yield from _pairs(item)
    else:
        raise InvalidTypeError(f"check takes a Scene, an Animator, a node or a Paging, not {describe(obj)}")


def near_miss(prop: str) -> str:
    """The known property `prop` is a near miss of, or "" (known, or not
    close to any)."""
    if prop in PROPERTY_CHANNELS or _library_knows(prop):
        return ""
    return property_suggestion(prop) or ""


def check(obj: Any, *, warn: bool = True) -> List[str]:
    """Near misses of known property names among what `obj` animates (a
    Scene, an Animator, a node, a Paging, or a list of them): one message
    per (target, property), `label.alpah: "alpah" is not a known property
    (did you mean "alpha"?)`, each also issued as a `PropertyNameWarning`
    unless `warn` is False. Known names are those the library gives a kind
    and those a renderer draws (Guides/Rendering.md)."""
    messages: List[str] = []
    seen: Set[Tuple[str, str]] = set()
    for target, prop in _pairs(obj):
        if (target, prop) in seen:
            continue
        seen.add((target, prop))
        suggestion = near_miss(prop)
        if suggestion:
            where = f"{target}.{prop}" if target else prop
            messages.append(f'{where}: "{prop}" is not a known property (did you mean "{suggestion}"?)')
    if warn:
        for message in messages:
            warnings.warn(message, PropertyNameWarning, stacklevel=2)
    return messages
