"""The library's helper-thread pool (Guides: ARCHITECTURE, "Threads") and
the one-time frame path, seen from Python: results do not depend on the
thread count, on other threads calling in at once, or on a fork."""

import os
import threading

import numpy as np
import pytest
import razzle


@pytest.fixture(autouse=True)
def default_threads():
    yield
    razzle.set_thread_count(0)


def _animator(tracks=100, seed=14):
    rng = np.random.default_rng(seed)
    anim = razzle.Animator()
    expected = []
    for i in range(tracks):
        xp = np.sort(rng.uniform(0, 10, 16))
        fp = rng.normal(size=16)
        anim.add_track(f"node{i}", "value").set_keyframes(xp, fp)
        expected.append((xp, fp))
    return anim, expected


def _oracle(expected, x):
    # Linear between keyframes, held outside: numpy.interp, independent of razzle.
    return np.stack([np.interp(x, xp, fp) for xp, fp in expected], axis=1)


def test_a_split_batch_is_the_same_bits_on_any_thread_count():
    # 100 tracks x 4,000 times: 4e5 samples, split across up to 6 threads.
    anim, expected = _animator()
    x = np.random.default_rng(1).uniform(-1, 11, 4000)
    results = []
    for threads in (1, 2, 3, 6):
        razzle.set_thread_count(threads)
        results.append(anim.sample(x))
    for other in results[1:]:
        assert np.array_equal(results[0].view(np.int64), other.view(np.int64))
    np.testing.assert_allclose(results[0], _oracle(expected, x), rtol=1e-12, atol=1e-12)


def test_python_threads_splitting_batches_at_once():
    # Four Python threads (ctypes releases the GIL) each sample large batches
    # the library splits; one holds the pool at a time, the others run alone.
    anim, expected = _animator()
    razzle.set_thread_count(2)
    x = np.random.default_rng(2).uniform(-1, 11, 3000)
    reference = anim.sample(x)
    errors = []

    def work(seed):
        try:
            for _ in range(15):
                got = anim.sample(x)
                if not np.array_equal(got.view(np.int64), reference.view(np.int64)):
                    errors.append(f"thread {seed}: a different matrix")
                frame = anim.sample([float(x[seed])])
                if not np.array_equal(frame[0], reference[seed]):
                    errors.append(f"thread {seed}: a different frame")
        except Exception as error:  # reported below
            errors.append(repr(error))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    np.testing.assert_allclose(reference, _oracle(expected, x), rtol=1e-12, atol=1e-12)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_splits_batches_with_its_own_pool():
    # The parent starts the pool first; the child has none of its threads and
    # starts its own when it first splits a batch.
    anim, expected = _animator()
    razzle.set_thread_count(2)
    x = np.random.default_rng(3).uniform(-1, 11, 3000)
    reference = anim.sample(x)
    pid = os.fork()
    if pid == 0:  # the child: exit status 0 only for the same bits
        try:
            same = all(np.array_equal(anim.sample(x).view(np.int64), reference.view(np.int64)) for _ in range(3))
            os._exit(0 if same else 1)
        except BaseException:
            os._exit(2)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert np.array_equal(anim.sample(x).view(np.int64), reference.view(np.int64))


def test_frame_shapes_and_values_through_the_fast_path():
    anim = razzle.Animator()
    a = anim.add_track("v", "alpha")
    a[0], a[10] = 0.0, 1.0
    # 0.25 = 2.5 / 10 of the way; a number gives (columns,), a list or a
    # 1-element array (1, columns).
    assert anim.sample(2.5).tolist() == [0.25]
    assert anim.sample([2.5]).tolist() == [[0.25]]
    assert anim.sample(np.array([2.5])).tolist() == [[0.25]]
    assert dict(anim.animate(2.5)) == {("v", "alpha"): 0.25}
    # A new track after the layout was cached: the next frame has its column.
    c = anim.add_track("v", "fillColor")
    c[0] = (1.0, 0.5, 0.0, 1.0)
    assert anim.sample([5.0]).tolist() == [[0.5, 1.0, 0.5, 0.0, 1.0]]
    assert anim.animate(5.0)["v", "fillColor"] == razzle.Color(1.0, 0.5, 0.0, 1.0)
    # Removing one: the frame shrinks again.
    del anim["v", "fillColor"]
    assert anim.sample([5.0]).tolist() == [[0.5]]
    # An empty track is an error in the fast path as in the general one.
    anim.add_track("v", "x")
    with pytest.raises(razzle.EmptyTrackError):
        anim.sample([5.0])
    with pytest.raises(razzle.EmptyTrackError):
        anim.animate(5.0)
    anim["v", "x"][0] = 3.0
    # A NaN time gives NaN values (the header's rule).
    frame = anim.sample([float("nan")])
    assert frame.shape == (1, 2) and np.isnan(frame).all()
