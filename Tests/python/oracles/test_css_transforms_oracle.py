"""Self-test of the CSS Transforms 2 oracle on cases worked by hand."""

import math

import numpy as np
import pytest

import css_transforms as ct

DEG = math.pi / 180


def rot_z(degrees):
    return ct.rotate3d(0, 0, 1, degrees * DEG)


def apply(m, p):
    """[x y z 1] . m, divided by w."""
    v = np.array([*p, 1.0]) @ m
    return v[:3] / v[3]


# --- the transform functions themselves -------------------------------------


def test_rotate_z_turns_x_towards_y():
    # rotate(90deg): +x goes to +y, m12 = 1 (CATransform3DMakeRotation too).
    m = rot_z(90)
    assert m[0][1] == pytest.approx(1)
    assert m[1][0] == pytest.approx(-1)
    np.testing.assert_allclose(apply(m, [1, 0, 0]), [0, 1, 0], atol=1e-15)


def test_perspective_scales_by_d_over_d_minus_z():
    np.testing.assert_allclose(apply(ct.perspective(500), [10, 20, 100]), [12.5, 25, 125], atol=1e-12)


# --- decomposition -----------------------------------------------------------


def test_decompose_parts():
    d = ct.decompose(ct.translate3d(1, -2, 3))
    np.testing.assert_array_equal(d.translation, [1, -2, 3])
    np.testing.assert_array_equal(d.scale, [1, 1, 1])
    np.testing.assert_allclose(d.quaternion, [0, 0, 0, 1])

    d = ct.decompose(ct.scale3d(2, 3, 4))
    np.testing.assert_array_equal(d.scale, [2, 3, 4])

    d = ct.decompose(rot_z(90))
    s = math.sqrt(0.5)
    np.testing.assert_allclose(d.quaternion, [0, 0, s, s], atol=1e-15)

    d = ct.decompose(ct.skew(xy=math.tan(30 * DEG)))
    np.testing.assert_allclose(d.skew, [math.tan(30 * DEG), 0, 0], atol=1e-15)

    d = ct.decompose(ct.perspective(400))
    np.testing.assert_allclose(d.perspective, [0, 0, -1 / 400, 1], atol=1e-18)


def test_reflection_negates_all_scales_and_turns_half_about_x():
    d = ct.decompose(ct.scale3d(-1, 1))
    np.testing.assert_allclose(d.scale, [-1, -1, -1])
    np.testing.assert_allclose(d.quaternion, [1, 0, 0, 0], atol=1e-15)


def test_spec_and_eigen_quaternions_agree_on_ordinary_rotations():
    for axis in ([1, 0, 0], [0, 1, 0], [1, 2, 3], [-2, 0.5, 1]):
        for degrees in (10, 90, 135, 200, 300):
            m = ct.rotate3d(*axis, degrees * DEG)
            spec = ct.decompose(m, "spec").quaternion
            eigen = ct.decompose(m, "eigen").quaternion
            np.testing.assert_allclose(spec, eigen, atol=1e-7)


def test_spec_quaternion_signs_fail_on_equal_off_diagonals():
    # csswg-drafts#3710: matrix(1, 1, 1, 0, 0, 0) leaves an orthonormal
    # matrix with equal off-diagonal entries; the spec's sign tests then give
    # (0.3827, 0.9239, 0, 0) where (-0.3827, 0.9239, 0, 0) is right.
    m = ct.matrix2d(1, 1, 1, 0, 0, 0)
    eigen = ct.decompose(m).quaternion
    np.testing.assert_allclose(eigen, [-math.sin(22.5 * DEG), math.cos(22.5 * DEG), 0, 0], atol=1e-15)
    np.testing.assert_allclose(ct.recompose(ct.decompose(m)), m, atol=1e-15)
    spec = ct.decompose(m, "spec").quaternion
    np.testing.assert_allclose(spec, [math.sin(22.5 * DEG), math.cos(22.5 * DEG), 0, 0], atol=1e-15)
    assert np.abs(ct.recompose(ct.decompose(m, "spec")) - m).max() > 1


def test_non_decomposable():
    assert ct.decompose(ct.scale3d(0, 1)) is None
    m = np.identity(4)
    m[3][3] = 0
    assert ct.decompose(m) is None
    m = np.identity(4)
    m[0][0] = math.nan
    assert ct.decompose(m) is None


# --- recomposition -----------------------------------------------------------


def test_recomposition_order_is_scale_skew_rotate_translate_perspective():
    q = [0, 0, math.sin(15 * DEG), math.cos(15 * DEG)]
    d = ct.Decomposed(
        translation=np.array([5.0, 6, 7]),
        scale=np.array([2.0, 3, 4]),
        skew=np.array([0.5, 0, 0]),
        perspective=np.array([0, 0, -0.01, 1]),
        quaternion=np.array(q),
    )
    expected = ct.scale3d(2, 3, 4) @ ct.skew(xy=0.5) @ rot_z(30) @ ct.translate3d(5, 6, 7) @ ct.perspective(100)
    np.testing.assert_allclose(ct.recompose(d), expected, atol=1e-14)


ROUND_TRIP_CASES = {
    "rotate 200deg about z": rot_z(200),
    "rotate 270deg about (1,1,1)": ct.rotate3d(1, 1, 1, 270 * DEG),
    "rotate 359deg about (-2,.5,3)": ct.rotate3d(-2, 0.5, 3, 359 * DEG),
    "skew": ct.skew(0.7, -0.3, 1.2),
    "scale(2,-3,.5)": ct.scale3d(2, -3, 0.5),
    "mirror and rotate": ct.scale3d(-2, 1) @ rot_z(143),
    "perspective": ct.perspective(500),
    "rotate translate perspective": ct.rotate3d(0, 1, 0, 0.8) @ ct.translate3d(10, -20, 30) @ ct.perspective(800),
    "composite": ct.scale3d(3, 0.5, 2) @ ct.skew(0.7, -0.3, 1.2) @ ct.rotate3d(1, 2, -1, 4) @ ct.translate3d(100, 200, -50),
}


@pytest.mark.parametrize("name", sorted(ROUND_TRIP_CASES))
def test_round_trip(name):
    m = ROUND_TRIP_CASES[name]
    m = m / m[3][3]  # decomposition normalizes by m44
    np.testing.assert_allclose(ct.recompose(ct.decompose(m)), m, atol=1e-12, err_msg=name)
    # The spec's own quaternion extraction is good to about 1e-8.
    np.testing.assert_allclose(ct.recompose(ct.decompose(m, "spec")), m, atol=1e-7, err_msg=name)


def test_round_trip_normalizes_by_m44():
    m = ct.perspective(300)
    m[0][3] = 0.001
    m[3][3] = 2
    np.testing.assert_allclose(ct.recompose(ct.decompose(m)), m / 2, atol=1e-12)


# --- interpolation -----------------------------------------------------------


def test_rotation_midpoint():
    np.testing.assert_allclose(ct.interpolate(rot_z(0), rot_z(90), 0.5), rot_z(45), atol=1e-15)


def test_scale_midpoint():
    np.testing.assert_allclose(ct.interpolate(ct.identity(), ct.scale3d(3, 3, 3), 0.5), ct.scale3d(2, 2, 2), atol=1e-15)


def test_translation():
    np.testing.assert_allclose(
        ct.interpolate(ct.identity(), ct.translate3d(10, 20, 30), 0.25), ct.translate3d(2.5, 5, 7.5), atol=1e-15
    )


def test_perspective_interpolates_linearly():
    np.testing.assert_allclose(ct.interpolate(ct.identity(), ct.perspective(500), 0.5), ct.perspective(1000), atol=1e-15)


def test_shortest_path_versus_spec_text():
    # 170deg -> 190deg about z: the quaternions' dot product is negative.
    shortest = ct.interpolate(rot_z(170), rot_z(190), 0.5)
    np.testing.assert_allclose(shortest, rot_z(180), atol=1e-14)
    literal = ct.interpolate(rot_z(170), rot_z(190), 0.5, shortest=False)
    np.testing.assert_allclose(literal, rot_z(0), atol=1e-14)


def test_slerp_between_axes():
    s = math.sqrt(0.5)
    q = ct.slerp([s, 0, 0, s], [0, s, 0, s], 0.5)
    np.testing.assert_allclose(q, np.array([s, s, 0, 2 * s]) / math.sqrt(3), atol=1e-15)


def test_endpoints_and_discrete_fallback():
    a, b = rot_z(30), ct.translate3d(1, 2, 3)
    assert ct.interpolate(a, b, 0) is not None
    np.testing.assert_array_equal(ct.interpolate(a, b, 0), a)
    np.testing.assert_array_equal(ct.interpolate(a, b, 1), b)
    flat = ct.scale3d(0, 1)
    np.testing.assert_array_equal(ct.interpolate(flat, a, 0.49), flat)
    np.testing.assert_array_equal(ct.interpolate(flat, a, 0.5), a)


def test_2d_interpolation():
    c, s = math.cos(math.pi / 2), math.sin(math.pi / 2)
    mid = ct.interpolate_2d([1, 0, 0, 1, 0, 0], [c, s, -s, c, 20, 40], 0.5)
    r = math.sqrt(0.5)
    np.testing.assert_allclose(mid, [r, r, -r, r, 10, 20], atol=1e-15)
    # A mirror image: every scale passes through 0 halfway.
    np.testing.assert_allclose(ct.interpolate_2d([1, 0, 0, 1, 0, 0], [-1, 0, 0, 1, 0, 0], 0.5), np.zeros(6), atol=1e-15)
