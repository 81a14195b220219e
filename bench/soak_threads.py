"""Eight Python threads over shared tracks, as a load figure: `make soak`.

    python bench/soak_threads.py [operations per thread]   (default 20000)

ctypes releases the GIL around every library call, so the threads really
call in at once. A shared animator holds three "stable" tracks whose
keyframes are, at every moment, one of a few complete states (written in
one `set_keyframes` call, or by single edits that stay inside the set of
states); every state's samples and keyframes are computed first on a
private animator. Each thread runs a fixed mix of operations: samples
(single and batch), velocities, whole-animator frames, bulk and single
writes, keyframe snapshots, tracks of its own added and removed, new track
objects closed again, copies, and bad calls that must raise a given razzle
error. A read that matches no state is a torn read; an exception that is
not the one the call should raise is unexpected. Prints both counts and
exits non-zero unless both are 0.
"""

from __future__ import annotations

import math
import random
import sys
import threading
import time
from collections import Counter
from typing import Any, Callable, Dict, List, Tuple

import numpy as np
import razzle

THREADS = 8
PROBES = np.array([-30, -2.5, 0, 7, 13.25, 25, 40, 50, 62.5, 75, 100, 130, math.inf])

# Bulk states: (times, values, easing); every state has the same times.
BULK_TIMES = [0.0, 10.0, 20.0, 30.0, 40.0]
BULK_STATES = [
    ([0.0, 1, 2, 3, 4], None),
    ([5.0, -1, 7, 0, 2], "easeInOutCubic"),
    ([1.0, 4, 9, 16, 25], "cubic-bezier(.4, 0, .2, 1)"),
    ([-3.0, 3, -3, 3, -3], "spring(duration=0.5, bounce=0.3)"),
]
COLOR_TIMES = [0.0, 20.0, 40.0]
COLOR_STATES = [
    ([(1, 0, 0, 1), (0, 1, 0, 1), (0, 0, 1, 1)], None),
    ([(0.5, 0.5, 0.5, 0.25), (1, 1, 0, 1), (0, 1, 1, 0.5)], "easeOutBack"),
    ([(0.1, 0.2, 0.3, 1), (0.9, 0.1, 0.6, 0.75), (1, 1, 1, 1)], "linear(0, 0.25 75%, 1)"),
]
TOGGLE_ENDS = (100.0, 200.0)  # toggle: (0, 0), maybe (50, 0) eased, (100, end)


class State:
    """One stable track: its name, how it is built, and what each state reads."""

    def __init__(self, prop: str, kwargs: Dict[str, Any], apply: Callable[[Any, int], None], count: int):
        self.prop, self.kwargs, self.apply, self.count = prop, kwargs, apply, count
        self.samples: List[np.ndarray] = []
        self.velocities: List[np.ndarray] = []
        self.keyframes: List[List[razzle.Keyframe]] = []
        with razzle.Animator() as scratch:
            for state in range(count):
                track = scratch.add_track("s", prop, **kwargs)
                apply(track, state)
                self.samples.append(track.sample(PROBES))
                self.velocities.append(track.velocity(PROBES))
                self.keyframes.append(track.keyframes)
                scratch.remove_track("s", prop)
                track.close()
        for a in range(count):
            for b in range(a + 1, count):
                assert not same(self.samples[a], self.samples[b]), (prop, a, b)

    def match(self, values: np.ndarray, rows: slice = slice(None), velocity: bool = False) -> bool:
        table = self.velocities if velocity else self.samples
        return any(same(values, expected[rows]) for expected in table)


def same(a: np.ndarray, b: np.ndarray) -> bool:
    """Equal bit for bit (NaN equals NaN of the same bits)."""
    a, b = np.ascontiguousarray(a, dtype=np.float64), np.ascontiguousarray(b, dtype=np.float64)
    return a.shape == b.shape and a.tobytes() == b.tobytes()


def apply_bulk(track: Any, state: int) -> None:
    values, easing = BULK_STATES[state]
    track.set_keyframes(BULK_TIMES, values, easing=easing)


def apply_color(track: Any, state: int) -> None:
    values, easing = COLOR_STATES[state]
    track.set_keyframes(COLOR_TIMES, [razzle.Color(*v) for v in values], easing=easing)


def apply_toggle(track: Any, state: int) -> None:
    track[0] = 0.0
    track[100] = TOGGLE_ENDS[state & 1]
    if state & 2:
        track.set(50, 0.0, easing="easeInOutCubic")


STABLE = [
    State("bulk", {}, apply_bulk, len(BULK_STATES)),
    State("textColor", {"color_space": "oklch"}, apply_color, len(COLOR_STATES)),
    State("toggle", {}, apply_toggle, 4),
]
BY_PROP = {s.prop: s for s in STABLE}


class Worker:
    def __init__(self, index: int, anim: razzle.Animator, tracks: List[Any], operations: int):
        self.index, self.anim, self.tracks, self.operations = index, anim, tracks, operations
        self.random = random.Random(0x5EED + index)
        self.torn: List[str] = []
        self.unexpected: List[str] = []
        self.expected: Counter[str] = Counter()
        self.done = 0
        self.mine: List[Tuple[str, Any]] = []
        self.serial = 0

    def torn_read(self, what: str) -> None:
        self.torn.append(what)

    # -- operations ----------------------------------------------------------

    def sample(self) -> None:
        i = self.random.randrange(len(STABLE))
        state, track = STABLE[i], self.tracks[i]
        p = self.random.randrange(len(PROBES))
        if self.random.random() < 0.5:
            value = track(float(PROBES[p]))  # a float, or a razzle.Color
            if not state.match(np.array([value], dtype=np.float64), slice(p, p + 1)):
                self.torn_read(f"{state.prop} at {PROBES[p]}: {value}")
        elif self.random.random() < 0.7:
            if not state.match(track.sample(PROBES)):
                self.torn_read(f"{state.prop}: a batch is not one state")
        else:
            if not state.match(track.velocity(PROBES), velocity=True):
                self.torn_read(f"{state.prop}: velocities are not one state")

    def frame(self) -> None:
        try:
            frames = self.anim.sample_frames(PROBES)
        except razzle.EmptyTrackError:
            self.expected["EmptyTrackError (a track added, not yet set)"] += 1
            return
        for (target, prop), values in frames.items():
            if target == "s":
                if not BY_PROP[prop].match(values):
                    self.torn_read(f"frame: {prop} is not one state")
            elif not np.all(values == self.churn_value(prop)):
                self.torn_read(f"frame: churn {prop} is not its value")

    def write(self) -> None:
        i = self.random.randrange(len(STABLE))
        if STABLE[i].prop == "toggle":
            track, choice = self.tracks[i], self.random.randrange(3)
            if choice == 0:
                track.set(50, 0.0, easing="easeInOutCubic")
            elif choice == 1:
                try:
                    del track[50]
                except razzle.NotFoundError:
                    self.expected["NotFoundError (keyframe removed by another thread)"] += 1
            else:
                track[100] = TOGGLE_ENDS[self.random.randrange(2)]
        else:
            STABLE[i].apply(self.tracks[i], self.random.randrange(STABLE[i].count))

    def snapshot(self) -> None:
        i = self.random.randrange(len(STABLE))
        keyframes = self.tracks[i].keyframes
        if keyframes not in STABLE[i].keyframes:
            self.torn_read(f"{STABLE[i].prop}: a keyframe snapshot is no state")

    @staticmethod
    def churn_value(prop: str) -> float:
        thread, serial = prop[1:].split("_")
        return int(thread) * 100000 + int(serial) % 100000

    def churn(self) -> None:
        if len(self.mine) < 2:
            self.serial += 1
            prop = f"t{self.index}_{self.serial}"
            track = self.anim.add_track("churn", prop)
            track[0] = self.churn_value(prop)
            again = self.anim["churn", prop]
            if again(17) != self.churn_value(prop):
                self.torn_read(f"churn {prop} reads {again(17)}")
            again.close()
            self.mine.append((prop, track))
        else:
            prop, track = self.mine.pop(0)
            self.anim.remove_track("churn", prop)
            if track(3) != self.churn_value(prop):  # usable after removal
                self.torn_read(f"removed {prop} reads {track(3)}")
            track.close()
            self.expect(razzle.ClosedError, lambda: track(0))

    def handles(self) -> None:
        state = STABLE[self.random.randrange(len(STABLE))]
        track = self.anim["s", state.prop]
        if not state.match(track.sample(PROBES)):
            self.torn_read(f"{state.prop} through a new handle")
        track.close()
        self.expect(razzle.ClosedError, lambda: track(0))

    def copy(self) -> None:
        with self.anim.copy() as copied:
            for state in STABLE:
                track = copied["s", state.prop]
                if not state.match(track.sample(PROBES)):
                    self.torn_read(f"copied {state.prop} is not one state")
                track.close()
            bulk = copied["s", "bulk"]
            bulk.set_keyframes(BULK_TIMES, [1e6, 2e6, 3e6, 4e6, 5e6])  # the original must not see it
            bulk.close()

    def expect(self, error: type, call: Callable[[], Any]) -> None:
        try:
            call()
        except error:
            self.expected[error.__name__ + " (bad call)"] += 1
            return
        raise AssertionError(f"{call} did not raise {error.__name__}")

    def bad_call(self) -> None:
        bulk = self.tracks[0]
        choice = self.random.randrange(6)
        if choice == 0:
            self.expect(razzle.InvalidValueError, lambda: bulk.set(float("nan"), 1.0))
        elif choice == 1:
            self.expect(razzle.EasingError, lambda: bulk.set(10, 1.0, easing="wobble"))
        elif choice == 2:
            self.expect(razzle.InvalidValueError, lambda: bulk.set_keyframes([0, 10, float("nan")], [9e6] * 3))
        elif choice == 3:
            self.expect(razzle.NotFoundError, lambda: bulk.__delitem__(5))
        elif choice == 4:
            self.expect(razzle.InvalidTypeError, lambda: bulk("45"))
        else:
            self.expect(razzle.WrongSizeError, lambda: self.tracks[1].set(20, (1, 0)))

    def run(self, start: threading.Barrier) -> None:
        start.wait()
        mix = [
            (self.sample, 30),
            (self.frame, 8),
            (self.write, 20),
            (self.snapshot, 10),
            (self.churn, 10),
            (self.handles, 8),
            (self.copy, 2),
            (self.bad_call, 12),
        ]
        operations = [op for op, weight in mix for _ in range(weight)]
        for _ in range(self.operations):
            op = self.random.choice(operations)
            try:
                op()
            except Exception as error:  # noqa: BLE001 - counted, not raised
                self.unexpected.append(f"{op.__name__}: {type(error).__name__}: {error}")
            self.done += 1
        for prop, track in self.mine:
            try:
                self.anim.remove_track("churn", prop)
                track.close()
            except Exception as error:  # noqa: BLE001
                self.unexpected.append(f"cleanup: {type(error).__name__}: {error}")


def main() -> int:
    operations = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    anim = razzle.Animator()
    tracks = []
    for state in STABLE:
        track = anim.add_track("s", state.prop, **state.kwargs)
        state.apply(track, 0)
        tracks.append(track)
    start = threading.Barrier(THREADS)
    workers = [Worker(i, anim, tracks, operations) for i in range(THREADS)]
    threads = [threading.Thread(target=w.run, args=(start,)) for w in workers]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began
    torn = [t for w in workers for t in w.torn]
    unexpected = [u for w in workers for u in w.unexpected]
    for i, state in enumerate(STABLE):  # afterwards: one state each, stable tracks only
        if not state.match(tracks[i].sample(PROBES)):
            torn.append(f"{state.prop} ends in no state")
    if sorted(anim.keys()) != sorted(("s", s.prop) for s in STABLE):
        unexpected.append(f"tracks left: {anim.keys()}")
    expected: Counter[str] = Counter()
    for w in workers:
        expected.update(w.expected)
    done = sum(w.done for w in workers)
    print(f"{THREADS} Python threads, {done} operations in {elapsed:.2f} s ({done / elapsed:.0f}/s)")
    for name, count in sorted(expected.items()):
        print(f"  expected errors: {count} {name}")
    for line in torn[:10] + unexpected[:10]:
        print(f"  FAIL {line}")
    print(f"{len(torn)} torn reads, {len(unexpected)} unexpected exceptions")
    anim.close()
    for track in tracks:
        track.close()
    return 0 if not torn and not unexpected else 1


if __name__ == "__main__":
    sys.exit(main())
