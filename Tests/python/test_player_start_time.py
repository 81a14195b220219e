"""Player.start_time with Web Animations' semantics (issue 24, item 3), by
hand: current time = (clock - start) x rate while running."""

import pytest

import razzle


def player():
    anim = razzle.Animator()
    track = anim.add_track("v", "alpha")
    track[0.0] = 0
    track[10.0] = 1
    return razzle.Player(razzle.Clip(anim))


def test_an_idle_player_has_no_start_time_and_unsetting_its_current_time_does_nothing():
    p = player()
    assert p.play_state == "idle" and p.start_time is None and p.current_time is None
    p.current_time = None  # Web Animations: a no-op (was InvalidTypeError)
    assert p.play_state == "idle" and p.current_time is None


def test_setting_the_start_time_resolves_the_current_time_from_the_clock():
    p = player()
    p.advance(10)  # the clock reads 10
    p.start_time = 4.0
    assert p.play_state == "running"
    assert p.current_time == 6.0  # (10 - 4) x 1
    p.advance(1)
    assert p.current_time == 7.0 and p.start_time == 4.0


def test_start_and_current_time_stay_consistent_when_the_rate_changes():
    p = player()
    p.advance(10)
    p.start_time = 4.0
    p.playback_rate = 2.0
    # The rate setter keeps the current time (6) and moves the start:
    # 10 - 6 / 2 = 7.
    assert p.current_time == 6.0 and p.start_time == 7.0
    p.advance(0.5)
    assert p.current_time == 7.0  # (10.5 - 7) x 2


def test_unresolving_the_start_time_holds_the_current_time():
    p = player()
    p.advance(10)
    p.start_time = 4.0
    p.start_time = None
    assert p.play_state == "paused" and p.current_time == 6.0 and p.start_time is None
    p.advance(3)
    assert p.current_time == 6.0
    with pytest.raises(razzle.InvalidValueError):
        p.current_time = None  # a resolved current time cannot be unset (cancel() can)
    with pytest.raises(razzle.InvalidValueError):
        p.start_time = float("inf")
    assert p.current_time == 6.0


def test_a_control_that_would_put_the_start_time_beyond_the_doubles_changes_nothing():
    # At a rate of 1e-300, a current time of 1e155 (fraction 1e154 of an
    # end of 10) is 1e455 clock units before the clock: not a double.
    p = player()
    p.play()
    p.playback_rate = 1e-300
    start, current = p.start_time, p.current_time
    with pytest.raises(razzle.InvalidValueError, match="start time"):
        p.fraction_complete = 1e154
    assert p.start_time == start and p.current_time == current and p.play_state == "running"
    p.current_time = 5.0  # 0 - 5 / 1e-300 is a double: accepted
    assert p.current_time == pytest.approx(5.0) and p.start_time == pytest.approx(-5e300)
