"""Color tracks at every kernel level: the batched conversion back to sRGB
(four colors at a time, compiled per CPU level) gives the same bits at
every level, in batches and single samples, and agrees with numpy's CSS
Color 4 Oklab interpolation (Ottosson's published matrices, an independent
rounding of the same transform)."""

import numpy as np
import pytest

import razzle

# Björn Ottosson's Oklab inverse matrices as published (bottosson.github.io/posts/oklab),
# to 10 digits; razzle uses the CSS Color 4 products at 64-bit precision.
LAB_TO_LMS = np.array(
    [
        [1.0, 0.3963377774, 0.2158037573],
        [1.0, -0.1055613458, -0.0638541728],
        [1.0, -0.0894841775, -1.2914855480],
    ]
)
LMS_TO_RGB = np.array(
    [
        [4.0767416621, -3.3077115913, 0.2309699292],
        [-1.2684380046, 2.6097574011, -0.3413193965],
        [-0.0041960863, -0.7034186147, 1.7076147010],
    ]
)
RGB_TO_LMS = np.linalg.inv(LMS_TO_RGB)
LMS_TO_LAB = np.linalg.inv(LAB_TO_LMS)


def to_linear(c):
    a = np.abs(c)
    return np.where(a <= 0.04045, c / 12.92, np.sign(c) * ((a + 0.055) / 1.055) ** 2.4)


def to_srgb(c):
    a = np.abs(c)
    return np.where(a <= 0.0031308, 12.92 * c, np.sign(c) * (1.055 * a ** (1 / 2.4) - 0.055))


def oklab_oracle(times, colors, x):
    """CSS Color 4 Oklab interpolation (not premultiplied), hold outside."""
    lab = np.cbrt(to_linear(colors[:, :3]) @ RGB_TO_LMS.T) @ LMS_TO_LAB.T
    k = np.clip(np.searchsorted(times, x, side="right") - 1, 0, len(times) - 2)
    p = np.clip((x - times[k]) / (times[k + 1] - times[k]), 0, 1)[:, None]
    blended = lab[k] + (lab[k + 1] - lab[k]) * p
    alpha = colors[k, 3] + (colors[k + 1, 3] - colors[k, 3]) * p[:, 0]
    rgb = to_srgb(((blended @ LAB_TO_LMS.T) ** 3) @ LMS_TO_RGB.T)
    return np.column_stack([rgb, alpha])


@pytest.fixture(autouse=True)
def default_level():
    yield
    razzle.set_kernel_level(None)


def _track(anim, space, premultiplied, rng):
    track = anim.add_track(f"c-{space}-{premultiplied}", "textColor", color_space=space, premultiplied=premultiplied)
    times = np.arange(16.0)
    colors = rng.uniform(0, 1, (16, 4))
    colors[5] = [0.5, 0.5, 0.5, 1.0]  # gray: a powerless OkLCh hue
    for t, c in zip(times.tolist(), colors.tolist()):
        track[t] = tuple(c)
    return track, times, colors


@pytest.mark.parametrize("space", ["oklab", "oklch", "linear-srgb"])
@pytest.mark.parametrize("premultiplied", [False, True])
def test_every_level_gives_the_same_bits_in_batches_and_single_samples(space, premultiplied):
    rng = np.random.default_rng(1414)
    x = rng.uniform(-1, 16, 2003)
    x[:6] = [np.nan, 0.0, 15.0, 7.0, -np.inf, np.inf]
    results = {}
    with razzle.Animator() as anim:
        track, _, _ = _track(anim, space, premultiplied, rng)
        with track:
            for level in razzle.kernel_levels():
                razzle.set_kernel_level(level)
                got = track.sample(x)
                singles = np.array([track(t) for t in x[::50].tolist()])
                assert singles.tobytes() == got[::50].tobytes(), level
                results[level] = got
    for level, got in results.items():
        assert got.tobytes() == results["baseline"].tobytes(), f"{level} differs from baseline"
    assert np.isnan(results["baseline"][0]).all()
    assert np.isfinite(results["baseline"][1:]).all()


def test_oklab_tracks_agree_with_numpy_css_color_4():
    rng = np.random.default_rng(7)
    x = rng.uniform(-1, 16, 5000)
    with razzle.Animator() as anim:
        track, times, colors = _track(anim, "oklab", False, rng)
        with track:
            expected = oklab_oracle(times, colors, x)
            for level in razzle.kernel_levels():
                razzle.set_kernel_level(level)
                np.testing.assert_allclose(track.sample(x), expected, rtol=0, atol=1e-6, err_msg=level)
