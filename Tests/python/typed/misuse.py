"""Wrong uses that mypy --strict must report, each on a line marked
`# error` (test_typing.py checks that exactly those lines fail): the types
are precise enough to catch mistakes, not merely present."""

import razzle

anim = razzle.Animator()
alpha = anim.add_track("label", "alpha")
color = anim.add_track("label", "textColor")
text: str = alpha(45)  # error
shade: razzle.Color = alpha(45)  # error
level: float = color(45)  # error
many: float = alpha([1.0, 2.0])  # error
rate: float = color.velocity(1.0)  # error
alpha.set("30", 1.0)  # error
alpha(None)  # error
alpha("45")  # error
razzle.easing(5)  # error
alpha.set(30, 1.0, easing=3)  # error
anim.add_track(b"label", "alpha")  # error
razzle.Color.from_hex(5)  # error
anim.sample(times=["0"])  # error
anim.nonexistent()  # error
razzle.Timing(2.0)  # error
razzle.Timing(duration="fast")  # error
step: str = razzle.Timing().progress(0.5)  # error
fine: float = alpha(45)
