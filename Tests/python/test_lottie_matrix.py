"""An imported Lottie file's frame matrix (`LottieAnimation.sample`) in one
batch holds, row for row, the bits of each time sampled alone, for every
real file in ../shared/lottie/files: dense sorted times (held values
before and after each keyframe span, layers out of their interval, the
batch routes that skip the easing or read a segment once), a block of NaN
times, and times in random order."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import razzle

SHARED = Path(__file__).resolve().parents[3] / "shared" / "lottie" / "files"
FILES = sorted(p.name for p in SHARED.glob("*.json")) if SHARED.is_dir() else []


def bits(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a).view(np.uint64)


def assert_same_on_threads(lottie, times: np.ndarray, expected: np.ndarray) -> None:
    """`lottie`'s matrix at `times`, sampled on 1 and on 2 threads, has the
    bits of `expected`."""
    for threads in (1, 2):
        previous = razzle.thread_count()
        razzle.set_thread_count(threads)
        try:
            np.testing.assert_array_equal(bits(lottie.sample(times)), bits(expected), f"{threads} threads")
        finally:
            razzle.set_thread_count(previous)


@pytest.mark.skipif(not FILES, reason="../shared/lottie/files is not beside the checkout")
@pytest.mark.parametrize("name", FILES)
def test_batch_rows_are_single_samples(name: str) -> None:
    try:
        lottie = razzle.import_lottie(SHARED / name)
    except razzle.InvalidValueError as error:
        pytest.skip(f"{name} is refused on purpose ({error})")
    if lottie.row_width == 0:
        pytest.skip(f"{name} has no animated value")
    rng = np.random.default_rng(len(name))
    ip, op = lottie.in_point, lottie.out_point
    dense = np.linspace(ip - 3, op + 3, 2_500)
    times = np.concatenate([dense, np.full(100, np.nan), rng.uniform(ip - 3, op + 3, 300)])
    times[2_550] = -np.nan
    rows = lottie.sample(times)
    assert_same_on_threads(lottie, times, rows)
    for j in range(0, times.size, 5):
        alone = lottie.sample(times[j : j + 1])[0]
        np.testing.assert_array_equal(bits(rows[j]), bits(alone), f"{name}: row {j}, t={times[j]}")


@pytest.mark.skipif(not FILES, reason="../shared/lottie/files is not beside the checkout")
@pytest.mark.parametrize("name", FILES)
def test_streamed_matrix_holds_the_bits_of_small_batches(name: str) -> None:
    """A matrix past 32 MiB (the rows layout's streaming threshold at most)
    is sampled tile by tile and transposed into its rows by non-temporal
    stores; batches of 1,000 rows are written in place. Both hold the same
    bits, NaN times and times beyond the frames among them, on 1 and 2
    threads."""
    try:
        lottie = razzle.import_lottie(SHARED / name)
    except razzle.InvalidValueError as error:
        pytest.skip(f"{name} is refused on purpose ({error})")
    width = lottie.row_width
    if width == 0:
        pytest.skip(f"{name} has no animated value")
    count = (33 << 20) // (8 * width) + 1_001
    times = np.linspace(lottie.in_point - 3, lottie.out_point + 3, count)
    times[::997] = np.nan
    reference = np.concatenate([lottie.sample(times[j : j + 1_000]) for j in range(0, count, 1_000)])
    assert_same_on_threads(lottie, times, reference)
