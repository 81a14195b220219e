"""Writes the path fuzz target's seeds into corpus/ (run from anywhere:
python3 Tests/fuzz/path/make_seeds.py). Each seed is SVG path data
(Guides/Paths.md): every command, absolute and relative, implicit repeats,
compact numbers and arc flags, several subpaths, closepaths; magnitudes
(1e+-300, the largest double, subnormals, 1e154 whose squares overflow,
geometry at the 2^1020 bound and just past it); and refusals (empty data, a
missing moveto, a number out of range, a trailing comma, text that is not
UTF-8)."""

import pathlib

HERE = pathlib.Path(__file__).resolve().parent / "corpus"

SEEDS = {
    # Every command.
    "lines": "M0 0 L10 0 L10 10 H0 V5 Z",
    "relative": "m10 10 l5 0 h5 v5 l-10 -5 z",
    "repeats": "M0 0 10 0 20 20 30 0",
    "cubic": "M0 0 C40 0 60 80 100 80 S160 0 200 0",
    "quadratic": "M0 0 Q50 100 100 0 T200 0 t100 0",
    "smooth-no-previous": "M0 0 S10 10 20 0 T30 30",
    "arc": "M0 0 A30 30 0 0 1 60 0",
    "arc-flags": "M0 0 a1 1 0 00 1 1 a1 1 0 1110 0",
    "arc-rotated": "M10 10 A20 10 45 1 0 50 30 A5 5 -720 0 1 60 40",
    "arc-too-small": "M0 0 A1 1 0 0 1 100 0",
    "arc-zero-radius": "M0 0 A0 10 0 0 1 10 10",
    "arc-same-end": "M5 5 A10 10 0 0 1 5 5 L6 6",
    "compact": "M1.5.5L-1-2.5e1.5e-1 1E2,3",
    "whitespace": " \t\r\nM 1 , 2 \f L 3 4 \n",
    "subpaths": "M0 0 L10 0 Z M20 0 L30 0 L30 10 Z L40 40",
    "moveto-only": "M0 0",
    "movetos": "M0 0 M5 5 m1 1 L7 7",
    "closed-twice": "M0 0 L1 0 Z Z",
    "zero-length": "M3 3 L3 3 Z",
    "hairpin": "M0 0 T30 30 T30 30",
    "heart": "M10 30 A20 20 0 0 1 50 30 A20 20 0 0 1 90 30 Q90 60 50 90 Q10 60 10 30 z",
    # Magnitudes.
    "huge": "M1e300 0 L-1e300 0",
    "huge-y": "M0 -1e300 V1e300 Z",
    "max-double": "M1.7976931348623157e308 0 L1.7976931348623157e308 1",
    "max-apart": "M-1.7976931348623157e308 0 L-1.7976931348623157e308 1 M1.7976931348623157e308 0 "
    "L1.7976931348623157e308 1",
    "square-overflow": "M1e154 1e154 L-1e154 -1e154",
    "cubic-1e150": "M0 0 C1e150 1e150 -1e150 1e150 0 0 Z",
    "arc-huge": "M10 10 A1e300 1e300 0 1 1 -10 -10 z",
    "tiny": "M0 0 L1e-300 0",
    "tiny-cubic": "M0 0 C1e-300 1e-300 2e-300 0 3e-300 1e-300",
    "subnormal-start": "M5e-324 5e-324 L1 1",
    "subnormal-relative": "m1 1 l5e-324 1 h-5e-324 v1",
    "min-normal": "M2.2250738585072014e-308 0 L1 0",
    "underflow": "M0 0 L1e-400 1",
    "bound": "M0 0 L8e306 0",
    "past-bound": "M0 0 L1e308 0",
    "arc-past-bound": "M0 0 A1e307 1e307 0 1 1 1 0",
    "overflow-number": "M0 0 L1e309 0",
    "long-number": "M0." + "1" * 400 + " 0 L1 1",
    # Refusals.
    "empty": "",
    "blank": "   ",
    "no-moveto": "L10 10",
    "missing-y": "M1 1 L",
    "trailing-comma": "M0 0 L1 1,",
    "comma-before-command": "M0 0, L1 1",
    "bad-flag": "M0 0 A1 1 0 2 0 1 1",
    "bad-letter": "M0 0 X1 1",
    "bad-utf8": b"M0 0 L\xff 1",
    "utf8-letter": "M0 0 L\u00e9 1",
    "nan": "M0 0 LNaN 1",
    "infinity": "M0 0 L Infinity 1",
}


def main():
    HERE.mkdir(exist_ok=True)
    for name, data in SEEDS.items():
        (HERE / name).write_bytes(data if isinstance(data, bytes) else data.encode())


if __name__ == "__main__":
    main()
