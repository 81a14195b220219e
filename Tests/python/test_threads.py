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
                    for target, prop in anim.keys():  # other workers' tracks, whole
                        assert target in {"t0", "t1", "t2", "t3"} and target != f"t{n}", (target, prop)
                        assert prop.startswith("p") and prop[1:].isdigit(), (target, prop)
            except Exception as error:  # noqa: BLE001
                errors.append(error)

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == [] and len(anim) == 0


def test_close_racing_with_use_never_crashes():
    """Every sample taken while another thread closes the objects is the
    single-threaded value, and once a thread sees ClosedError it never sees
    a value again."""
    for _ in range(50):
        anim = razzle.Animator()
        track = anim.add_track("v", "x")
        track[0] = 1.0
        track[1] = 3.0
        oracle = track(0.5)
        assert oracle == 2.0
        results = [[], []]

        def use(seen):
            for _ in range(200):
                try:
                    seen.append(track(0.5))
                except razzle.ClosedError:
                    seen.append("closed")

        users = [threading.Thread(target=use, args=(seen,)) for seen in results]
        for u in users:
            u.start()
        anim.close()  # the track object stays usable on its own
        track.close()
        for u in users:
            u.join()
        for seen in results:
            assert len(seen) == 200
            first_closed = seen.index("closed") if "closed" in seen else len(seen)
            assert all(value == oracle for value in seen[:first_closed]), seen
            assert all(value == "closed" for value in seen[first_closed:]), seen
    with pytest.raises(razzle.ClosedError):
        track(0)


def _states(kind_args, options, values, times):
    """Single-threaded oracle: the samples of a two-keyframe track for each
    value the writer can leave at its second keyframe."""
    states = []
    for value in values:
        with razzle.Animator() as scratch:
            track = scratch.add_track("v", *kind_args, **options)
            track[0] = values[0]
            track[10] = value
            states.append((track(times), [track(float(t)) for t in times]))
    return states


@pytest.mark.parametrize(
    "kind_args, values",
    [
        (("textColor",), [razzle.Color(1, 0, 0, 1), razzle.Color(0, 0.5, 1, 0.25), razzle.Color(0.2, 1, 0.1, 0.75)]),
        (("transform3d",), [razzle.Transform3D.identity(), razzle.Transform3D.make((1, 2, 3), (2, 2, 2), (1.0, 0, 0, 1)),
                             razzle.Transform3D.make((-5, 0, 1), (1, 3, 1), (2.0, 1, 0, 0), -0.001)]),
        (("weights", "vector"), [(0.0,) * 8, tuple(range(8)), tuple(range(8, 0, -1))]),
    ],
    ids=["color", "transform3d", "vector"],
)
def test_multichannel_samples_are_never_torn(kind_args, values):
    """A writer swaps the second keyframe among `values`; every single and
    batch sample, and every animator row, equals one of the single-threaded
    states exactly (no value mixes the channels of two states)."""
    times = np.linspace(-1, 11, 25)
    options = {"channels": 8} if kind_args[-1] == "vector" else {}
    states = _states(kind_args, options, values, times)
    with razzle.Animator() as anim:
        track = anim.add_track("v", *kind_args, **options)
        track[0] = values[0]
        track[10] = values[0]
        stop = threading.Event()
        torn = []
        checked = []  # one (single, batch, rows) count per sampler

        def writer():
            i = 0
            while not stop.is_set():
                i += 1
                track[10] = values[i % len(values)]

        def sampler():
            single = batch_count = rows = 0
            try:
                for _ in range(150):
                    batch = track(times)
                    batch_count += 1
                    if not any(np.array_equal(batch, b) for b, _ in states):
                        torn.append(("batch", batch))
                    for j in (3, 12, 20):
                        value = track(float(times[j]))
                        single += 1
                        if all(value != singles[j] for _, singles in states):
                            torn.append(("single", value))
                    row = anim.sample(times[12:13])[0]
                    rows += 1
                    if not any(np.array_equal(row, np.atleast_1d(b[12])) for b, _ in states):
                        torn.append(("row", row))
            except Exception as error:  # noqa: BLE001
                torn.append(("error", error))
            checked.append((single, batch_count, rows))

        w = threading.Thread(target=writer)
        samplers = [threading.Thread(target=sampler) for _ in range(3)]
        w.start()
        for t in samplers:
            t.start()
        for t in samplers:
            t.join()
        stop.set()
        w.join()
        assert torn == []
        assert checked == [(3 * 150, 150, 150)] * 3
