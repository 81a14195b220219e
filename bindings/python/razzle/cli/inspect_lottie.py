"""`razzle inspect anim.json` for a Lottie file: the composition (size,
frame rate, in and out points), its layers nested through
precompositions, its assets, and what will not draw (the import's
warnings, grouped per feature)."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Optional, Set

import razzle
from razzle import RazzleError

from .common import CommandError, located, plural

Report = Dict[str, Any]

LAYER_TYPES = {0: "precomposition", 1: "solid", 2: "image", 3: "null", 4: "shape", 5: "text", 6: "audio", 13: "camera"}
MATTES = {1: "alpha matte", 2: "alpha inverted matte", 3: "luma matte", 4: "luma inverted matte"}

#: Deepest precomposition nesting listed (a cycle is the importer's error).
MAX_DEPTH = 32


def load_document(path: str) -> Dict[str, Any]:
    """The Lottie file's JSON (a .tgs gunzipped)."""
    from razzle._lottie import _gunzipped

    with open(path, "rb") as file:
        data = _gunzipped(file.read())
    document = json.loads(data)
    if not isinstance(document, dict):
        raise CommandError(f"{path}: not a Lottie file (the top level is not an object)")
    return document


def _number(value: Any) -> Optional[float]:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def layer_reports(layers: Any, assets: Dict[str, Any], depth: int, seen: Set[str]) -> List[Report]:
    """One report per layer, in file order, with a precomposition's layers
    nested under it."""
    out: List[Report] = []
    if not isinstance(layers, list):
        return out
    for layer in layers:
        if not isinstance(layer, dict):
            continue
        ty = layer.get("ty")
        report: Report = {
            "name": layer.get("nm"),
            "index": layer.get("ind"),
            "type": LAYER_TYPES.get(ty, f"type {ty}") if isinstance(ty, int) else f"type {ty!r}",
            "in_point": _number(layer.get("ip")),
            "out_point": _number(layer.get("op")),
        }
        switches = []
        if layer.get("hd"):
            switches.append("hidden")
        if layer.get("td"):
            switches.append("matte source")
        if layer.get("tt") in MATTES:
            switches.append(MATTES[layer["tt"]])
        if isinstance(layer.get("masksProperties"), list) and layer["masksProperties"]:
            switches.append(plural(len(layer["masksProperties"]), "mask"))
        if layer.get("parent") is not None:
            switches.append(f"parent {layer['parent']}")
        if layer.get("bm"):
            switches.append(f"blend {layer['bm']}")
        if layer.get("sr", 1) not in (1, None):
            switches.append(f"stretch {layer['sr']}")
        if "tm" in layer:
            switches.append("time remap")
        report["switches"] = switches
        ref = layer.get("refId")
        if ty == 0 and isinstance(ref, str):
            report["asset"] = ref
            asset = assets.get(ref)
            if asset is not None and ref not in seen and depth < MAX_DEPTH:
                report["layers"] = layer_reports(asset.get("layers"), assets, depth + 1, seen | {ref})
        elif ty == 2 and isinstance(ref, str):
            report["asset"] = ref
        out.append(report)
    return out


def asset_reports(document: Dict[str, Any], folder: str) -> List[Report]:
    out: List[Report] = []
    for asset in document.get("assets") or ():
        if not isinstance(asset, dict):
            continue
        if isinstance(asset.get("layers"), list):
            out.append({"id": asset.get("id"), "kind": "precomposition", "layers": len(asset["layers"])})
            continue
        name = asset.get("p")
        report: Report = {"id": asset.get("id"), "kind": "image", "width": asset.get("w"), "height": asset.get("h")}
        if isinstance(name, str) and (asset.get("e") == 1 or name.startswith("data:")):
            report["source"] = f"embedded ({name[5:name.find(';')] if ';' in name else 'data'})"
        elif isinstance(name, str):
            relative = os.path.join(str(asset.get("u") or ""), name)
            report["source"] = relative
            report["found"] = os.path.isfile(os.path.join(folder, relative))
        out.append(report)
    return out


def inspect_lottie(path: str) -> Report:
    """The report of the Lottie file at `path` (what --json prints)."""
    try:
        imported = razzle.import_lottie(path)
    except RazzleError as error:
        raise CommandError(f"{path}: {located(error)}") from None
    with imported:
        document = load_document(path)
        assets = {
            a["id"]: a for a in document.get("assets") or () if isinstance(a, dict) and isinstance(a.get("id"), str)
        }
        groups: Dict[str, List[Report]] = {}
        for warning in imported.warnings:
            groups.setdefault(warning.feature, []).append({"pointer": warning.pointer, "message": warning.message})
        return {
            "composition": {
                "width": imported.width,
                "height": imported.height,
                "frame_rate": imported.frame_rate,
                "in_point": imported.in_point,
                "out_point": imported.out_point,
                "seconds": (imported.out_point - imported.in_point) / imported.frame_rate
                if imported.frame_rate > 0
                else None,
                "name": document.get("nm"),
                "version": document.get("v"),
            },
            "layers": layer_reports(document.get("layers"), assets, 0, set()),
            "assets": asset_reports(document, os.path.dirname(os.path.abspath(path))),
            "not_drawn": groups,
        }


def _layer_lines(layers: List[Report], indent: str) -> List[str]:
    lines: List[str] = []
    for layer in layers:
        span = f"{layer['in_point']:g}…{layer['out_point']:g}" if layer["in_point"] is not None else "?"
        name = repr(layer["name"]) if layer["name"] is not None else "(no name)"
        extra = f" [{', '.join(layer['switches'])}]" if layer["switches"] else ""
        asset = f" → {layer['asset']}" if "asset" in layer else ""
        lines.append(f"{indent}{layer['type']} {name}, frames {span}{asset}{extra}")
        lines.extend(_layer_lines(layer.get("layers", []), indent + "  "))
    return lines


def text_lottie_report(report: Report, path: str) -> str:
    c = report["composition"]
    seconds = f", {c['seconds']:.3g} s" if c["seconds"] is not None else ""
    lines = [
        f"{path}: Lottie {c['version'] or ''} composition {c['width']:g}×{c['height']:g} at {c['frame_rate']:g} fps, "
        f"frames {c['in_point']:g}…{c['out_point']:g}{seconds}".replace("Lottie  ", "Lottie "),
        "",
        f"layers ({len(report['layers'])} at the top):",
    ]
    lines.extend(_layer_lines(report["layers"], "  "))
    if report["assets"]:
        lines += ["", f"assets ({len(report['assets'])}):"]
        for asset in report["assets"]:
            if asset["kind"] == "precomposition":
                lines.append(f"  precomposition {asset['id']!r}: {plural(asset['layers'], 'layer')}")
            else:
                found = "" if asset.get("found", True) else " (MISSING: the layer draws nothing)"
                lines.append(f"  image {asset['id']!r} {asset['width']}×{asset['height']}: {asset.get('source')}{found}")
    lines.append("")
    if not report["not_drawn"]:
        lines.append("everything draws (no warnings)")
    else:
        total = sum(len(v) for v in report["not_drawn"].values())
        lines.append(f"will not draw ({plural(total, 'warning')}, by feature):")
        for feature, items in sorted(report["not_drawn"].items(), key=lambda kv: -len(kv[1])):
            first = items[0]
            more = f" (and {len(items) - 1} more)" if len(items) > 1 else ""
            lines.append(f"  {feature}: {plural(len(items), 'place')}: {first['pointer']} {first['message']}{more}")
    return "\n".join(lines)
