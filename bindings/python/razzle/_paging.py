"""`Paging` and `PageTracker`: RazzleDazzle's and JazzHands' paging scroll
view layouts, headless (Guides/Layout.md)."""

from __future__ import annotations

import ctypes
from ctypes import byref, c_double, c_size_t
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple, Union, overload

import numpy as np

from . import _ffi
from ._animator import Animator
from ._errors import BufferTooSmallError, InvalidNameError, InvalidTypeError, WrongSizeError
from ._handle import HandleOwner, SceneFile
from ._inputs import count, describe, is_batch, real, text, times as _times
from ._track import Track, _address, _names
from ._types import FloatArray, Times

lib = _ffi.lib
_positions_unchecked = _ffi.unchecked("kf_paging_positions")
_error = _ffi.error

#: Attribute names by their C codes (kf_page_attribute_name).
ATTRIBUTES: Tuple[str, ...] = _names(lib.kf_page_attribute_name)


def _attribute(value: object) -> int:
    if isinstance(value, str) and value in ATTRIBUTES:
        return ATTRIBUTES.index(value)
    code = ctypes.c_int32()
    lib.kf_page_attribute_from_name(text(value, "attribute", InvalidNameError), byref(code))
    return code.value  # pragma: no cover - the library raised for anything unknown


def _doubles(values: Sequence[float], what: str) -> "ctypes.Array[c_double]":
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise InvalidTypeError(f"{what} must be a sequence of numbers, not {describe(values)}")
    return (c_double * max(len(values), 1))(*[real(v, what) for v in values])


class PageChange(NamedTuple):
    """One change of the current page: the position `offset_index` of the
    offset that made it among those fed, and the pages `from_page` and
    `to_page`."""

    offset_index: int
    from_page: int
    to_page: int


class Paging(SceneFile, HandleOwner):
    """A paging scroll view's layout: `pages` pages of width `page_width` on
    an animator (a new `razzle.Animator` unless one is given), which holds
    the width as the variable `variable` ("pageWidth").

        paging = Paging(pages=4, page_width=375)
        paging.keep("label", on_page=1)          # centerX on page 1
        paging.positions(0.0)                    # array([562.5])
        paging.page_width = 667                  # rotation: no keyframe edited
        paging.positions(0.0)                    # array([1000.5])

    The layout's time is the page offset (content offset / page width), as
    RazzleDazzle's controller drives `animator.animate(pageOffset)`:
    `paging.page_offset(scroll_view_x)` converts, and `paging.animate(...)`
    and `positions(...)` take either (`content_offset=`).
    """

    __slots__ = ("animator", "_targets")
    _kind = "paging layout"
    _pickle_message = "cannot pickle a razzle.Paging: it owns a library handle"

    def __init__(
        self,
        pages: int,
        page_width: float,
        *,
        animator: Optional[Animator] = None,
        variable: str = "pageWidth",
    ) -> None:
        self.animator: Animator = Animator() if animator is None else animator
        handle = _ffi.PagingHandle()
        lib.kf_paging_create(
            self.animator._h,
            count(pages, "pages"),
            real(page_width, "page width"),
            text(variable, "variable name", InvalidNameError),
            byref(handle),
        )
        super().__init__(handle, lib.kf_paging_release)
        self._targets: List[str] = []

    def __repr__(self) -> str:
        if self.closed:
            return "<razzle.Paging (closed)>"
        return f"<razzle.Paging ({self.pages} pages of {self.page_width:g}, {len(self._targets)} kept views)>"

    @property
    def pages(self) -> int:
        """The page count."""
        out = c_size_t()
        lib.kf_paging_page_count(self._h, byref(out))
        return out.value

    @property
    def page_width(self) -> float:
        """The page width W (the animator variable); setting it moves every
        kept view at the next sample."""
        out = c_double()
        lib.kf_paging_page_width(self._h, byref(out))
        return out.value

    @page_width.setter
    def page_width(self, width: float) -> None:
        lib.kf_paging_set_page_width(self._h, real(width, "page width"))

    @property
    def content_width(self) -> float:
        """pages x page width."""
        out = c_double()
        lib.kf_paging_content_width(self._h, byref(out))
        return out.value

    def page_offset(self, content_offset: float) -> float:
        """content_offset / page width: the layout's time."""
        out = c_double()
        lib.kf_paging_page_offset(self._h, real(content_offset, "content offset"), byref(out))
        return out.value

    def current_page(self, content_offset: float) -> int:
        """The page a scroll position shows most of: floor(offset / W + 0.5)
        clamped to 0 ... pages - 1."""
        out = c_size_t()
        lib.kf_paging_current_page(self._h, real(content_offset, "content offset"), byref(out))
        return out.value

    def keep(
        self,
        target: str,
        *,
        on_page: Optional[float] = None,
        on_pages: Optional[Sequence[float]] = None,
        at_times: Optional[Sequence[float]] = None,
        attribute: str = "centerX",
        constant: float = 0.0,
        offsets: Optional[Sequence[float]] = None,
    ) -> Track[float]:
        """Keeps `target`'s `attribute` ("left", "centerX", "right": offset
        0, 0.5, 1) on one page (`on_page=p`: x = (p + offset) * W) or still
        on the screen across `on_pages` at `at_times` (page offsets; default
        the pages): x(t) = (offset + page(t)) * W + constant + offsets(t),
        page(t) linear between the listed pages. `constant` and `offsets`
        (one per page, in points) are JazzHands' initial constraint
        constant and offsets filmstrip. Pages may be fractional, negative or
        past the last page.

        Returns the x track, `animator[target, attribute]` (relative to the
        width); offsets go to a second track `(target, attribute + "Offset")`.
        `positions` sums the two. DuplicateTrackError if the target is kept
        already; nothing is added on any error.
        """
        if (on_page is None) == (on_pages is None):
            raise InvalidTypeError("give exactly one of on_page= and on_pages=")
        listed: Sequence[float] = [on_page] if on_page is not None else (on_pages or [])
        pages = _doubles(listed, "pages")
        n = len(listed)
        times = None if at_times is None else _doubles(at_times, "times")
        shifts = None if offsets is None else _doubles(offsets, "offsets")
        for what, given in (("times", at_times), ("offsets", offsets)):
            if given is not None and len(given) != n:
                raise WrongSizeError(f"{n} pages need {n} {what}, got {len(given)}")
        track = _ffi.TrackHandle()
        lib.kf_paging_keep(
            self._h,
            text(target, "target", InvalidNameError),
            _attribute(attribute),
            ctypes.addressof(pages),
            None if times is None else ctypes.addressof(times),
            n,
            real(constant, "constant"),
            None if shifts is None else ctypes.addressof(shifts),
            byref(track),
        )
        self._targets.append(target)
        return Track(track)

    def unkeep(self, target: str) -> None:
        """Stops keeping `target` and removes its tracks from the animator;
        NotFoundError if it is not kept."""
        lib.kf_paging_unkeep(self._h, text(target, "target", InvalidNameError))
        self._targets.remove(target)

    @property
    def targets(self) -> List[str]:
        """The kept targets, in the order they were kept: the columns of
        `positions`."""
        return list(self._targets)

    @overload
    def positions(self, t: float, *, content_offset: bool = False) -> FloatArray: ...
    @overload
    def positions(self, t: Times, *, content_offset: bool = False) -> FloatArray: ...

    def positions(self, t: Union[float, Times], *, content_offset: bool = False) -> FloatArray:
        """Every kept view's x (offsets included) at page offset `t` (a
        scroll position with `content_offset=True`): a float64 array of
        shape `(views,)` for a number, `t.shape + (views,)` for an array,
        in `targets` order. One library call, one consistent frame."""
        handle = self._h
        views = len(self._targets)
        if not is_batch(t):
            time = real(t, "time")
            if content_offset:
                time = self.page_offset(time)
            single = c_double(time)
            out = np.empty(views, dtype=np.float64)
            status = _positions_unchecked(handle, ctypes.addressof(single), 1, _address(out), views)
            if status < 0:
                raise _error(status)
            return out
        array = _times(t)
        if content_offset:
            array = array / self.page_width
        matrix = np.empty(array.shape + (views,), dtype=np.float64)
        lib.kf_paging_positions(handle, _address(array), array.size, _address(matrix), matrix.size)
        return matrix

    def animate(self, t: float, *, content_offset: bool = False) -> Dict[str, float]:
        """{target: x} of every kept view at page offset `t` (a scroll
        position with `content_offset=True`)."""
        return dict(zip(self._targets, self.positions(t, content_offset=content_offset).tolist()))

    def tracker(self, initial_page: int = 0) -> PageTracker:
        """A new `PageTracker` on this layout, starting on `initial_page`."""
        return PageTracker(self, initial_page)


class PageTracker(HandleOwner):
    """Page changes from successive scroll positions: `feed(offsets)` gives
    the `PageChange`s since the last feed, in order (the current page of
    each offset, as `Paging.current_page` computes it at the width when
    fed). `page` is the page after the last offset fed."""

    __slots__ = ("paging",)
    _kind = "page tracker"
    _pickle_message = "cannot pickle a razzle.PageTracker: it owns a library handle"

    def __init__(self, paging: Paging, initial_page: int = 0) -> None:
        self.paging = paging
        handle = _ffi.PageTrackerHandle()
        lib.kf_page_tracker_create(paging._h, count(initial_page, "initial page"), byref(handle))
        super().__init__(handle, lib.kf_page_tracker_release)

    @property
    def page(self) -> int:
        """The current page."""
        out = c_size_t()
        lib.kf_page_tracker_page(self._h, byref(out))
        return out.value

    def feed(self, offsets: Union[float, Times]) -> List[PageChange]:
        """Feeds one content offset or many, in order; returns the page
        changes they make. InvalidValueError for a non-finite offset (the
        tracker is unchanged then)."""
        handle = self._h
        array = _times([real(offsets, "content offset")] if not is_batch(offsets) else offsets, "content offsets")
        capacity = min(array.size, 16)
        found = c_size_t()
        while True:
            changes = (_ffi.PageChangeStruct * max(capacity, 1))()
            try:
                lib.kf_page_tracker_feed(
                    handle, _address(array), array.size, ctypes.addressof(changes), capacity, byref(found)
                )
                break
            except BufferTooSmallError:
                capacity = found.value
        return [PageChange(c.index, c.from_page, c.to_page) for c in changes[: found.value]]

    def __repr__(self) -> str:
        return "<razzle.PageTracker (closed)>" if self.closed else f"<razzle.PageTracker (page {self.page})>"

