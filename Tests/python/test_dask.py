"""razzle.dask on a distributed.LocalCluster with worker processes: a
scene, an animator and a node sampled over a chunked dask array of times,
and a function mapped over many scenes, equal bit for bit to local
sampling. Needs the `dask` extra (`make test-dask` installs it and runs
this file); without it the tests are skipped."""

import numpy as np
import pytest
import razzle

dask = pytest.importorskip("dask", reason="the dask extra is not installed (make test-dask)")
distributed = pytest.importorskip("distributed", reason="the dask extra is not installed (make test-dask)")
da = pytest.importorskip("dask.array")
razzle_dask = pytest.importorskip("razzle.dask")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def scene_objects():
    anim = razzle.Animator()
    x = anim.add_track("box", "x")
    x.set(0, 0.0, easing="easeOutBack(2.5)")
    x.set(1, 5.0, interpolation="smooth", tension=0.3)
    x[3] = -2.0
    c = anim.add_track("box", "fillColor", color_space="oklch")
    c[0], c[3] = "#ff0000", "#0000ff80"
    timeline = razzle.Timeline(iterations=2, direction="alternate")
    timeline.add(razzle.Clip(anim, duration=1, fill="forwards"))
    timeline.add(razzle.Clip(anim, span=(0, 1), duration=0.5), at="<0.25")
    return anim, timeline


def bits(a):
    return np.ascontiguousarray(a, dtype=np.float64).view(np.uint64)


def test_sampling_on_the_cluster_is_local_sampling_bit_for_bit(client):
    anim, timeline = scene_objects()
    times = np.linspace(-1, 6, 20_001)
    chunked = da.from_array(times, chunks=3_000)
    for obj in (anim, timeline, razzle.Scene([timeline])):
        local = (timeline if not isinstance(obj, razzle.Animator) else anim).sample(times)
        remote = razzle_dask.sample(obj, chunked)
        assert remote.shape == local.shape and remote.chunks[0] == chunked.chunks[0]
        assert np.array_equal(bits(remote.compute()), bits(local))
    # Two-dimensional times keep their shape, one row of columns per time.
    grid = da.from_array(times[:20_000].reshape(100, 200), chunks=(25, 200))
    assert np.array_equal(bits(razzle_dask.sample(anim, grid).compute()), bits(anim.sample(times[:20_000].reshape(100, 200))))


def test_a_function_maps_over_many_scenes(client):
    animators = []
    for k in range(8):
        a = razzle.Animator()
        t = a.add_track("v", "x")
        t[0], t[1] = float(k), float(k * k)
        animators.append(a)
    results = razzle_dask.map_objects(lambda anim: anim.sample(np.array([0.25, 0.5])), animators)
    for a, r in zip(animators, results):
        assert np.array_equal(bits(r), bits(a.sample(np.array([0.25, 0.5]))))
    _, timeline = scene_objects()
    [ends] = razzle_dask.map_objects(lambda node: node.end_time, [timeline])
    assert ends == timeline.end_time
    # razzle objects also travel as pickles (the scene format inside).
    future = client.submit(lambda anim: float(anim["v", "x"](0.5)), animators[3])
    assert future.result() == animators[3]["v", "x"](0.5)
