"""Batch sampling: kernels agree bit for bit with single samples whatever
the order of the times, the block they fall in or the thread count; the
animator matrix matches its tracks; layouts and generations."""

import struct
import threading

import numpy as np
import pytest
import razzle


def bits(array):
    return np.asarray(array, dtype=np.float64).view(np.uint64)


@pytest.fixture(autouse=True)
def restore_threads():
    yield
    razzle.set_thread_count(0)


def random_track(anim, name, rng, k, easing=None, kind=None):
    track = anim.add_track("v", name, kind, channels=3 if kind == "vector" else None)
    times = np.sort(rng.choice(np.arange(10 * k), size=k, replace=False)).astype(float) / 7
    for t in times:
        value = rng.uniform(-5, 5) if kind is None else rng.uniform(-5, 5, 3)
        track.set(t, value, easing=easing if easing and rng.random() < 0.7 else None)
    return track, times


CASES = [
    ("plain-k16", 16, None, None),
    ("plain-k1024", 1024, None, None),
    ("plain-k2", 2, None, None),
    ("eased", 40, "cubic-bezier(0.42, 0, 0.58, 1)", None),
    ("vector", 30, None, "vector"),
    ("eased-vector", 30, "easeOutBack", "vector"),
]


@pytest.mark.parametrize("name, k, easing, kind", CASES, ids=[c[0] for c in CASES])
def test_batch_equals_single_samples_in_any_order(name, k, easing, kind):
    rng = np.random.default_rng(k)
    with razzle.Animator() as anim:
        track, times = random_track(anim, "x", rng, k, easing, kind)
        lo, hi = times[0] - 3, times[-1] + 3
        queries = np.concatenate(
            [
                np.sort(rng.uniform(lo, hi, 500)),  # sorted blocks (cursor and run paths)
                rng.uniform(lo, hi, 500),  # unordered blocks (branch-free search)
                times,  # exactly at keyframes
                [np.nan, np.inf, -np.inf, times[0], times[-1], -0.0],
                np.repeat(times[k // 2], 70),  # one segment for a whole block
            ]
        )
        batch = track(queries)
        single = np.array([track(float(q)) for q in queries])
        assert np.array_equal(bits(batch), bits(single))


def test_thread_count_does_not_change_results():
    rng = np.random.default_rng(5)
    with razzle.Animator() as anim:
        track, times = random_track(anim, "x", rng, 64, "easeInOutSine")
        queries = rng.uniform(times[0] - 1, times[-1] + 1, 400_000)
        queries[::1000] = np.sort(queries[::1000])
        razzle.set_thread_count(1)
        one = track(queries)
        velocity_one = track.velocity(queries)
        razzle.set_thread_count(3)
        assert razzle.thread_count() == 3
        three = track(queries)
        assert np.array_equal(bits(one), bits(three))
        assert np.array_equal(bits(velocity_one), bits(track.velocity(queries)))
        matrix = anim.sample(queries)
        assert np.array_equal(bits(matrix[:, 0]), bits(one))


def test_animator_matrix_layout_and_frames():
    with razzle.Animator() as anim:
        alpha = anim.add_track("label", "alpha")
        alpha[0], alpha[10] = 0.0, 1.0
        color = anim.add_track("label", "backgroundColor", color_space="oklab")
        color[0], color[10] = "#ff0000", "#0000ff"
        frame = anim.add_track("box", "frame")
        frame[0], frame[10] = (0, 0, 10, 10), (100, 50, 20, 40)
        layout = anim.layout
        assert [(c.target, c.property, c.kind, c.start, c.channels) for c in layout] == [
            ("label", "alpha", "scalar", 0, 1),
            ("label", "backgroundColor", "color", 1, 4),
            ("box", "frame", "rect", 5, 4),
        ]
        assert layout.columns == 9
        times = np.array([-1, 0, 2.5, 5, 10, 11])
        matrix = anim.sample(times)
        assert matrix.shape == (6, 9)
        assert np.array_equal(bits(matrix[:, 0]), bits(alpha(times)))
        assert np.array_equal(bits(matrix[:, 1:5]), bits(color(times)))
        assert np.array_equal(bits(matrix[:, 5:9]), bits(frame(times)))
        out = np.full((6, 9), -1.0)
        assert anim.sample(times, out=out) is out and np.array_equal(out, matrix)
        frames = anim.sample_frames(times)
        assert np.array_equal(frames["label", "alpha"], alpha(times))
        assert frames["box", "frame"].shape == (6, 4)
        with pytest.raises(razzle.BufferTooSmallError):
            anim.sample(times, out=np.zeros((6, 8)))
        # The layout generation moves with the structure.
        before = layout.generation
        anim.add_track("box", "hidden")
        with pytest.raises(razzle.EmptyTrackError, match="box.hidden"):
            anim.sample(times)
        anim.remove_track("box", "hidden")
        assert anim.layout.generation > before
        assert anim.sample([]).shape == (0, 9)


def test_animator_sampling_while_tracks_change():
    with razzle.Animator() as anim:
        for i in range(50):
            track = anim.add_track(f"t{i}", "x")
            track[0], track[1] = 0.0, float(i)
        stop = threading.Event()
        errors = []

        def churn():
            n = 0
            while not stop.is_set():
                extra = anim.add_track("extra", f"p{n}")
                extra[0] = 1.0
                anim.remove_track("extra", f"p{n}")
                n += 1

        def sample():
            try:
                for _ in range(300):
                    try:
                        frame = anim.sample_frames([0.5])
                    except razzle.EmptyTrackError as error:
                        # A churned track caught between its creation and its
                        # first keyframe: a consistent state, reported.
                        assert "extra." in str(error)
                        continue
                    for i in range(50):
                        assert frame[f"t{i}", "x"][0] == i / 2
            except Exception as error:  # noqa: BLE001
                errors.append(error)

        workers = [threading.Thread(target=churn)] + [threading.Thread(target=sample) for _ in range(2)]
        for w in workers:
            w.start()
        for w in workers[1:]:
            w.join()
        stop.set()
        workers[0].join()
        assert errors == []


def test_large_append_in_time_order_is_fast_and_compact():
    """Keyframes appended in order go to the end of the buffers (amortized
    O(1)); 200k of them take well under the time a quadratic insert would."""
    import time

    with razzle.Animator() as anim:
        track = anim.add_track("v", "x")
        start = time.perf_counter()
        for i in range(200_000):
            track[i] = 0.5
        elapsed = time.perf_counter() - start
        assert len(track) == 200_000
        assert elapsed < 20  # a quadratic insert would move ~2e10 doubles
        assert track(123456.5) == 0.5


@pytest.mark.parametrize("spec", ["cubic-bezier(0.42, 0, 0.58, 1)", "ease-out", "easeInOutCubic", "easeOutBounce", "steps(3)"])
def test_uniform_easing_kernel_matches_the_formula(spec):
    """Every segment with one easing takes the specialized kernel; its values
    must be v0 + (v1 - v0) * easing(p) with p = (t - t0) / (t1 - t0), bit for
    bit, the easing evaluated on its own through razzle.easing."""
    rng = np.random.default_rng(11)
    times = np.sort(rng.choice(np.arange(1000), size=20, replace=False)).astype(float) / 9
    values = rng.uniform(-3, 3, 20)
    ease = razzle.easing(spec)
    with razzle.Animator() as anim:
        track = anim.add_track("v", "x")
        for t, v in zip(times, values):
            track.set(t, v, easing=spec)
        q = rng.uniform(times[0] + 1e-9, times[-1], 3000)
        q = q[~np.isin(q, times)]
        k = np.searchsorted(times, q, side="right") - 1
        p = (q - times[k]) / (times[k + 1] - times[k])
        expected = values[k] + (values[k + 1] - values[k]) * ease(p)
        assert np.array_equal(bits(track(q)), bits(expected))
        order = np.argsort(q)  # the same times in order take the cursor paths
        assert np.array_equal(bits(track(q[order])), bits(expected[order]))


def test_frame_cache_follows_every_edit():
    """One-time frames come from a cache of plain scalar tracks; every kind of
    edit must show in the next frame."""
    with razzle.Animator() as anim:
        a = anim.add_track("v", "a")
        a[0], a[10] = 0.0, 10.0
        b = anim.add_track("v", "b")
        b[0] = 7.0
        assert anim.sample([5.0]).tolist() == [[5.0, 7.0]]
        a[10] = 20.0  # replace a value
        assert anim.sample([5.0]).tolist() == [[10.0, 7.0]]
        a.set(0, 0.0, easing="easeInQuad")  # plain -> eased: leaves the cache
        assert anim.sample([5.0]).tolist() == [[5.0, 7.0]]
        a.set(0, 0.0)  # back to plain
        b[10] = 17.0  # a second keyframe
        assert anim.sample([5.0]).tolist() == [[10.0, 12.0]]
        del b[0]
        assert anim.sample([5.0]).tolist() == [[10.0, 17.0]]
        a.extrapolation = ("hold", "linear")  # extrapolation leaves the cache too
        assert anim.sample([15.0]).tolist() == [[30.0, 17.0]]
        c = anim.add_track("v", "c")
        c[0] = 1.0
        anim.remove_track("v", "a")
        assert anim.sample([5.0]).tolist() == [[17.0, 1.0]]
        assert a(15.0) == 30.0  # the removed track lives on
        a[20] = 0.0  # edits of a removed track are fine, and do not show
        assert anim.sample([5.0]).tolist() == [[17.0, 1.0]]
        # The frame path and the batch path agree bit for bit.
        assert np.array_equal(bits(anim.sample([5.0])[0]), bits(anim.sample([5.0, 5.0])[0]))
