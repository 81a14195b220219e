"""Reference implementation of CSS Transforms Level 2 matrix interpolation.

An oracle for testing razzle's Swift implementation: plain functions over 4x4
numpy arrays, following the pseudo-code of
https://drafts.csswg.org/css-transforms-2/#interpolation-of-3d-matrices
line by line ("Decomposing a 3D matrix", "Interpolation of decomposed 3D
matrix values", "Recomposing to a 3D matrix").

Conventions
-----------
A matrix is a 4x4 float array ``m`` with ``m[i][j]`` the spec's
``matrix[i][j]``: row-vector convention, ``m[3][0:3]`` is the translation,
``m[0:3][3]`` the perspective column. Flattened row by row it gives the
arguments of CSS ``matrix3d()`` and the fields m11..m44 of ``CATransform3D``.
Quaternions are ``[x, y, z, w]``.

Where the spec's pseudo-code is known to be wrong, this follows the reading
browsers implement, and says so:

* Recomposition. The pseudo-code's ``multiply(a, b)`` "returns the 4x4 matrix
  product of a * b" in the spec's column-vector notation, i.e. for these
  row-vector arrays ``b @ a``; and its rotation matrix is written transposed
  relative to what its own decomposition extracts (csswg-drafts#3230; fixed
  the same way in WebKit PR 17162 and Ladybird PR 9784). Followed literally,
  decompose-then-recompose turns every rotation backwards.
* Quaternion extraction. The spec's ``0.5*sqrt(max(1 +- ...))`` with sign
  tests (``quaternion_method="spec"``) is kept, but it is imprecise near zero
  components (about 1e-8) and picks wrong signs for 180-degree rotations with
  equal off-diagonal entries (csswg-drafts#3710). The default,
  ``quaternion_method="eigen"``, takes the unit eigenvector of Bar-Itzhack's
  symmetric 4x4 matrix instead: the same quaternion wherever the spec's is
  right, computed independently of razzle's method.
* Slerp. The spec never negates a quaternion when the dot product is
  negative, so it can rotate the long way (up to 360 degrees). Browsers
  (Chromium gfx::Quaternion::Slerp, WebKit) negate; ``shortest=True`` (the
  default) does too, ``shortest=False`` is the spec text.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

__all__ = [
    "Decomposed",
    "decompose",
    "recompose",
    "slerp",
    "interpolate_decomposed",
    "interpolate",
    "interpolate_2d",
    "identity",
    "translate3d",
    "scale3d",
    "rotate3d",
    "skew",
    "perspective",
    "matrix2d",
    "to_matrix2d",
    "quaternion_to_rotation",
]


@dataclass(frozen=True)
class Decomposed:
    """The spec's decomposition outputs."""

    translation: np.ndarray  # 3
    scale: np.ndarray  # 3
    skew: np.ndarray  # 3: XY, XZ, YZ
    perspective: np.ndarray  # 4
    quaternion: np.ndarray  # 4: x, y, z, w


# ---------------------------------------------------------------------------
# Supporting functions named in the spec


def determinant(m) -> float:
    """Determinant by cofactor expansion (exact zero for exactly singular
    inputs with zero rows or repeated rows, as the spec's ``== 0`` test
    needs)."""
    m = [list(map(float, row)) for row in m]
    n = len(m)
    if n == 1:
        return m[0][0]
    if n == 2:
        return m[0][0] * m[1][1] - m[0][1] * m[1][0]
    total = 0.0
    for j in range(n):
        if m[0][j] == 0:
            continue
        minor = [row[:j] + row[j + 1 :] for row in m[1:]]
        total += (-1) ** j * m[0][j] * determinant(minor)
    return total


def mult_vec_matrix(v, m) -> np.ndarray:
    """Graphics Gems' V4MulPointByMatrix: the row vector ``v`` times ``m``."""
    return np.asarray(v, dtype=float) @ np.asarray(m, dtype=float)


def length(v) -> float:
    return math.sqrt(float(np.dot(v, v)))


def normalize(v) -> np.ndarray:
    return np.asarray(v, dtype=float) / length(v)


def combine(a, b, ascl, bscl) -> np.ndarray:
    return ascl * np.asarray(a, dtype=float) + bscl * np.asarray(b, dtype=float)


def multiply(a, b) -> np.ndarray:
    """The spec's ``multiply(a, b)``: the product a * b in the spec's
    column-vector notation, which for these row-vector arrays is ``b @ a``."""
    return np.asarray(b, dtype=float) @ np.asarray(a, dtype=float)


# ---------------------------------------------------------------------------
# Decomposing a 3D matrix


def _quaternion_spec(row) -> np.ndarray:
    q = np.array(
        [
            0.5 * math.sqrt(max(1 + row[0][0] - row[1][1] - row[2][2], 0)),
            0.5 * math.sqrt(max(1 - row[0][0] + row[1][1] - row[2][2], 0)),
            0.5 * math.sqrt(max(1 - row[0][0] - row[1][1] + row[2][2], 0)),
            0.5 * math.sqrt(max(1 + row[0][0] + row[1][1] + row[2][2], 0)),
        ]
    )
    if row[2][1] > row[1][2]:
        q[0] = -q[0]
    if row[0][2] > row[2][0]:
        q[1] = -q[1]
    if row[1][0] > row[0][1]:
        q[2] = -q[2]
    return q


def _quaternion_eigen(row) -> np.ndarray:
    # In the spec's column-vector notation the rotation matrix R has the
    # (orthonormal) rows as its columns: R[a][b] = row[b][a].
    r = np.asarray(row, dtype=float).T
    k = (
        np.array(
            [
                [r[0, 0] - r[1, 1] - r[2, 2], r[0, 1] + r[1, 0], r[0, 2] + r[2, 0], r[2, 1] - r[1, 2]],
                [r[0, 1] + r[1, 0], r[1, 1] - r[0, 0] - r[2, 2], r[1, 2] + r[2, 1], r[0, 2] - r[2, 0]],
                [r[0, 2] + r[2, 0], r[1, 2] + r[2, 1], r[2, 2] - r[0, 0] - r[1, 1], r[1, 0] - r[0, 1]],
                [r[2, 1] - r[1, 2], r[0, 2] - r[2, 0], r[1, 0] - r[0, 1], r[0, 0] + r[1, 1] + r[2, 2]],
            ]
        )
        / 3.0
    )
    values, vectors = np.linalg.eigh(k)
    q = vectors[:, int(np.argmax(values))]
    q = q / np.linalg.norm(q)
    if q[3] < 0:
        q = -q
    return q


def decompose(matrix, quaternion_method: str = "eigen") -> Decomposed | None:
    """Decompose a 4x4 matrix, or return None if the spec says it cannot be.

    ``quaternion_method`` is ``"eigen"`` (default) or ``"spec"``; see the
    module docstring.
    """
    matrix = np.array(matrix, dtype=float)
    if not np.all(np.isfinite(matrix)):
        return None

    # Normalize the matrix.
    if matrix[3][3] == 0:
        return None
    matrix = matrix / matrix[3][3]

    # perspectiveMatrix is used to solve for perspective, but it also
    # provides an easy way to test for singularity of the upper 3x3 component.
    perspective_matrix = matrix.copy()
    for i in range(3):
        perspective_matrix[i][3] = 0
    perspective_matrix[3][3] = 1
    if determinant(perspective_matrix) == 0:
        return None

    # First, isolate perspective.
    if matrix[0][3] != 0 or matrix[1][3] != 0 or matrix[2][3] != 0:
        right_hand_side = np.array([matrix[0][3], matrix[1][3], matrix[2][3], matrix[3][3]])
        inverse_perspective_matrix = np.linalg.inv(perspective_matrix)
        transposed_inverse_perspective_matrix = inverse_perspective_matrix.T
        persp = mult_vec_matrix(right_hand_side, transposed_inverse_perspective_matrix)
    else:
        persp = np.array([0.0, 0.0, 0.0, 1.0])

    # Next take care of translation.
    translate = np.array([matrix[3][i] for i in range(3)])

    # Now get scale and shear.
    row = [np.array(matrix[i][0:3]) for i in range(3)]
    scale = np.zeros(3)
    skew_ = np.zeros(3)

    # Compute X scale factor and normalize first row.
    scale[0] = length(row[0])
    row[0] = normalize(row[0])

    # Compute XY shear factor and make 2nd row orthogonal to 1st.
    skew_[0] = np.dot(row[0], row[1])
    row[1] = combine(row[1], row[0], 1.0, -skew_[0])

    # Now, compute Y scale and normalize 2nd row.
    scale[1] = length(row[1])
    row[1] = normalize(row[1])
    skew_[0] /= scale[1]

    # Compute XZ and YZ shears, orthogonalize 3rd row.
    skew_[1] = np.dot(row[0], row[2])
    row[2] = combine(row[2], row[0], 1.0, -skew_[1])
    skew_[2] = np.dot(row[1], row[2])
    row[2] = combine(row[2], row[1], 1.0, -skew_[2])

    # Next, get Z scale and normalize 3rd row.
    scale[2] = length(row[2])
    row[2] = normalize(row[2])
    skew_[1] /= scale[2]
    skew_[2] /= scale[2]

    # At this point, the matrix (in rows) is orthonormal. Check for a
    # coordinate system flip. If the determinant is -1, then negate the
    # matrix and the scaling factors.
    pdum3 = np.cross(row[1], row[2])
    if np.dot(row[0], pdum3) < 0:
        for i in range(3):
            scale[i] *= -1
            row[i] = -row[i]

    # Now, get the rotations out.
    if quaternion_method == "spec":
        quaternion = _quaternion_spec(row)
    elif quaternion_method == "eigen":
        quaternion = _quaternion_eigen(row)
    else:
        raise ValueError(f"unknown quaternion_method {quaternion_method!r}")

    result = Decomposed(translate, scale, skew_, persp, quaternion)
    if not all(np.all(np.isfinite(v)) for v in (translate, scale, skew_, persp, quaternion)):
        return None
    return result


# ---------------------------------------------------------------------------
# Interpolation of decomposed 3D matrix values


def slerp(quaternion_a, quaternion_b, t, shortest: bool = True) -> np.ndarray:
    """The spec's Slerp; ``shortest`` adds the negation browsers do."""
    quaternion_a = np.array(quaternion_a, dtype=float)
    quaternion_b = np.array(quaternion_b, dtype=float)
    product = float(np.dot(quaternion_a, quaternion_b))
    if shortest and product < 0:
        quaternion_b = -quaternion_b
        product = -product

    # Clamp product to -1.0 <= product <= 1.0
    product = min(product, 1.0)
    product = max(product, -1.0)

    if abs(product) == 1.0:
        return quaternion_a

    theta = math.acos(product)
    w = math.sin(t * theta) / math.sqrt(1 - product * product)

    quaternion_a = quaternion_a * (math.cos(t * theta) - product * w)
    quaternion_b = quaternion_b * w
    return quaternion_a + quaternion_b


def interpolate_decomposed(a: Decomposed, b: Decomposed, t, shortest: bool = True) -> Decomposed:
    """Linear interpolation of every part but the quaternion, which is
    slerped."""

    def lerp(x, y):
        return np.asarray(x, dtype=float) * (1 - t) + np.asarray(y, dtype=float) * t

    return Decomposed(
        lerp(a.translation, b.translation),
        lerp(a.scale, b.scale),
        lerp(a.skew, b.skew),
        lerp(a.perspective, b.perspective),
        slerp(a.quaternion, b.quaternion, t, shortest=shortest),
    )


# ---------------------------------------------------------------------------
# Recomposing to a 3D matrix


def quaternion_to_rotation(quaternion) -> np.ndarray:
    """The 4x4 row-vector rotation matrix of a quaternion: the transpose of
    the spec's listing (see the module docstring)."""
    x, y, z, w = (float(c) for c in quaternion)
    rotation_matrix = np.identity(4)
    rotation_matrix[0][0] = 1 - 2 * (y * y + z * z)
    rotation_matrix[1][0] = 2 * (x * y - z * w)
    rotation_matrix[2][0] = 2 * (x * z + y * w)
    rotation_matrix[0][1] = 2 * (x * y + z * w)
    rotation_matrix[1][1] = 1 - 2 * (x * x + z * z)
    rotation_matrix[2][1] = 2 * (y * z - x * w)
    rotation_matrix[0][2] = 2 * (x * z - y * w)
    rotation_matrix[1][2] = 2 * (y * z + x * w)
    rotation_matrix[2][2] = 1 - 2 * (x * x + y * y)
    return rotation_matrix


def recompose(d: Decomposed) -> np.ndarray:
    matrix = np.identity(4)

    # apply perspective
    for i in range(4):
        matrix[i][3] = d.perspective[i]

    # apply translation
    for i in range(4):
        for j in range(3):
            matrix[3][i] += d.translation[j] * matrix[j][i]

    # apply rotation
    matrix = multiply(matrix, quaternion_to_rotation(d.quaternion))

    # apply skew
    temp = np.identity(4)
    if d.skew[2]:
        temp[2][1] = d.skew[2]
        matrix = multiply(matrix, temp)
    if d.skew[1]:
        temp[2][1] = 0
        temp[2][0] = d.skew[1]
        matrix = multiply(matrix, temp)
    if d.skew[0]:
        temp[2][0] = 0
        temp[1][0] = d.skew[0]
        matrix = multiply(matrix, temp)

    # apply scale
    for i in range(3):
        for j in range(4):
            matrix[i][j] *= d.scale[i]

    return matrix


# ---------------------------------------------------------------------------
# Whole interpolations


def interpolate(from_matrix, to_matrix, t, shortest: bool = True, quaternion_method: str = "eigen"):
    """Interpolate two 4x4 matrices. Endpoints are returned unchanged; if
    either matrix cannot be decomposed the interpolation is discrete (from
    for t < 0.5, to otherwise)."""
    from_matrix = np.array(from_matrix, dtype=float)
    to_matrix = np.array(to_matrix, dtype=float)
    if t == 0:
        return from_matrix
    if t == 1:
        return to_matrix
    a = decompose(from_matrix, quaternion_method)
    b = decompose(to_matrix, quaternion_method)
    if a is None or b is None:
        return from_matrix if t < 0.5 else to_matrix
    return recompose(interpolate_decomposed(a, b, t, shortest=shortest))


def matrix2d(a, b, c, d, e, f) -> np.ndarray:
    """CSS matrix(a, b, c, d, e, f) (CGAffineTransform a, b, c, d, tx, ty) as
    a 4x4 matrix."""
    return np.array(
        [[a, b, 0, 0], [c, d, 0, 0], [0, 0, 1, 0], [e, f, 0, 1]],
        dtype=float,
    )


def to_matrix2d(m) -> np.ndarray:
    """The six 2D numbers (a, b, c, d, e, f) of a 4x4 matrix."""
    m = np.asarray(m, dtype=float)
    return np.array([m[0][0], m[0][1], m[1][0], m[1][1], m[3][0], m[3][1]])


def interpolate_2d(from_six, to_six, t, **kwargs) -> np.ndarray:
    """Interpolate two 2D affine transforms through the 3D algorithm."""
    return to_matrix2d(interpolate(matrix2d(*from_six), matrix2d(*to_six), t, **kwargs))


# ---------------------------------------------------------------------------
# Transform functions (CSS Transforms 2 §"Mathematical Description of
# Transform Functions", transposed from its column-vector matrices)


def identity() -> np.ndarray:
    return np.identity(4)


def translate3d(tx, ty, tz=0.0) -> np.ndarray:
    m = np.identity(4)
    m[3][0:3] = [tx, ty, tz]
    return m


def scale3d(sx, sy, sz=1.0) -> np.ndarray:
    return np.diag([float(sx), float(sy), float(sz), 1.0])


def rotate3d(x, y, z, alpha) -> np.ndarray:
    """rotate3d(x, y, z, alpha) with alpha in radians."""
    n = math.sqrt(x * x + y * y + z * z)
    if n == 0:
        return np.identity(4)
    x, y, z = x / n, y / n, z / n
    sc = math.sin(alpha / 2) * math.cos(alpha / 2)
    sq = math.sin(alpha / 2) ** 2
    column = np.array(
        [
            [1 - 2 * (y * y + z * z) * sq, 2 * (x * y * sq - z * sc), 2 * (x * z * sq + y * sc), 0],
            [2 * (x * y * sq + z * sc), 1 - 2 * (x * x + z * z) * sq, 2 * (y * z * sq - x * sc), 0],
            [2 * (x * z * sq - y * sc), 2 * (y * z * sq + x * sc), 1 - 2 * (x * x + y * y) * sq, 0],
            [0, 0, 0, 1],
        ]
    )
    return column.T


def skew(xy=0.0, xz=0.0, yz=0.0) -> np.ndarray:
    """A shear with the decomposition's skew factors: x += xy*y + xz*z,
    y += yz*z (so skew(xy=tan(a)) is CSS skewX(a))."""
    m = np.identity(4)
    m[1][0] = xy
    m[2][0] = xz
    m[2][1] = yz
    return m


def perspective(d) -> np.ndarray:
    m = np.identity(4)
    m[2][3] = -1.0 / d
    return m
