"""A Lottie import's image assets as bytes and as RGBA arrays: embedded
bytes as they are, external files read from the Lottie file's folder. An
asset that cannot be read (no folder, a missing file, bytes that are no
image) is None: the layer draws nothing, as the import's warning says."""

from __future__ import annotations

import io
import os
from typing import Any, List, Optional, Sequence

import numpy as np


def image_bytes(assets: Sequence[Any], base_path: Optional[str]) -> List[Optional[bytes]]:
    """The encoded bytes of each of `assets` (`LottieImport.images`)."""
    out: List[Optional[bytes]] = []
    for asset in assets:
        data: Optional[bytes] = asset.data
        if data is None and asset.path and base_path is not None:
            try:
                with open(os.path.join(base_path, asset.path), "rb") as file:
                    data = file.read()
            except OSError:
                data = None
        out.append(data or None)
    return out


def decode_rgba(assets: Sequence[Any], base_path: Optional[str]) -> List[Optional[np.ndarray[Any, np.dtype[np.uint8]]]]:
    """Each asset decoded by Pillow into an (h, w, 4) uint8 straight-alpha
    array (None where it cannot be read, or when Pillow is missing)."""
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow comes with the render extra
        return [None for _ in assets]
    out: List[Optional[np.ndarray[Any, np.dtype[np.uint8]]]] = []
    for data in image_bytes(assets, base_path):
        if data is None:
            out.append(None)
            continue
        try:
            with Image.open(io.BytesIO(data)) as source:
                out.append(np.ascontiguousarray(np.asarray(source.convert("RGBA")), dtype=np.uint8))
        except Exception:  # Pillow's errors have no common base: an unreadable image draws nothing
            out.append(None)
    return out
