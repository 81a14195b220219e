"""numpy's shape conventions: a batch result has shape `times.shape +
channel shape` (channel shape () for one channel, (channels,) otherwise);
`anim.sample` gives `times.shape + (columns,)`. The oracle for every element
is a single-time call."""

import numpy as np
import pytest
import razzle

SHAPES = [(), (0,), (1,), (7,), (2, 3), (3, 1, 2), (2, 0, 4)]


@pytest.fixture
def anim():
    with razzle.Animator() as animator:
        alpha = animator.add_track("label", "alpha")
        alpha.set(0, 1.0, easing="easeInOutCubic")
        alpha[10] = 0.0
        color = animator.add_track("label", "textColor", color_space="oklab")
        color[0] = "#ff0000"
        color[10] = "#0000ff80"
        vector = animator.add_track("box", "weights", "vector", channels=3)
        vector.set(0, (0, 1, 2), interpolation="smooth")
        vector[5] = (3, -1, 4)
        vector[10] = (1, 1, 1)
        yield animator


def times_of(shape, seed=0):
    return np.random.default_rng(seed).uniform(-2, 12, size=shape)


def single(track, t):
    """The oracle: one single-time sample as channels."""
    value = track(float(t))
    return np.array([float(value)] if track.channels == 1 else [float(v) for v in value])


TRACKS = [("label", "alpha"), ("label", "textColor"), ("box", "weights")]


@pytest.mark.parametrize("key", TRACKS)
@pytest.mark.parametrize("shape", SHAPES)
def test_track_batch_shape_is_times_shape_plus_channels(anim, key, shape):
    track = anim[key]
    times = times_of(shape)
    channel_shape = () if track.channels == 1 else (track.channels,)
    for result in (track(times), track[times], track.sample(times)):
        assert isinstance(result, np.ndarray) and result.dtype == np.float64
        assert result.shape == shape + channel_shape
        flat = result.reshape(times.size, track.channels)
        for j, t in enumerate(times.reshape(-1)):
            assert np.array_equal(flat[j], single(track, t))
    velocity = track.velocity(times)
    assert velocity.shape == shape + channel_shape
    flat = velocity.reshape(times.size, track.channels)
    for j, t in enumerate(times.reshape(-1)):
        v = track.velocity(float(t))
        assert np.array_equal(flat[j], np.atleast_1d(v))


@pytest.mark.parametrize("key", TRACKS)
def test_nested_lists_keep_their_shape(anim, key):
    track = anim[key]
    nested = [[0.0, 2.5, 5.0], [7.5, 10.0, 12.0]]
    assert np.array_equal(track(nested), track(np.array(nested)))
    assert track(nested).shape[:2] == (2, 3)


def test_a_number_gives_a_value_and_a_0d_array_gives_an_array(anim):
    alpha, color = anim["label", "alpha"], anim["label", "textColor"]
    assert isinstance(alpha(2.5), float) and isinstance(alpha(np.float64(2.5)), float)
    assert isinstance(color(2.5), razzle.Color)
    zero_d = alpha(np.array(2.5))
    assert isinstance(zero_d, np.ndarray) and zero_d.shape == () and zero_d[()] == alpha(2.5)
    assert color(np.array(2.5)).shape == (4,) and tuple(color(np.array(2.5))) == color(2.5)


@pytest.mark.parametrize("key", TRACKS)
def test_out_works_for_call_and_sample(anim, key):
    track = anim[key]
    times = times_of((2, 3), seed=1)
    expected = track.sample(times)
    for call in (track.sample, track):
        out = np.full(expected.shape, -1.0)
        assert call(times, out=out) is out
        assert np.array_equal(out, expected)
    out = np.full(times.size * track.channels, -1.0)  # any shape with room, filled in order
    assert track(times, out=out) is out and np.array_equal(out, expected.reshape(-1))
    scalar_out = np.empty(track.channels)
    assert track(2.5, out=scalar_out) is scalar_out and np.array_equal(scalar_out, single(track, 2.5))
    with pytest.raises(razzle.BufferTooSmallError):
        track(times, out=np.empty(times.size * track.channels - 1))
    with pytest.raises(TypeError):
        track(times, out=np.empty(expected.shape, dtype=np.float32))
    velocity_out = np.empty(expected.shape)
    assert track.velocity(times, out=velocity_out) is velocity_out
    assert np.array_equal(velocity_out, track.velocity(times))


@pytest.mark.parametrize("shape", SHAPES)
def test_animator_sample_is_times_shape_plus_columns(anim, shape):
    times = times_of(shape, seed=2)
    layout = anim.layout
    matrix = anim.sample(times)
    assert matrix.shape == shape + (layout.columns,) == shape + (8,)
    flat = matrix.reshape(times.size, layout.columns)
    assert np.array_equal(flat, anim.sample(times.reshape(-1)))
    for column in layout:
        track = anim[column.target, column.property]
        block = matrix[..., column.start : column.start + column.channels]
        assert np.array_equal(block.reshape(-1, column.channels), track.sample(times).reshape(-1, column.channels))
    frames = anim.sample_frames(times)
    for column in layout:
        expected = anim[column.target, column.property](times)
        assert frames[column.target, column.property].shape == expected.shape
        assert np.array_equal(frames[column.target, column.property], expected)


def test_animator_sample_of_one_number_is_one_row(anim):
    row = anim.sample(2.5)
    assert row.shape == (anim.layout.columns,)
    assert np.array_equal(row, anim.sample([2.5])[0])


def test_animator_sample_into_out_with_nd_times(anim):
    times = times_of((2, 3), seed=3)
    out = np.empty((2, 3, 8))
    assert anim.sample(times, out=out) is out
    assert np.array_equal(out, anim.sample(times))


@pytest.mark.parametrize("shape", SHAPES)
def test_easing_and_spring_keep_the_shape(shape):
    progress = np.random.default_rng(4).uniform(0, 1, size=shape)
    ease, spring = razzle.easing("easeOutBounce"), razzle.Spring.from_duration_bounce(0.5, 0.2)
    for call in (ease, ease.derivative, spring.position, spring.velocity):
        result = call(progress)
        assert isinstance(result, np.ndarray) and result.shape == shape
        flat = result.reshape(-1)
        for j, p in enumerate(progress.reshape(-1)):
            value = call(float(p))
            assert isinstance(value, float) and flat[j] == value
