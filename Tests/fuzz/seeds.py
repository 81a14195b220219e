"""What the call-sequence seed generators share (Tests/fuzz/*/make_seeds.py):
the bytes that the readers of Tests/fuzz/fuzz.h and the targets' choosers
turn back into numbers, choices and texts.

A seed is only bytes for LLVMFuzzerTestOneInput; these helpers spell them
in the order the target reads them, so that each seed starts the fuzzer
from a meaningful sequence. If a target's decoding changes, run its
generator again and read a seed back with FUZZ_TRACE=1
.build/fuzz/bin/<target> <seed>; a seed that decodes differently is still
a valid input, only a less useful one.
"""

import pathlib
import struct

NATURAL = b"\x00"  # choose_size / choose_capacity / choose_version: the natural value


def u8(x):
    return bytes([x])


def u16(x):
    return struct.pack("<H", x)


def u64(x):
    return struct.pack("<Q", x)


def num(x):
    """fuzz_number: one byte for 0..1 by 63rds and -8..8 by sixths, else 240
    and the 8 bytes of the double (any value: 1e300, 5e-324, NaN, inf)."""
    x = float(x)
    if x == x and 0 <= x <= 1 and (x * 63).is_integer() and str(x) != "-0.0":
        return u8(int(x * 63))
    if x == x and -8 <= x < 8 and (x * 6).is_integer() and not (0 <= x <= 1):
        return u8(112 + int(x * 6))
    return u8(240) + struct.pack("<d", x)


def prefixed(threshold, direct):
    """A chooser that reads one byte: below `threshold` it maps the byte
    with `direct` (a function from the wanted value to the byte, or None
    when the value has none), else it reads fuzz_number."""

    def encode(x):
        byte = direct(float(x))
        if byte is not None and 0 <= byte < threshold:
            return u8(byte)
        return u8(threshold) + num(x)

    return encode


def whole(x):
    return int(x) if float(x).is_integer() else None


def index(table, entry):
    """A choose_text byte: the entry's index in the target's table."""
    return u8(table.index(entry))


def enum(value, low=0):
    """choose_enum: a valid value."""
    return u8(value - low)


def write(folder, seeds):
    """Writes each seed (name -> bytes) into `folder`/corpus."""
    corpus = pathlib.Path(folder).resolve() / "corpus"
    corpus.mkdir(exist_ok=True)
    for name, data in seeds.items():
        (corpus / name).write_bytes(bytes(data))
