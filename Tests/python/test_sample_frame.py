"""One frame of an animator: `kf_animator_sample_frame` (the row of one
time, the layout generation checked instead of read) and what the Python
package builds on it (`anim.sample([t])`, `anim.sample(t)`, `anim.animate`
without reading the layout first).

Expected values are razzle's linear rule worked in Python floats (the same
IEEE operations: p = (t - t0) / (t1 - t0), v0 + (v1 - v0) * p, the keyframe
value at a keyframe and past the end), so they are exact, bit for bit."""

from __future__ import annotations

import bisect
import ctypes
import math
import threading
from ctypes import byref, c_double, c_size_t, c_uint64

import numpy as np
import pytest

import razzle
from razzle import _ffi
from razzle._animator import ANY_GENERATION

lib = _ffi.lib
frame_call = _ffi.unchecked("kf_animator_sample_frame")
STATUS = {name: code for name, (code, _) in _ffi.STATUS_CODES.items()}


def linear(times: list[float], values: list[float], t: float) -> float:
    """razzle's plain linear value of a keyframe list at t (hold outside)."""
    if math.isnan(t):
        return math.nan
    if len(times) == 1:
        return values[0]
    tc = min(max(t, times[0]), times[-1])
    if t >= times[-1]:
        return values[-1]
    k = max(0, min(bisect.bisect_right(times, tc) - 1, len(times) - 2))
    t0, v0 = times[k], values[k]
    p = (tc - t0) / (times[k + 1] - t0)
    return v0 if tc == t0 else v0 + (values[k + 1] - v0) * p


def scene(n: int = 40, seed: int = 3) -> tuple[razzle.Animator, list[tuple[list[float], list[float]]]]:
    rng = np.random.default_rng(seed)
    anim = razzle.Animator()
    keys = []
    for i in range(n):
        k = 1 + i % 20  # 1 ... 20 keyframes: the counting and the binary search
        times = np.cumsum(rng.integers(1, 5, k)).astype(float).tolist()
        values = rng.uniform(-1, 1, k).tolist()
        anim.add_track(f"n{i}", "x").set_keyframes(times, values)
        keys.append((times, values))
    return anim, keys


# Forward and backward steps, jumps, exact keyframe times, both ends and
# beyond: each frame starts from the segment the frame before sampled.
PATH = [0.0, 0.5, 1.0, 1.25, 2.0, 3.0, 2.5, 7.0, 6.999, 40.0, 80.0, 3.0, -5.0, 1.0, 20.0, 19.5, 1e300, -1e300]


def test_frames_along_a_path_equal_the_rule_bit_for_bit() -> None:
    anim, keys = scene()
    with anim:
        for t in PATH + [math.inf, -math.inf, 2.0]:
            row = anim.sample([t])
            assert row.shape == (1, len(keys))
            expected = [linear(times, values, t) for times, values in keys]
            assert row[0].tolist() == expected, t
            # The batch path (two times: not the frame entry point) agrees.
            assert anim.sample(np.array([t, t]))[0].tolist() == expected
            assert anim.sample(t).tolist() == expected and anim.sample(t).shape == (len(keys),)


def test_nan_samples_as_the_batch_path_does() -> None:
    anim, _ = scene(8)
    with anim:
        anim.sample([1.0])
        frame = anim.sample([math.nan])[0]
        batch = anim.sample(np.array([math.nan, math.nan]))[0]
        assert np.array_equal(frame, batch, equal_nan=True)
        # After a NaN the next frame still finds its segments.
        assert anim.sample([2.5])[0].tolist() == anim.sample(np.array([2.5, 2.5]))[0].tolist()


def test_a_remembered_segment_is_left_at_the_next_keyframe_time() -> None:
    # Keyframes one ulp apart: the segment a frame remembers holds only for
    # times below the next keyframe; at it the next segment starts.
    times, values = [0.0, 1.0, math.nextafter(1.0, 2.0), 2.0], [0.0, 1.0, 5.0, 6.0]
    with razzle.Animator() as anim:
        anim.add_track("a", "x").set_keyframes(times, values)
        for t in [0.5, 1.0, math.nextafter(1.0, 2.0), 1.5, 1.0, 0.999, 2.0, math.nextafter(1.0, 0.0)]:
            assert anim.sample([t])[0, 0] == linear(times, values, t), t


def test_the_row_follows_added_and_removed_tracks() -> None:
    anim, keys = scene(5)
    with anim:
        assert anim.sample([2.0]).shape == (1, 5)
        anim.add_track("late", "center")[0] = razzle.Point(2, 4)
        row = anim.sample([2.0])
        assert row.shape == (1, 7) and row[0, 5:].tolist() == [2.0, 4.0]
        anim.remove_track("n0", "x")
        row = anim.sample([2.0])
        assert row.shape == (1, 6)
        assert row[0, :4].tolist() == [linear(t, v, 2.0) for t, v in keys[1:]]
        assert [c.target for c in anim.layout] == ["n1", "n2", "n3", "n4", "late"]
        frame = anim.animate(2.0)
        assert frame["late", "center"] == razzle.Point(2, 4) and ("n0", "x") not in frame


def test_a_first_frame_reads_no_layout_and_the_layout_stays_right() -> None:
    anim, keys = scene(30)
    with anim:
        row = anim.sample([3.0])
        assert anim._layout_cache is None  # learned from one call, no Column objects
        assert row[0].tolist() == [linear(t, v, 3.0) for t, v in keys]
        layout = anim.layout
        assert layout.columns == 30 and [c.target for c in layout] == [f"n{i}" for i in range(30)]
        assert anim.animate(3.0)["n7", "x"] == linear(*keys[7], 3.0)


def test_errors_reach_python_as_before() -> None:
    with razzle.Animator() as anim:
        anim.add_track("a", "x")[0] = 1.0
        anim.add_track("b", "x")
        with pytest.raises(razzle.EmptyTrackError):
            anim.sample([0.0])
        with pytest.raises(razzle.EmptyTrackError):
            anim.animate(0.0)
        anim["b", "x"][0] = 2.0
        assert anim.sample([0.0]).tolist() == [[1.0, 2.0]]
    with razzle.Animator() as empty:
        assert empty.sample([0.0]).shape == (1, 0)
        assert dict(empty.animate(0.0)) == {}
    with pytest.raises(razzle.ClosedError):
        anim.sample([0.0])


def test_returned_rows_are_independent_writable_float64_arrays() -> None:
    anim, _ = scene(4)
    with anim:
        first, second = anim.sample([1.0]), anim.sample([1.0])
        assert first.dtype == np.float64 and first.flags.c_contiguous and first.flags.writeable
        first[0, 0] = 99.0
        assert second[0, 0] != 99.0 and anim.sample([1.0])[0, 0] != 99.0


# -- the C entry point, through ctypes ----------------------------------------


def raw_frame(anim: razzle.Animator, t: float, generation: int, capacity: int, fill: float = -7.0):
    out = (c_double * max(capacity, 1))(*([fill] * max(capacity, 1)))
    columns, reported = c_size_t(12345), c_uint64(12345)
    status = frame_call(anim._h, t, generation, ctypes.addressof(out), capacity, byref(columns), byref(reported))
    return status, list(out)[:capacity], columns.value, reported.value


def test_the_entry_point_sizes_a_row_and_checks_the_generation() -> None:
    anim, keys = scene(6)
    with anim:
        generation = anim.layout.generation
        status, _, columns, reported = raw_frame(anim, 2.0, ANY_GENERATION, 0)
        assert (status, columns, reported) == (STATUS["KF_E_BUFFER_TOO_SMALL"], 6, generation)
        status, out, columns, reported = raw_frame(anim, 2.0, generation, 6)
        assert status == 0 and out == [linear(t, v, 2.0) for t, v in keys] and columns == 6
        # A stale generation: nothing written, the current shape reported.
        status, out, columns, reported = raw_frame(anim, 2.0, generation + 1, 6)
        assert (status, out, columns, reported) == (STATUS["KF_E_STALE"], [-7.0] * 6, 6, generation)
        anim.add_track("new", "x")[0] = 1.0
        status, out, columns, reported = raw_frame(anim, 2.0, generation, 7)
        assert (status, out, columns) == (STATUS["KF_E_STALE"], [-7.0] * 7, 7) and reported > generation
        status, out, _, _ = raw_frame(anim, 2.0, reported, 6)  # one double short
        assert status == STATUS["KF_E_BUFFER_TOO_SMALL"] and out == [-7.0] * 6
        status, out, _, _ = raw_frame(anim, 2.0, reported, 7)
        assert status == 0 and out[-1] == 1.0


def test_the_entry_point_refuses_bad_arguments_and_writes_nothing() -> None:
    anim, _ = scene(3)
    out = (c_double * 3)(-7.0, -7.0, -7.0)
    columns = c_size_t(12345)
    assert frame_call(None, 1.0, ANY_GENERATION, ctypes.addressof(out), 3, None, None) == STATUS["KF_E_NULL"]
    assert frame_call(anim._h, 1.0, ANY_GENERATION, None, 3, byref(columns), None) == STATUS["KF_E_NULL"]
    assert columns.value == 12345
    assert "out_values" in lib.kf_last_error().decode()
    forged = ctypes.cast(ctypes.c_void_p(0xFFF0 | 0xC), _ffi.AnimatorHandle)  # a track tag
    status = frame_call(forged, 1.0, ANY_GENERATION, ctypes.addressof(out), 3, None, None)
    assert status == STATUS["KF_E_INVALID_HANDLE"]
    handle = anim._h
    stale_handle = ctypes.cast(ctypes.c_void_p(ctypes.cast(handle, ctypes.c_void_p).value), _ffi.AnimatorHandle)
    anim.close()
    status = frame_call(stale_handle, 1.0, ANY_GENERATION, ctypes.addressof(out), 3, byref(columns), None)
    assert status == STATUS["KF_E_INVALID_HANDLE"] and columns.value == 12345
    assert list(out) == [-7.0] * 3


def test_the_entry_point_reports_empty_tracks_and_unset_variables() -> None:
    with razzle.Animator() as anim:
        anim.add_track("a", "x")[0] = 1.0
        anim.add_track("b", "x")
        status, out, columns, _ = raw_frame(anim, 0.0, ANY_GENERATION, 2)
        assert (status, out, columns) == (STATUS["KF_E_EMPTY_TRACK"], [-7.0] * 2, 2)
        assert "kf_animator_sample_frame" in lib.kf_last_error().decode()
        anim["b", "x"][0] = 2.0
        relative = anim.add_track("c", "x", relative_to="w")
        relative[0] = 3.0
        status, out, columns, _ = raw_frame(anim, 0.0, ANY_GENERATION, 3)
        assert (status, out, columns) == (STATUS["KF_E_NOT_FOUND"], [-7.0] * 3, 3)
        anim.variables["w"] = 2.0
        status, out, _, _ = raw_frame(anim, 0.0, ANY_GENERATION, 3)
        assert (status, out) == (0, [1.0, 2.0, 6.0])


def test_the_header_declares_the_entry_point_and_its_constant() -> None:
    header = (razzle._ffi.Path(__file__).resolve().parents[2] / "include" / "keyframe.h").read_text()
    assert "kf_status kf_animator_sample_frame(const kf_animator *animator, double t, uint64_t generation," in header
    assert "#define KF_ANY_GENERATION 0xFFFFFFFFFFFFFFFFull" in header and ANY_GENERATION == 2**64 - 1


# -- threads ------------------------------------------------------------------


def test_threads_sampling_one_animator_each_get_their_own_frames() -> None:
    anim, keys = scene(200, seed=11)
    failures: list[str] = []
    barrier = threading.Barrier(4)

    def worker(offset: float) -> None:
        barrier.wait()
        for step in range(300):
            t = offset + (step % 37) * 0.37
            row = anim.sample([t])[0].tolist()
            if row != [linear(times, values, t) for times, values in keys]:
                failures.append(f"t={t}")
                return

    with anim:
        threads = [threading.Thread(target=worker, args=(offset,)) for offset in (0.0, 3.3, 7.7, 15.1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failures == []


def test_animators_from_scenes_and_copies_sample_frames() -> None:
    anim, keys = scene(6)
    expected = [linear(t, v, 2.0) for t, v in keys]
    with anim:
        # A scene's animators are wrapped without Animator.__init__.
        for other in [razzle.loads(anim.to_json()).animators[0], anim.copy()]:
            assert other.sample([2.0])[0].tolist() == expected
            assert list(other.animate(2.0).values()) == expected
            out = np.empty((1, 6))
            assert other.sample(np.array([2.0]), out=out) is out and out[0].tolist() == expected
