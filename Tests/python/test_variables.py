"""Animator variables and tracks relative to them: value * variable +
constant in every sampling call, worked by hand."""

import copy
import threading

import numpy as np
import pytest
import razzle


def test_variables_mapping():
    with razzle.Animator() as anim:
        anim.variables["pageWidth"] = 375
        anim.variables["ref.midX"] = -2.5
        assert anim.variables["pageWidth"] == 375.0
        assert dict(anim.variables) == {"pageWidth": 375.0, "ref.midX": -2.5}
        assert list(anim.variables) == ["pageWidth", "ref.midX"] and len(anim.variables) == 2
        assert "pageWidth" in anim.variables and "nope" not in anim.variables and 3 not in anim.variables
        del anim.variables["ref.midX"]
        with pytest.raises(KeyError):
            anim.variables["ref.midX"]
        with pytest.raises(razzle.NotFoundError):
            del anim.variables["ref.midX"]
        for bad in ("", "1x", "a b", "a\x00b"):
            with pytest.raises(razzle.InvalidNameError):
                anim.variables[bad] = 1
        for bad in (float("nan"), float("inf")):
            with pytest.raises(razzle.InvalidValueError):
                anim.variables["pageWidth"] = bad
        with pytest.raises(razzle.InvalidTypeError):
            anim.variables["pageWidth"] = "375"  # type: ignore[assignment]
        assert anim.variables.snapshot() == {"pageWidth": 375.0}


def test_constraint_multiplier_in_every_path():
    """RazzleDazzle's ConstraintMultiplierAnimation: constant =
    multiplier(t) * ref.width + 10."""
    with razzle.Animator() as anim:
        track = anim.add_track("label", "constant", relative_to="ref.width", constant=10)
        track[0], track[1] = 0.0, 0.5
        assert track.relative_to == ("ref.width", 10.0)
        with pytest.raises(razzle.NotFoundError, match=r'label\.constant .*"ref\.width"'):
            track(0.5)
        with pytest.raises(razzle.NotFoundError):
            anim.animate(0.5)
        anim.variables["ref.width"] = 200
        assert track(0.5) == 60.0 and track.velocity(0.5) == 100.0
        assert track([0, 0.25, 0.5]).tolist() == [10.0, 35.0, 60.0]
        assert anim.sample(np.array([0.25, 0.5])).tolist() == [[35.0], [60.0]]
        assert anim.animate(0.5) == {("label", "constant"): 60.0}
        anim.variables["ref.width"] = 300  # no keyframe edited
        assert anim.animate(0.5) == {("label", "constant"): 85.0}
        assert track.velocity([0.5, 2]).tolist() == [150.0, 0.0]
        shift = anim.add_track("v", "translation", relative_to="ref.width")
        shift[0] = (1, -1)
        assert anim.transform("v", 0).tx == 300 and anim.transform("v", 0).ty == -300
        backup = copy.deepcopy(anim)
        anim.variables["ref.width"] = 1
        assert backup["label", "constant"](0.5) == 85.0 and dict(backup.variables) == {"ref.width": 300.0}
        backup.close()


def test_relative_tracks_refuse_bounded_or_blended_kinds():
    with razzle.Animator() as anim:
        with pytest.raises(razzle.KindMismatchError):
            anim.add_track("v", "alpha", relative_to="w")
        with pytest.raises(razzle.KindMismatchError):
            anim.add_track("v", "tint", "color", relative_to="w")
        with pytest.raises(razzle.InvalidNameError):
            anim.add_track("v", "x", relative_to="1w")
        with pytest.raises(razzle.InvalidValueError):
            anim.add_track("v", "x", relative_to="w", constant=float("nan"))
        assert len(anim) == 0 and len(anim.variables) == 0
        assert anim.add_track("v", "x").relative_to is None


def test_threads_setting_variables_while_others_sample():
    """Writers flip the width between 100 and 200 while readers sample single
    values, batches and frames: every value is one of the consistent
    results (x = 0.5 * W + 1, and a batch row never mixes two widths)."""
    anim = razzle.Animator()
    track = anim.add_track("v", "x", relative_to="w", constant=1)
    track[0], track[1] = 0.0, 1.0
    anim.variables["w"] = 100
    stop = threading.Event()
    bad = []

    def writer():
        i = 0
        while not stop.is_set():
            anim.variables["w"] = 100 if i % 2 else 200
            i += 1

    def reader():
        for _ in range(3000):
            single = track(0.5)
            batch = track(np.full(64, 0.5))
            frame = anim.animate(0.5)[("v", "x")]
            if single not in (51.0, 101.0) or frame not in (51.0, 101.0) or len(set(batch.tolist())) != 1:
                bad.append((single, frame, set(batch.tolist())))

    threads = [threading.Thread(target=writer) for _ in range(2)] + [threading.Thread(target=reader) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads[2:]:
        t.join()
    stop.set()
    for t in threads[:2]:
        t.join()
    anim.close()
    assert not bad
