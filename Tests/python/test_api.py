"""The Python surface: the issue's contract, errors, lifetimes."""

import gc
import math
import subprocess
import sys

import numpy as np
import pytest
import razzle


def test_readme_example(anim, alpha):
    assert alpha(45) == 0.5
    assert alpha[45] == 0.5
    np.testing.assert_array_equal(alpha([0, 30, 45]), [1.0, 1.0, 0.5])
    assert isinstance(alpha(45), float)
    assert isinstance(alpha([0, 30, 45]), np.ndarray)
    alpha.set(30, 1.0, easing="easeInQuad")  # replaces the keyframe at 30
    assert len(alpha) == 2
    assert alpha(45) == 0.75  # 1 - 0.5**2
    assert alpha.keyframes == [razzle.Keyframe(30.0, 1.0, "easeInQuad"), razzle.Keyframe(60.0, 0.0, "linear")]
    assert anim.animate(45) == {("label", "alpha"): 0.75}


def test_keyframes_are_sorted_whatever_the_insertion_order(anim):
    x = anim.add_track("box", "x")
    for t, v in [(50, 5), (10, 1), (30, 3), (20, 2)]:
        x[t] = v
    assert [k.time for k in x.keyframes] == [10, 20, 30, 50]
    assert x(40) == 4.0


def test_exception_hierarchy():
    assert issubclass(razzle.InvalidValueError, (razzle.RazzleError, ValueError))
    assert issubclass(razzle.EmptyTrackError, ValueError)
    assert issubclass(razzle.DuplicateTrackError, ValueError)
    assert issubclass(razzle.EasingError, ValueError)
    assert issubclass(razzle.NotFoundError, KeyError)
    assert issubclass(razzle.WrongSizeError, razzle.InvalidValueError)


def test_empty_track_is_an_error_not_zero(anim):
    track = anim.add_track("v", "x")
    with pytest.raises(razzle.EmptyTrackError, match="no keyframes"):
        track(0)
    with pytest.raises(razzle.EmptyTrackError):
        track([0, 1])
    with pytest.raises(razzle.EmptyTrackError):
        anim.animate(0)


def test_duplicate_and_missing_tracks(anim, alpha):
    with pytest.raises(razzle.DuplicateTrackError, match="label.alpha"):
        anim.add_track("label", "alpha")
    with pytest.raises(KeyError):
        anim["label", "beta"]
    with pytest.raises(razzle.NotFoundError):
        anim.remove_track("nobody", "alpha")
    assert ("label", "alpha") in anim and ("label", "beta") not in anim
    assert anim.get("label", "beta") is None
    assert list(anim) == [("label", "alpha")]
    assert len(anim) == 1


def test_same_track_through_two_handles(anim, alpha):
    other = anim["label", "alpha"]
    other[45] = 0.25
    assert alpha(45) == 0.25
    other.close()
    assert alpha(45) == 0.25  # closing one handle leaves the other alone


def test_removed_track_stays_usable(anim, alpha):
    anim.remove_track("label", "alpha")
    assert len(anim) == 0
    assert alpha(45) == 0.5
    alpha[90] = 1.0
    assert alpha(75) == 0.5


def test_track_outlives_its_animator():
    anim = razzle.Animator()
    track = anim.add_track("v", "x")
    track[0] = 1.0
    anim.close()
    del anim
    gc.collect()
    assert track(3) == 1.0
    track.close()


def test_delete_keyframe(alpha):
    del alpha[30]
    assert len(alpha) == 1
    with pytest.raises(KeyError, match="no keyframe at time 30"):
        del alpha[30]
    assert alpha(0) == 0.0


@pytest.mark.parametrize(
    "time, value, error",
    [
        (45, 1.5, razzle.InvalidValueError),
        (45, -0.1, razzle.InvalidValueError),
        (45, math.nan, razzle.InvalidValueError),
        (45, math.inf, razzle.InvalidValueError),
        (math.nan, 0.5, razzle.InvalidValueError),
        (-math.inf, 0.5, razzle.InvalidValueError),
        (45, [0.5, 0.5], razzle.WrongSizeError),
        (45, [], razzle.WrongSizeError),
    ],
)
def test_bad_keyframes_leave_the_track_unchanged(alpha, time, value, error):
    before = alpha.keyframes
    with pytest.raises(error):
        alpha.set(time, value)
    assert alpha.keyframes == before


@pytest.mark.parametrize("spec", ["bogus", "easeInQuad(", "easeInQuad)", "easeInQuad(1)", "easeOutBack(x=1)", "(", "1"])
def test_bad_easing(alpha, spec):
    before = alpha.keyframes
    with pytest.raises(razzle.EasingError) as caught:
        alpha.set(30, 0.5, easing=spec)
    assert spec in str(caught.value)
    assert alpha.keyframes == before


def test_easing_parameters_round_trip(anim):
    track = anim.add_track("v", "x")
    track.set(0, 0.0, easing=" easeOutBack( 2.5 ) ")
    track.set(1, 1.0, easing="easeInOutElastic(amplitude=1.5, period=0.5)")
    track.set(2, 2.0, easing="")
    assert [k.easing for k in track.keyframes] == [
        "easeOutBack(2.5)",
        "easeInOutElastic(1.5, 0.5)",
        "linear",
    ]


def test_nan_and_infinite_times(alpha):
    assert math.isnan(alpha(math.nan))
    assert alpha(math.inf) == 0.0 and alpha(-math.inf) == 1.0
    out = alpha([math.nan, -math.inf, math.inf])
    assert math.isnan(out[0]) and out[1] == 1.0 and out[2] == 0.0


def test_sample_into_out(alpha):
    times = np.linspace(0, 90, 7)
    out = np.full(7, -1.0)
    assert alpha.sample(times, out=out) is out
    np.testing.assert_array_equal(out, np.interp(times, [30, 60], [1, 0]))
    bigger = np.zeros(10)
    alpha.sample(times, out=bigger)
    np.testing.assert_array_equal(bigger[:7], out)
    with pytest.raises(razzle.BufferTooSmallError):
        alpha.sample(times, out=np.zeros(6))
    with pytest.raises(TypeError):
        alpha.sample(times, out=np.zeros(7, dtype=np.float32))
    with pytest.raises(ValueError):
        alpha.sample(times, out=np.zeros(14)[::2])
    readonly = np.zeros(7)
    readonly.flags.writeable = False
    with pytest.raises(ValueError):
        alpha.sample(times, out=readonly)


def test_inputs_of_other_types(alpha):
    assert alpha(np.float32(45)) == 0.5
    assert alpha(np.int64(45)) == 0.5
    np.testing.assert_array_equal(alpha(np.array([45], dtype=np.int32)), [0.5])
    np.testing.assert_array_equal(alpha(np.arange(30, 61, 15)), [1.0, 0.5, 0.0])
    np.testing.assert_array_equal(alpha(np.array([[30, 45], [60, 90]])), [[1.0, 0.5], [0.0, 0.0]])  # numpy's shape
    assert alpha(np.float64(45)) == 0.5
    alpha[np.int64(90)] = np.float32(0.5)
    assert alpha(75) == 0.25
    assert alpha([]).shape == (0,)
    with pytest.raises(razzle.InvalidTypeError):
        alpha("soon")


def test_names_must_be_text(anim):
    with pytest.raises(TypeError):
        anim.add_track(1, "alpha")
    with pytest.raises(razzle.InvalidNameError):
        anim.add_track("v", "")
    with pytest.raises(razzle.InvalidNameError):
        anim.add_track("v", "\ud800")
    with pytest.raises(TypeError):
        anim["v"]
    track = anim.add_track("", "x")  # an empty target is allowed
    assert (track.target, track.property) == ("", "x")


def test_use_after_close_is_a_clear_error(alpha):
    anim = razzle.Animator()
    anim.close()
    anim.close()  # idempotent
    assert anim.closed
    for operation in (lambda: anim.add_track("a", "b"), lambda: len(anim), lambda: anim.animate(0)):
        with pytest.raises(razzle.ClosedError, match="closed"):
            operation()
    alpha.close()
    alpha.close()
    for operation in (lambda: alpha(0), lambda: alpha.set(0, 1), lambda: len(alpha), lambda: alpha.keyframes):
        with pytest.raises(razzle.ClosedError):
            operation()
    with pytest.raises(razzle.ClosedError):
        with alpha:
            pass
    assert "closed" in repr(alpha)


def test_single_values_after_close_raise():
    """track(t) passes its handle's address (the by-address binding): a
    close clears it, so a later call raises ClosedError, never a stale
    value, while another handle to the same track goes on; an empty track
    raises its own error on every call."""
    with razzle.Animator() as anim:
        track = anim.add_track("v", "x")
        track[0], track[2] = 1.0, 5.0
        assert [track(1), track(1.0), track(np.float64(0.5))] == [3.0, 3.0, 2.0]
        again = anim["v", "x"]  # another handle to the same track
        track.close()
        with pytest.raises(razzle.ClosedError):
            track(1.0)
        assert again(1.0) == 3.0
        empty = anim.add_track("v", "y")
        for _ in range(2):
            with pytest.raises(razzle.EmptyTrackError):
                empty(1.0)
        empty[0] = 4.0
        assert empty(1.0) == 4.0


def test_handles_are_released_on_collection():
    # Resident memory must not grow with the number of animators and tracks
    # created and dropped: each object's handle is released when collected.
    code = (
        "import razzle, gc, os\n"
        "def rss(): return int(open('/proc/self/statm').read().split()[1]) * os.sysconf('SC_PAGE_SIZE')\n"
        "def churn(n):\n"
        "    for i in range(n):\n"
        "        a = razzle.Animator(); t = a.add_track('v', 'x'); t[0] = 1.0; t(0)\n"
        "    gc.collect()\n"
        "churn(5000); before = rss(); churn(50000); print(rss() - before)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(out.stdout) < 4_000_000  # bytes; a leak of 100 bytes per pair would show 5 MB


def test_demo_prints_the_fade_table():
    out = subprocess.run([sys.executable, "-m", "razzle", "demo", "--table"], capture_output=True, text=True, check=True).stdout
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if line.startswith("ease") or line.startswith("linear")}
    # Columns are scroll positions 0 30 35 40 45 50 55 60 90.
    assert rows["linear"][4] == "0.5000"
    assert rows["easeInQuad"][4] == "0.7500"
    assert rows["easeOutBounce"][4] == "0.2344"  # 1 - 0.765625
    assert len(rows) == 9
