"""razzle.Paging and razzle.PageTracker: RazzleDazzle's numbers (W = 375,
4 pages) and JazzHands' offsets, worked by hand."""

import numpy as np
import pytest
import razzle


@pytest.fixture
def paging():
    layout = razzle.Paging(pages=4, page_width=375)
    yield layout
    layout.close()
    layout.animator.close()


def test_keep_and_rotate(paging):
    paging.keep("center", on_page=1)
    paging.keep("left", on_page=1, attribute="left")
    paging.keep("right", on_page=1, attribute="right")
    paging.keep("still", on_pages=[1, 2])
    paging.keep("jazz", on_pages=[1, 2], constant=10, offsets=[0, 20])
    assert paging.targets == ["center", "left", "right", "still", "jazz"]
    assert paging.positions(0).tolist() == [562.5, 375, 750, 562.5, 572.5]
    assert paging.positions(1.5).tolist() == [562.5, 375, 750, 750, 770]
    assert paging.positions(np.array([0, 3])).tolist() == [
        [562.5, 375, 750, 562.5, 572.5],
        [562.5, 375, 750, 937.5, 967.5],
    ]
    assert paging.animate(562.5, content_offset=True)["jazz"] == 770
    assert paging.positions([562.5], content_offset=True).shape == (1, 5)
    assert paging.animator.animate(1.5)[("jazz", "centerX")] == 760  # the offsets are a track of their own
    assert paging.animator.variables["pageWidth"] == 375
    paging.page_width = 667  # rotation: no keyframe edited
    assert paging.positions(1.5).tolist() == [1000.5, 667, 1334, 1334, 1354]
    assert paging.content_width == 2668 and paging.pages == 4
    paging.animator.variables["pageWidth"] = 320  # the same variable
    assert paging.page_width == 320


def test_fractional_negative_and_overscroll(paging):
    paging.keep("quarter", on_page=1.25)
    paging.keep("edge", on_pages=[-1, 4.5], at_times=[0, 2], attribute="left")
    assert paging.positions(1).tolist() == [(1.25 + 0.5) * 375, (-1 + 5.5 / 2) * 375]  # page 1.75 at time 1
    assert paging.positions(-3).tolist() == [656.25, -375]
    assert paging.positions(10).tolist() == [656.25, 4.5 * 375]


def test_pages_and_offsets(paging):
    assert paging.page_offset(562.5) == 1.5
    assert [paging.current_page(x) for x in (0, 187, 187.5, 600, 1125, 1e9, -300)] == [0, 0, 1, 2, 3, 3, 0]
    with pytest.raises(razzle.InvalidValueError):
        paging.current_page(float("nan"))


def test_bad_input_changes_nothing(paging):
    with pytest.raises(razzle.InvalidValueError):
        paging.page_width = 0
    with pytest.raises(razzle.WrongSizeError):
        paging.keep("a", on_pages=[1, 2], at_times=[0])
    with pytest.raises(razzle.InvalidValueError):
        paging.keep("a", on_pages=[1, 2], at_times=[0, 0])
    with pytest.raises(razzle.InvalidValueError):
        paging.keep("a", on_page=float("nan"))
    with pytest.raises(razzle.InvalidNameError):
        paging.keep("a", on_page=1, attribute="middle")
    with pytest.raises(razzle.InvalidTypeError):
        paging.keep("a")
    assert len(paging.animator) == 0 and paging.targets == [] and paging.page_width == 375
    paging.keep("a", on_page=1)
    with pytest.raises(razzle.DuplicateTrackError):
        paging.keep("a", on_page=2, attribute="left")
    assert paging.positions(0).tolist() == [562.5]
    paging.unkeep("a")
    assert len(paging.animator) == 0 and paging.positions(0).shape == (0,)
    with pytest.raises(razzle.InvalidValueError):
        razzle.Paging(pages=2, page_width=float("inf"))
    with pytest.raises(razzle.OutOfRangeError):
        razzle.Paging(pages=0, page_width=1)


def test_page_tracker(paging):
    tracker = paging.tracker()
    assert tracker.feed([10, 200, 300, 900, 1500, -20]) == [
        razzle.PageChange(1, 0, 1),
        razzle.PageChange(3, 1, 2),
        razzle.PageChange(4, 2, 3),
        razzle.PageChange(5, 3, 0),
    ]
    assert tracker.feed(100) == [] and tracker.page == 0
    many = np.tile([0.0, 400.0], 20)  # 39 changes: more than the first buffer holds
    assert len(tracker.feed(many)) == 39 and tracker.page == 1
    with pytest.raises(razzle.InvalidValueError):
        tracker.feed([800, float("nan")])
    assert tracker.page == 1
    with pytest.raises(razzle.OutOfRangeError):
        paging.tracker(4)
    tracker.close()
