"""razzle.Timing: the Web Animations timing model from Python. The numbers
are worked by hand from the spec's procedures (the shared vectors cover the
combinations); the header's pinned enums and versions are the library's."""

import copy
import math
import pickle
import re

import numpy as np
import pytest
import razzle
from conftest import HEADER
from razzle import _ffi, _timing

HEADER_TEXT = HEADER.read_text()


@pytest.mark.parametrize(
    "prefix, names",
    [("KF_DIRECTION_", _timing.DIRECTIONS), ("KF_FILL_", _timing.FILLS), ("KF_PHASE_", _timing.PHASES),
     ("KF_ANIMATION_", _timing.ANIMATION_DIRECTIONS)],
)
def test_enum_codes_and_names_are_the_headers(prefix, names):
    entries = re.findall(rf"\b{prefix}\w+ = (\d+),?\s*/\* \"([\w-]+)\"", HEADER_TEXT)
    assert entries and [name for _, name in sorted(entries, key=lambda e: int(e[0]))] == list(names)
    assert [int(code) for code, _ in entries] == list(range(len(entries)))


def test_versions_and_auto_are_the_headers():
    def define(name):
        return re.search(rf"#define {name} (.+)", HEADER_TEXT).group(1)

    assert int(define("KF_TIMING_OPTIONS_VERSION")) == _ffi.TIMING_OPTIONS_VERSION
    assert int(define("KF_COMPUTED_TIMING_VERSION")) == _ffi.COMPUTED_TIMING_VERSION
    assert define("KF_DURATION_AUTO") == "(-INFINITY)" and _ffi.DURATION_AUTO == -math.inf
    options = _ffi.TimingOptions()
    _ffi.lib.kf_timing_options_init(ctypes_ref(options))
    assert (options.duration, options.iterations, options.fill) == (-math.inf, 1.0, _timing.FILLS.index("auto"))


def ctypes_ref(struct):
    import ctypes

    return ctypes.byref(struct)


def test_defaults_are_web_animations():
    t = razzle.Timing()
    assert (t.delay, t.end_delay, t.duration, t.iterations, t.iteration_start) == (0, 0, "auto", 1, 0)
    assert (t.direction, t.fill, t.easing) == ("normal", "auto", razzle.easing("linear"))
    assert (t.active_duration, t.end_time) == (0, 0)
    assert repr(t) == "razzle.Timing()"


def test_compute_follows_the_spec():
    # delay 1, duration 2, 1.5 iterations, alternate: at 3.5 the active time
    # is 2.5, 1.25 iterations done, the second (backward) one 0.25 in.
    t = razzle.Timing(delay=1, duration=2, iterations=1.5, direction="alternate", fill="both")
    c = t.compute(3.5)
    assert isinstance(c, razzle.ComputedTiming) and c.is_in_effect
    assert c == razzle.ComputedTiming("active", 3.5, 2.0, 3.0, 4.0, 2.5, 1.25, 0.25, 1.0, 0.75, 0.75)
    assert t.compute(0).phase == "before" and t.compute(0).transformed_progress == 0
    assert t.compute(9).active_time == 3 and t.compute(9).directed_progress == 0.5
    # No fill: nothing is resolved outside the active interval.
    none = razzle.Timing(delay=1, duration=1).compute(5)
    assert none.phase == "after" and none.active_time is None and none.transformed_progress is None
    assert not none.is_in_effect
    idle = t.compute(math.nan)
    assert idle.phase == "idle" and idle.local_time is None and idle.active_duration == 3


def test_edge_cases():
    # The end of an integral iteration count: 1 of the last iteration.
    end = razzle.Timing(duration=1, iterations=2, fill="forwards").compute(2)
    assert (end.simple_iteration_progress, end.current_iteration) == (1, 1)
    # A zero duration jumps; time running backwards is still before it.
    zero = razzle.Timing(delay=1, duration=0, iterations=3, fill="both")
    assert zero.compute(1).overall_progress == 3 and zero.compute(1).current_iteration == 2
    assert zero.compute(1, animation_direction="backwards").phase == "before"
    forever = razzle.Timing(duration=0, iterations=math.inf, fill="forwards").compute(0)
    assert forever.current_iteration == math.inf
    # auto is the intrinsic duration.
    auto = razzle.Timing(iterations=2)
    assert auto.compute(3, intrinsic_duration=2).simple_iteration_progress == 0.5
    assert auto.compute(3, 2).active_duration == 4 and auto.active_duration == 0
    # steps(2, start) filling backwards shows 0 (the before flag), not 0.5.
    steps = razzle.Timing(delay=1, duration=1, fill="both", easing="steps(2, start)")
    assert steps.compute(0.5).transformed_progress == 0 and steps.compute(1).transformed_progress == 0.5


def test_core_animation_aliases():
    # autoreverses: each of the 1.5 repeats forwards then backwards.
    a = razzle.Timing(duration=2, repeat_count=1.5, autoreverses=True, fill_mode="removed")
    assert (a.direction, a.iterations, a.fill, a.active_duration) == ("alternate", 3.0, "none", 6.0)
    assert a == razzle.Timing(duration=2, iterations=3, direction="alternate", fill="none")
    # time_offset 1 on a duration of 4: iteration start 0.25, wrapping.
    o = razzle.Timing(duration=4, time_offset=1)
    assert o.iteration_start == 0.25 and o.active_duration == 4
    assert o.compute(3.5).current_iteration == 1 and o.compute(3.5).simple_iteration_progress == 0.125
    with pytest.raises(razzle.InvalidTypeError, match="repeat_count"):
        razzle.Timing(iterations=2, repeat_count=2)
    with pytest.raises(razzle.InvalidTypeError, match="fill_mode"):
        razzle.Timing(fill="both", fill_mode="both")
    with pytest.raises(razzle.InvalidValueError, match="autoreverses"):
        razzle.Timing(duration=1, autoreverses=True, direction="reverse")
    with pytest.raises(razzle.InvalidValueError, match="time_offset"):
        razzle.Timing(time_offset=1)
    with pytest.raises(razzle.InvalidTypeError, match="autoreverses"):
        razzle.Timing(autoreverses=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        razzle.Timing(speed=2)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "kwargs, error, fragment",
    [
        ({"duration": -1}, razzle.InvalidValueError, "duration"),
        ({"duration": math.nan}, razzle.InvalidValueError, "duration"),
        ({"duration": -math.inf}, razzle.InvalidValueError, "duration"),
        ({"duration": "fast"}, razzle.InvalidValueError, "auto"),
        ({"iterations": -1}, razzle.InvalidValueError, "iterations"),
        ({"iterations": math.nan}, razzle.InvalidValueError, "iterations"),
        ({"iteration_start": -0.5}, razzle.InvalidValueError, "iteration_start"),
        ({"delay": math.inf}, razzle.InvalidValueError, "delay"),
        ({"end_delay": math.nan}, razzle.InvalidValueError, "end_delay"),
        ({"delay": "1"}, razzle.InvalidTypeError, "delay"),
        ({"direction": "alternate-reversed"}, razzle.InvalidNameError, 'did you mean "alternate-reverse"'),
        ({"direction": None}, razzle.InvalidTypeError, "direction"),
        ({"fill": "forward"}, razzle.InvalidNameError, 'did you mean "forwards"'),
        ({"easing": "steps(0)"}, razzle.EasingError, "steps"),
        ({"easing": "easeInQuadd"}, razzle.EasingError, "easeInQuad"),
    ],
)
def test_bad_input_is_a_clear_error(kwargs, error, fragment):
    with pytest.raises(error, match=re.escape(fragment)):
        razzle.Timing(**kwargs)


def test_bad_compute_arguments():
    t = razzle.Timing(duration=1)
    with pytest.raises(razzle.InvalidValueError, match="intrinsic_duration"):
        t.compute(0, intrinsic_duration=-1)
    with pytest.raises(razzle.InvalidNameError, match="animation direction"):
        t.compute(0, animation_direction="sideways")  # type: ignore[arg-type]
    with pytest.raises(razzle.InvalidTypeError):
        t.compute("0")  # type: ignore[arg-type]
    with pytest.raises(razzle.InvalidTypeError):
        t.progress(["a"])  # type: ignore[list-item]


def test_progress_over_arrays_is_one_call_bit_for_bit():
    t = razzle.Timing(delay=0.5, duration=0.25, iterations=7.5, direction="alternate-reverse", fill="forwards",
                      easing="steps(5, jump-both)")
    times = np.linspace(-1, 4, 1_000_001)
    calls = []
    lib = _timing.lib

    class Spy:
        def __getattr__(self, name):
            calls.append(name)
            return getattr(lib, name)

    _timing.lib = Spy()
    try:
        progress = t.progress(times)
        iterations = t.current_iteration(times)
    finally:
        _timing.lib = lib
    assert calls == ["kf_timing_progress_many", "kf_timing_progress_many"]
    assert progress.shape == times.shape and progress.dtype == np.float64
    assert np.isnan(progress[times < 0.5]).all()
    for i in range(0, times.size, 9973):
        c = t.compute(float(times[i]))
        for batch, single in ((progress[i], c.transformed_progress), (iterations[i], c.current_iteration)):
            assert np.isnan(batch) if single is None else batch.tobytes() == np.float64(single).tobytes()


def test_progress_shapes_and_out():
    t = razzle.Timing(duration=2, fill="both")
    assert t.progress(1) == 0.5 and isinstance(t.progress(1), float)
    assert t.progress(np.zeros((2, 3))).shape == (2, 3)
    assert t.progress([[0, 1], [2, 3]]).tolist() == [[0, 0.5], [1, 1]]
    out = np.empty(3)
    assert t.progress([0, 1, 2], out=out) is out and out.tolist() == [0, 0.5, 1]
    assert t.current_iteration([0, 3]).tolist() == [0, 0]
    with pytest.raises(razzle.BufferTooSmallError):
        t.progress([0, 1, 2], out=np.empty(2))
    assert t.progress([0.0], animation_direction="backwards").tolist() == [0.0]


def test_timing_is_a_value():
    t = razzle.Timing(delay=0.5, duration=2, iterations=math.inf, direction="reverse", easing="easeInQuad")
    assert t == razzle.Timing(delay=0.5, duration=2.0, iterations=math.inf, direction="reverse",
                              easing=razzle.easing("easeInQuad"))
    assert hash(t) == hash(pickle.loads(pickle.dumps(t)))
    assert pickle.loads(pickle.dumps(t)) == t and copy.copy(t) is t and copy.deepcopy(t) is t
    assert eval(repr(t), {"razzle": razzle, "inf": math.inf}) == t
    assert t != razzle.Timing(delay=0.5, duration=2) and t != "timing"
    with pytest.raises(AttributeError):
        t.delay = 1  # type: ignore[misc]
