"""Property-based checks: a track behaves like a sorted dict of keyframes
under any sequence of edits, and no text crashes the easing parser."""

import math

import numpy as np
import razzle
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

times = st.floats(-1000, 1000, allow_nan=False).map(lambda t: round(t, 3))
values = st.floats(-1e6, 1e6, allow_nan=False)
bad_numbers = st.sampled_from([math.nan, math.inf, -math.inf])
easings = st.sampled_from(["", "linear", "easeInQuad", "easeOutBounce", "ease", "steps(3)", "bouncy(0.4)"])


class TrackModel(RuleBasedStateMachine):
    """Random sets, removals and rejected edits against a dict model."""

    def __init__(self):
        super().__init__()
        self.anim = razzle.Animator()
        self.track = self.anim.add_track("v", "x")
        self.model = {}

    def teardown(self):
        self.anim.close()

    @rule(t=times, v=values, easing=easings)
    def set(self, t, v, easing):
        self.track.set(t, v, easing=easing)
        self.model[t] = (v, razzle.easing(easing).spec)

    @rule(t=times)
    def remove(self, t):
        if t in self.model:
            del self.track[t]
            del self.model[t]
        else:
            try:
                del self.track[t]
            except KeyError:
                return
            raise AssertionError("removed a keyframe that does not exist")

    @rule(t=times, bad=bad_numbers)
    def rejected(self, t, bad):
        for args in ((bad, 0.0), (t, bad)):
            try:
                self.track.set(*args)
            except razzle.InvalidValueError:
                continue
            raise AssertionError(f"accepted {args}")

    @invariant()
    def same_keyframes(self):
        expected = [(t, v, e) for t, (v, e) in sorted(self.model.items())]
        assert [(k.time, k.value, k.easing) for k in self.track.keyframes] == expected

    @invariant()
    def samples_follow_the_rule(self):
        if not self.model:
            return
        keys = sorted(self.model)
        first, last = keys[0], keys[-1]
        assert self.track(first - 1) == self.model[first][0]
        assert self.track(last + 1) == self.model[last][0]
        for t in keys:
            assert self.track(t) == self.model[t][0]  # exactly at a keyframe


TestTrackModel = TrackModel.TestCase
TestTrackModel.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=40))
def test_any_text_is_an_easing_or_an_easing_error(text):
    try:
        ease = razzle.easing(text)
    except razzle.EasingError as error:
        assert str(error)
        return
    values = ease(np.linspace(0, 1, 5))
    assert values.shape == (5,)
    assert razzle.easing(ease.spec) == ease  # the canonical form parses back


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["cubic-bezier", "steps", "linear", "spring", "easeOutBack", "bouncy", "(", ")", ",", "="]),
            st.floats(allow_nan=True, allow_infinity=True).map(repr),
            st.sampled_from(["jump-none", "start", "75%", "mass", "-", "1e400", " "]),
        ),
        max_size=12,
    )
)
def test_near_miss_specs_never_crash(tokens):
    text = "".join(tokens)
    try:
        razzle.easing(text)
    except razzle.EasingError:
        pass
