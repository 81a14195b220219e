"""`razzle.Player`: a node driven by a clock the caller owns — Web
Animations' Animation with UIViewPropertyAnimator's controls
(Guides/Choreography.md, "The player"). The library keeps the state; this
module only marshals."""

from __future__ import annotations

import math
import threading
from ctypes import byref, c_double, c_int32, c_size_t, c_void_p
from typing import Any, Dict, List, Literal, NamedTuple, Optional, Tuple, Union

import numpy as np

from . import _ffi
from ._choreography import Node, sample_matrix
from ._easing import Easing, EasingLike
from ._errors import InvalidTypeError, InvalidValueError
from ._handle import HandleOwner
from ._inputs import describe, real, times as _times
from ._track import BufferAddresses, _address, _names
from ._types import FloatArray, Times
from ._values import from_channels

lib = _ffi.lib

__all__ = ["Player", "PlayerEvent"]

PLAY_STATES = _names(lib.kf_play_state_name)
EVENT_KINDS = _names(lib.kf_event_kind_name)
STOP_POSITIONS = _names(lib.kf_stop_position_name)

_EVENT_BATCH = 64
_EVENT_BATCH_SIZE = c_size_t(_EVENT_BATCH)
_FLOAT64 = np.dtype(np.float64)
_tick = _ffi.unchecked("kf_player_tick")
_advance = _ffi.unchecked("kf_player_advance")
_advance_frame_raw = _ffi.raw("kf_player_advance_frame")
#: A times array for BufferAddresses when only the output's address is wanted.
_NO_TIMES = np.zeros(1)
_sample = _ffi.unchecked("kf_player_sample_many")
_sample_raw = _ffi.raw("kf_player_sample_many")


class PlayerEvent(NamedTuple):
    """Something that happened: `kind` ("started", "iteration", "paused",
    "reversed", "finished", "cancelled"), the clock time it happened at,
    and for "iteration" the new iteration."""

    kind: str
    clock_time: float
    iteration: Optional[float] = None


class Player(HandleOwner):
    """Drives a node from a clock you own: `tick(now)` sets the clock,
    `advance(dt)` moves it; each returns what happened since the last call
    as a list of `PlayerEvent`s. No threads, no timers.

    >>> player = razzle.Player(timeline)
    >>> player.play()
    >>> player.advance(0.5)
    [PlayerEvent(kind='started', clock_time=0.0, iteration=None)]
    >>> player.values()[("plane", "alpha")]

    Controls as Web Animations and UIKit name them: play, pause, reverse,
    finish, cancel, `current_time` (settable: scrub), `playback_rate`,
    `fraction_complete` (settable), `is_reversed`, `pauses_on_completion`,
    `scrubs_linearly`, `continue_animation(easing=, duration_factor=)`,
    `stop(finish_at="start" | "end" | "current")`. `curve` is
    UIViewPropertyAnimator's timing curve over the fraction complete."""

    __slots__ = (
        "_node",
        "_events",
        "_count",
        "_more",
        "_buffers",
        "_frame_buffers",
        "_events_ref",
        "_count_ref",
        "_more_ref",
        "_frame_kept",
        "_step_kept",
        "_events_lock",
    )
    _kind = "player"
    _pickle_message = "cannot pickle a razzle.Player: it owns a library handle"

    def __init__(
        self, node: Node, curve: EasingLike = None, *, playback_rate: float = 1.0, speed: Optional[float] = None
    ) -> None:
        """`curve`: UIViewPropertyAnimator's timing curve (None: linear);
        `playback_rate` (Core Animation's name, `speed`, is accepted too)."""
        if not isinstance(node, Node):
            raise InvalidTypeError(f"a player drives a razzle node, not {describe(node)}")
        if speed is not None and playback_rate != 1.0:
            raise InvalidTypeError("give playback_rate or speed (its Core Animation name), not both")
        rate = real(speed if speed is not None else playback_rate, "playback_rate")
        easing = None if curve is None else Easing(curve)
        handle = _ffi.PlayerHandle()
        lib.kf_player_new(node._h, None if easing is None else easing._encoded, byref(handle))
        super().__init__(handle, lib.kf_player_release)
        self._node = node
        # Reused by every tick and advance: a frame loop allocates nothing.
        self._events = (_ffi.EventStruct * _EVENT_BATCH)()
        self._count = c_size_t()
        self._more = c_int32()
        self._buffers = BufferAddresses()
        self._frame_buffers = BufferAddresses()
        # The frame step's arguments as ctypes objects (see _ffi.raw): the
        # event buffer and the counters by reference, the last frame array's
        # address and size, and the last step with its c_double (a frame
        # loop's step is usually one float object, 1/60 say). Each is kept
        # as one tuple, replaced whole and never changed, so threads that
        # step one player at once read a consistent pair.
        self._events_ref = byref(self._events)
        self._count_ref = byref(self._count)
        self._more_ref = byref(self._more)
        self._frame_kept: Any = None
        self._step_kept: Any = (None, None)
        # The event buffer and its two counters are shared by every step:
        # a step holds this lock from its call until it has read them, so
        # threads stepping one player at once each get their own events
        # (ctypes releases the GIL during the call).
        self._events_lock = threading.Lock()
        if rate != 1.0:
            lib.kf_player_set_playback_rate(handle, rate)

    @property
    def node(self) -> Node:
        """The node played."""
        return self._node

    # -- the clock --------------------------------------------------------------

    def _report(self, move: Any, value: float) -> List[PlayerEvent]:
        events, count, more = self._events, self._count, self._more
        with self._events_lock:
            status = move(self._h, value, events, _EVENT_BATCH, byref(count), byref(more))
            if status:
                raise _ffi.error(status)
            return self._taken()

    def _taken(self) -> List[PlayerEvent]:
        """The events a step left in the shared buffer, and any still
        queued after them. Call with `_events_lock` held."""
        events, count, more = self._events, self._count, self._more
        if not count.value:
            # No event taken: none was queued, so none is left (*out_more 0).
            return []
        result = [self._event(events[i]) for i in range(count.value)]
        while more.value:
            lib.kf_player_advance(self._h, 0.0, events, _EVENT_BATCH, byref(count), byref(more))
            result += [self._event(events[i]) for i in range(count.value)]
        return result

    @staticmethod
    def _event(e: Any) -> PlayerEvent:
        return PlayerEvent(EVENT_KINDS[e.kind], e.clock_time, None if math.isnan(e.iteration) else e.iteration)

    def tick(self, now: float) -> List[PlayerEvent]:
        """Moves the clock to `now`; returns what happened since the last
        report, in order."""
        return self._report(_tick, real(now, "now"))

    def advance(self, dt: float, *, frame: Optional[FloatArray] = None) -> List[PlayerEvent]:
        """Moves the clock by `dt`; returns what happened since the last
        report, in order. `frame`: a C-contiguous float64 array the node's
        values at the new clock time are written into (one row of
        `sample`), in the same library call — a frame loop's step."""
        if frame is None:
            return self._report(_advance, real(dt, "dt"))
        kept = self._frame_kept
        if kept is None or kept[0] is not frame or frame.dtype is not _FLOAT64 or not frame.flags.writeable:
            _, _, address = self._frame_buffers.addresses(_NO_TIMES, frame)
            kept = self._frame_kept = (frame, c_void_p(address), c_size_t(frame.size))
        step = self._step_kept
        if step[0] is not dt:
            # A float goes as it is (the library refuses NaN and ±inf itself).
            step = (dt, c_double(dt if dt.__class__ is float else real(dt, "dt")))
            if dt.__class__ is float:
                self._step_kept = step
        with self._events_lock:
            status = _advance_frame_raw(
                self._handle, step[1], kept[1], kept[2], None,
                self._events_ref, _EVENT_BATCH_SIZE, self._count_ref, self._more_ref,
            )
            if status:
                self._h  # ClosedError for a closed player
                raise _ffi.error(status)
            if not self._count.value:
                return []
            return self._taken()

    # -- controls ---------------------------------------------------------------

    def play(self) -> None:
        """Plays (rewinding first from idle, finished or out of range)."""
        lib.kf_player_play(self._h)

    def pause(self) -> None:
        """Holds the current time."""
        lib.kf_player_pause(self._h)

    def reverse(self) -> None:
        """Negates the playback rate and plays."""
        lib.kf_player_reverse(self._h)

    def finish(self) -> None:
        """Jumps to the end (0 at a negative rate); InvalidStateError for a
        node that never ends or rate 0."""
        lib.kf_player_finish(self._h)

    def cancel(self) -> None:
        """Idle: no current time, no effect."""
        lib.kf_player_cancel(self._h)

    def stop(self, finish_at: Literal["start", "end", "current"] = "current") -> None:
        """UIKit's stopAnimation + finishAnimation(at:): finished at the
        start, the end or where it is; the values stay there."""
        if finish_at not in STOP_POSITIONS:
            code = c_int32()
            lib.kf_stop_position_from_name(str(finish_at).encode(), byref(code))
        lib.kf_player_stop(self._h, STOP_POSITIONS.index(finish_at))

    def continue_animation(self, easing: EasingLike = None, duration_factor: float = 1.0) -> None:
        """UIKit's continueAnimation(withTimingParameters:durationFactor:):
        runs on from the current fraction with `easing` over what remains and
        the remaining duration scaled by `duration_factor`."""
        curve = None if easing is None else Easing(easing)
        lib.kf_player_continue(
            self._h, None if curve is None else curve._encoded, real(duration_factor, "duration_factor")
        )

    def update_playback_rate(self, rate: float) -> None:
        """Web Animations' updatePlaybackRate(): the same as setting
        `playback_rate` (a headless player has no pending task)."""
        self.playback_rate = rate

    # -- state ------------------------------------------------------------------

    def _state(self) -> Any:
        state = _ffi.PlayerStateStruct(version=_ffi.PLAYER_STATE_VERSION)
        lib.kf_player_get_state(self._h, byref(state))
        return state

    @property
    def play_state(self) -> str:
        """"idle", "running", "paused" or "finished"."""
        return PLAY_STATES[int(self._state().play_state)]

    @property
    def clock_time(self) -> float:
        """The clock: the last tick, plus every advance since."""
        return float(self._state().clock_time)

    @property
    def current_time(self) -> Optional[float]:
        """The node's local time (None when idle); settable (a scrub)."""
        value = self._state().current_time
        return None if math.isnan(value) else float(value)

    @current_time.setter
    def current_time(self, time: Optional[float]) -> None:
        # None (unresolved) is a no-op on an idle player, InvalidValueError
        # otherwise (Web Animations' TypeError).
        lib.kf_player_set_current_time(self._h, math.nan if time is None else real(time, "current_time"))

    @property
    def start_time(self) -> Optional[float]:
        """Web Animations' start time in the clock's time (None when
        unresolved: idle, paused, or held at rate 0); settable: a start time
        makes the player run from it (current time = (clock - start) x
        rate), None holds the current time."""
        out = c_double()
        lib.kf_player_get_start_time(self._h, byref(out))
        return None if math.isnan(out.value) else float(out.value)

    @start_time.setter
    def start_time(self, start: Optional[float]) -> None:
        lib.kf_player_set_start_time(self._h, math.nan if start is None else real(start, "start_time"))

    @property
    def playback_rate(self) -> float:
        """The playback rate (settable; keeps the current time)."""
        return float(self._state().playback_rate)

    @playback_rate.setter
    def playback_rate(self, rate: float) -> None:
        lib.kf_player_set_playback_rate(self._h, real(rate, "playback_rate"))

    @property
    def fraction_complete(self) -> float:
        """current time / end (settable: a scrub)."""
        return float(self._state().fraction_complete)

    @fraction_complete.setter
    def fraction_complete(self, fraction: float) -> None:
        lib.kf_player_set_fraction_complete(self._h, real(fraction, "fraction_complete"))

    @property
    def is_reversed(self) -> bool:
        """Whether the rate is negative (settable: runs the other way from
        where it is)."""
        return bool(self._state().playback_rate < 0)

    @is_reversed.setter
    def is_reversed(self, reversed: bool) -> None:
        lib.kf_player_set_reversed(self._h, int(bool(reversed)))

    @property
    def pauses_on_completion(self) -> bool:
        """Reaching the end pauses there instead of finishing."""
        return bool(self._state().pauses_on_completion)

    @pauses_on_completion.setter
    def pauses_on_completion(self, value: bool) -> None:
        lib.kf_player_set_pauses_on_completion(self._h, int(bool(value)))

    @property
    def scrubs_linearly(self) -> bool:
        """While paused, the node is sampled at the current time itself,
        without the player's curve (UIKit's default: True)."""
        return bool(self._state().scrubs_linearly)

    @scrubs_linearly.setter
    def scrubs_linearly(self, value: bool) -> None:
        lib.kf_player_set_scrubs_linearly(self._h, int(bool(value)))

    # -- GSAP's names ------------------------------------------------------------

    def seek(self, position: Union[float, str]) -> None:
        """GSAP's seek(): jumps to local time `position` (`current_time =
        position`), or to a label of a Timeline node by name; the play
        state is kept."""
        if isinstance(position, str):
            from ._choreography import Timeline

            if not isinstance(self._node, Timeline):
                raise InvalidTypeError(f"seek({position!r}): only a Timeline node has labels")
            position = self._node.label_time(position)
        self.current_time = real(position, "position")

    @property
    def time_scale(self) -> float:
        """GSAP's timeScale(): `playback_rate` (settable)."""
        return self.playback_rate

    @time_scale.setter
    def time_scale(self, rate: float) -> None:
        self.playback_rate = rate

    @property
    def total_duration(self) -> float:
        """GSAP's totalDuration(): the node's active duration, every repeat
        included and the delays not (math.inf when it repeats forever)."""
        return self._node.active_duration

    @property
    def progress(self) -> Optional[float]:
        """GSAP's progress(): the progress through the current iteration,
        before the ease and after the direction (yoyo: backwards on
        alternate iterations) — Web Animations' directed progress of the
        node at the current time (None when idle or without an effect).
        Setting it moves to that progress within the current iteration."""
        time = self.current_time
        if time is None:
            return None
        return self._node.compute(time).directed_progress

    @progress.setter
    def progress(self, value: float) -> None:
        fraction = real(value, "progress")
        if not 0 <= fraction <= 1:
            raise InvalidValueError(f"progress must be within [0, 1], not {fraction!r}")
        timing = self._node.timing
        computed = self._node.compute(self.current_time or 0.0)
        duration = computed.iteration_duration
        iteration = computed.current_iteration
        if iteration is None:
            iteration = 0.0 if computed.phase != "after" else max(math.ceil(timing.iterations) - 1, 0)
        iteration = math.floor(iteration)
        reverse = {"normal": False, "reverse": True, "alternate": iteration % 2 == 1,
                   "alternate-reverse": iteration % 2 == 0}[timing.direction]
        simple = 1 - fraction if reverse else fraction
        self.current_time = timing.delay + (iteration + simple - timing.iteration_start) * duration

    # -- sampling ---------------------------------------------------------------

    def local_times(self, clock_times: Union[float, Times]) -> FloatArray:
        """The node's local times at `clock_times` as the player would run
        through them without further controls (held while paused, clamped
        at the end, NaN when idle)."""
        array = _times(clock_times)
        out = np.empty(array.shape, dtype=np.float64)
        lib.kf_player_local_times(self._h, _address(array), array.size, _address(out), out.size)
        return out

    def sample(self, clock_times: Union[float, Times], out: Optional[FloatArray] = None) -> FloatArray:
        """The node at many clock times in one call (a video): the matrix of
        `Node.sample`, one row per clock time."""
        if out is not None:
            _, times_pointer, count, out_pointer, capacity = self._buffers.pointers(clock_times, out)
            status = _sample_raw(self._h, times_pointer, count, out_pointer, capacity, None, None)
            if status:
                raise _ffi.error(status)
            return out
        handle = self._h
        return sample_matrix(self._node, _times(clock_times), lambda *buffers: _sample(handle, *buffers))

    def values(self) -> Dict[Tuple[str, str], Any]:
        """{(target, property): value} now, None where nothing has an effect."""
        row = self.sample(np.array([self.clock_time]))[0].tolist()
        values: Dict[Tuple[str, str], Any] = {}
        for c in self._node.layout:
            channels = row[c.start : c.start + c.channels]
            values[c.target, c.property] = (
                None if all(math.isnan(x) for x in channels) else from_channels(c.kind, channels)
            )
        return values

    def __repr__(self) -> str:
        if self.closed:
            return "<razzle.Player (closed)>"
        state = self._state()
        current = "None" if math.isnan(state.current_time) else f"{state.current_time:g}"
        return f"<razzle.Player {PLAY_STATES[state.play_state]} current_time={current} rate={state.playback_rate:g}>"
