"""Concurrency: ctypes releases the GIL, so threads really call in at once."""

import threading

import numpy as np
import pytest
import razzle


def test_samplers_see_a_consistent_track_while_a_writer_mutates():
    """One thread toggles a middle keyframe and the last keyframe's value;
    samplers must only ever see values one of the consistent states gives."""
    with razzle.Animator() as anim:
        track = anim.add_track("v", "x")
        track[0] = 0.0
        track[100] = 100.0
        times = np.linspace(-10, 110, 241)
        # Every state the writer can leave the track in.
        states = []
        for middle in (False, True):
            for end in (100.0, 200.0):
                with razzle.Animator() as scratch:
                    s = scratch.add_track("v", "x")
                    s[0] = 0.0
                    s[100] = end
                    if middle:
                        s.set(50, 0.0, easing="easeInOutCubic")
                    states.append(s(times))
        stop = threading.Event()
        errors = []

        def writer():
            i = 0
            while not stop.is_set():
                i += 1
                track.set(50, 0.0, easing="easeInOutCubic")
                track[100] = 200.0 if i % 2 else 100.0
                del track[50]

        def sampler():
            try:
                for _ in range(400):
                    got = track(times)
                    # A batch runs under one read lock: it sees one state.
                    if not any(np.array_equal(got, s) for s in states):
                        errors.append(got)
                    value = track(75.0)
                    if value not in {s[170] for s in states}:  # times[170] == 75
                        errors.append(value)
            except Exception as error:  # noqa: BLE001
                errors.append(error)

        threads = [threading.Thread(target=sampler) for _ in range(4)]
        w = threading.Thread(target=writer)
        w.start()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        stop.set()
        w.join()
        assert times[170] == 75.0
        assert errors == []


def test_tracks_added_and_removed_concurrently():
    with razzle.Animator() as anim:
        errors = []

        def worker(n):
            try:
                for i in range(300):
                    t = anim.add_track(f"t{n}", f"p{i}")
                    t[0] = float(i)
                    assert anim[f"t{n}", f"p{i}"](1) == float(i)
                    anim.remove_track(f"t{n}", f"p{i}")
                    t.close()
                    anim.keys()
            except Exception as error:  # noqa: BLE001
                errors.append(error)

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == [] and len(anim) == 0


def test_close_racing_with_use_never_crashes():
    for _ in range(50):
        anim = razzle.Animator()
        track = anim.add_track("v", "x")
        track[0] = 1.0
        results = []

        def use():
            for _ in range(200):
                try:
                    track(0.5)
                except razzle.ClosedError:
                    results.append("closed")
                    return

        users = [threading.Thread(target=use) for _ in range(2)]
        for u in users:
            u.start()
        track.close()
        anim.close()
        for u in users:
            u.join()
    with pytest.raises(razzle.ClosedError):
        track(0)
