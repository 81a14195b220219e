"""dotLottie archives (.lottie): a ZIP holding `manifest.json`, one or more
Lottie animations (`animations/<id>.json`; `a/<id>.json` in version 2 of
the format) and their images (`images/`; `i/`). razzle reads one
animation out of the archive and embeds the images it names as data URIs,
so the import is self-contained (a C program unzips the archive itself and
passes the animation's JSON to `kf_lottie_import`).

Every archive is untrusted: nothing is written to disk, entry names are
only looked up (an image path that leaves its folder is not followed), and
what is inflated is bounded (MAX_LOTTIE_BYTES for the animation, the same
again for its images together), whatever sizes the archive declares."""

from __future__ import annotations

import base64
import difflib
import io
import json
import posixpath
import zipfile
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from ._errors import InvalidValueError

#: The largest Lottie text razzle inflates (a .tgs, an archive's animation,
#: and an archive's images together): the library's JSON limit,
#: KF_SCENE_MAX_BYTES.
MAX_LOTTIE_BYTES = 64 << 20

_ZIP_MAGIC = b"PK\x03\x04"
_IMAGE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp",
                ".gif": "image/gif", ".svg": "image/svg+xml"}


def is_dotlottie(data: bytes) -> bool:
    """Whether `data` starts like a ZIP archive (a .lottie file)."""
    return data[:4] == _ZIP_MAGIC


@dataclass(frozen=True)
class DotLottie:
    """What an archive's manifest says: the animations' `ids` in order and
    the one played by default (`default_id`)."""

    ids: List[str]
    default_id: str


def _read(archive: zipfile.ZipFile, name: str, budget: int, what: str) -> bytes:
    """Entry `name`, at most `budget` bytes once inflated (the declared size
    is not trusted: the read stops one byte past the budget)."""
    try:
        with archive.open(name) as entry:
            data = entry.read(budget + 1)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, OSError, EOFError) as error:
        raise InvalidValueError(f"lottie: {what} {name!r} cannot be read from the archive: {error}") from None
    if len(data) > budget:
        raise InvalidValueError(f"lottie: {what} {name!r} inflates to more than {budget} bytes")
    return data


def _open(data: bytes) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError) as error:
        raise InvalidValueError(f"lottie: not a readable dotLottie archive (.lottie): {error}") from None


def _animation_entries(archive: zipfile.ZipFile) -> Dict[str, str]:
    """Animation id -> entry name, for every JSON file in `animations/` or
    `a/` (ids are the file names without `.json`)."""
    entries: Dict[str, str] = {}
    for name in archive.namelist():
        folder, file = posixpath.split(name)
        if folder in ("animations", "a") and file.endswith(".json") and len(file) > 5:
            entries.setdefault(file[:-5], name)
    return entries


def read_manifest(data: bytes) -> DotLottie:
    """The animations of the archive `data` and its default one: the
    manifest's `initial.animation` (version 2) or `activeAnimationId`
    (version 1), else the manifest's first animation, else the first file
    in the archive's animation folder."""
    archive = _open(data)
    entries = _animation_entries(archive)
    manifest: Any = {}
    if "manifest.json" in archive.namelist():
        try:
            manifest = json.loads(_read(archive, "manifest.json", 1 << 20, "the manifest"))
        except ValueError as error:
            raise InvalidValueError(f"lottie: the archive's manifest.json is not JSON: {error}") from None
    listed = manifest.get("animations") if isinstance(manifest, dict) else None
    ids = [a["id"] for a in listed or [] if isinstance(a, dict) and isinstance(a.get("id"), str) and a["id"] in entries]
    ids += [i for i in entries if i not in ids]
    if not ids:
        raise InvalidValueError("lottie: the dotLottie archive has no animation (animations/<id>.json)")
    default: Optional[str] = None
    if isinstance(manifest, dict):
        initial = manifest.get("initial")
        if isinstance(initial, dict) and initial.get("animation") in entries:
            default = initial["animation"]
        elif manifest.get("activeAnimationId") in entries:
            default = manifest["activeAnimationId"]
    return DotLottie(ids, default or ids[0])


def read_animation(data: bytes, animation: Optional[str] = None) -> bytes:
    """The Lottie JSON of animation `animation` (its id; default: the
    manifest's) in the archive `data`, with the images it names from the
    archive embedded as data URIs."""
    manifest = read_manifest(data)
    chosen = manifest.default_id if animation is None else animation
    archive = _open(data)
    entries = _animation_entries(archive)
    if chosen not in entries:
        close = difflib.get_close_matches(chosen, manifest.ids, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise InvalidValueError(
            f"lottie: the archive has no animation {chosen!r}{hint}; its animations: {', '.join(manifest.ids)}"
        )
    text = _read(archive, entries[chosen], MAX_LOTTIE_BYTES, "animation")
    try:
        document = json.loads(text)
    except ValueError:
        return text  # the importer reports where the JSON is wrong
    if not isinstance(document, dict) or not isinstance(document.get("assets"), list):
        return text
    names = set(archive.namelist())
    budget = MAX_LOTTIE_BYTES
    changed = False
    for asset in document["assets"]:
        if not isinstance(asset, dict) or not isinstance(asset.get("p"), str) or asset["p"].startswith("data:"):
            continue
        name = _image_entry(asset.get("u"), asset["p"], names)
        if name is None:
            continue
        image = _read(archive, name, budget, "image")
        budget -= len(image)
        kind = _IMAGE_TYPES.get(posixpath.splitext(name)[1].lower(), "application/octet-stream")
        asset["p"] = f"data:{kind};base64," + base64.b64encode(image).decode("ascii")
        asset["u"] = ""
        asset["e"] = 1
        changed = True
    return json.dumps(document).encode("utf-8") if changed else text


def _image_entry(folder: Any, file: str, names: "set[str]") -> Optional[str]:
    """The archive entry an image asset names (`u` + `p`), looked for in
    the image folders; None when it is not there or its path leaves them."""
    if posixpath.isabs(file) or ".." in file.split("/"):
        return None
    candidates = []
    if isinstance(folder, str) and folder:
        joined = posixpath.normpath(posixpath.join(folder.strip("/"), file))
        if not joined.startswith(".."):
            candidates.append(joined)
    candidates += [f"images/{file}", f"i/{file}"]
    return next((c for c in candidates if c in names), None)


def dotlottie_animations(source: Any) -> DotLottie:
    """The animations of a dotLottie archive: a path or the archive's
    bytes. `.ids` in the manifest's order, `.default_id` the one played
    when none is named."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    else:
        with open(source, "rb") as file:
            data = file.read(MAX_LOTTIE_BYTES * 2 + 1)
    if not is_dotlottie(data):
        raise InvalidValueError("lottie: not a dotLottie archive (.lottie): it does not start as a ZIP file")
    return read_manifest(data)
