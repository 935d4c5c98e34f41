#!/usr/bin/env python3
"""Writes Tests/ImagingTests/Fixtures/pngsuite-expectations.json: for every file of PngSuite
(Tests/ImagingTests/Fixtures/pngsuite, or the folder given as argument 1),
the RGBA8 image an independent decoder (Pillow) gives under PNGCodec's documented rule:

  * stored samples, no gamma / colour management (gAMA, cHRM, sRGB, iCCP, bKGD ignored);
  * 16-bit samples -> their high byte (v >> 8);
  * grey of depth 1/2/4 scaled by bit replication (v * 255 / (2^d - 1));
  * tRNS on grey/RGB: pixels equal to the tRNS colour *at the file's bit depth* get alpha 0;
    palette tRNS gives per-entry alpha; straight (non-premultiplied) alpha everywhere.

Pillow does the decoding (zlib, filters, Adam7, palettes). The rule is applied here where Pillow's
own RGBA conversion differs from it: 16-bit grey (Pillow's I;16 -> RGBA clips instead of keeping the
high byte) and tRNS on grey / 16-bit RGB (Pillow compares the tRNS value against already reduced
8-bit samples). For 16-bit RGB with tRNS the low bytes come from a second Pillow decode with the
little-endian unpacker, so the tRNS comparison uses the full 16-bit sample.

Each entry has width, height, a 64-bit FNV-1a hash of the RGBA bytes (row-major) and a few spot
pixels. Files named x*.png are PngSuite's corrupt files: expected to fail ("status": "corrupt").

Usage:  pip install pillow && python3 Scripts/make-pngsuite-expectations.py [pngsuite-dir]
"""
import json
import os
import struct
import sys

import PIL
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Tests", "ImagingTests", "Fixtures", "pngsuite")
OUT = os.path.join(ROOT, "Tests", "ImagingTests", "Fixtures", "pngsuite-expectations.json")


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def ihdr(path):
    with open(path, "rb") as f:
        head = f.read(33)
    width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", head[16:29])
    return width, height, depth, ctype, interlace


def rgba_bytes(path):
    width, height, depth, ctype, _ = ihdr(path)
    im = Image.open(path)
    im.load()
    trns = im.info.get("transparency")
    mode = im.mode
    out = bytearray()
    if mode == "P":
        out = bytearray(im.convert("RGBA").tobytes())
    elif mode in ("1", "L"):
        step = 255 // ((1 << depth) - 1)  # 255, 85, 17, 1
        for v in samples(im.convert("L")):
            a = 0 if trns is not None and v // step == trns else 255
            out += bytes((v, v, v, a))
    elif mode == "I;16":
        assert depth == 16
        for v in samples(im):
            g = v >> 8
            a = 0 if trns is not None and v == trns else 255
            out += bytes((g, g, g, a))
    elif mode == "LA":
        for g, a in samples(im):
            out += bytes((g, g, g, a))
    elif mode == "RGBA":
        out = bytearray(im.tobytes())
    elif mode == "RGB":
        hi = samples(im)
        if trns is not None and depth == 16:
            low = Image.open(path)
            tile = low.tile[0]
            assert tile.args == "RGB;16B", tile
            low.tile = [tile._replace(args="RGB;16L")]  # same data, other byte of each sample
            low.load()
            lo = samples(low)
            for (r, g, b), (r2, g2, b2) in zip(hi, lo):
                full = ((r << 8) | r2, (g << 8) | g2, (b << 8) | b2)
                out += bytes((r, g, b, 0 if full == tuple(trns) else 255))
        else:
            for p in hi:
                out += bytes((*p, 0 if trns is not None and p == tuple(trns) else 255))
    else:
        raise SystemExit(f"{path}: unexpected Pillow mode {mode}")
    assert len(out) == width * height * 4, (path, len(out))
    return width, height, bytes(out)


def samples(im):
    """Pixel values in row-major order (Pillow >= 12 renamed getdata)."""
    return list(getattr(im, "get_flattened_data", im.getdata)())


def hexpixel(data, width, x, y):
    i = (y * width + x) * 4
    return data[i : i + 4].hex().upper()


def main():
    names = sorted(n for n in os.listdir(SUITE) if n.endswith(".png"))
    entries = []
    for name in names:
        path = os.path.join(SUITE, name)
        if name.startswith("x"):
            try:
                Image.open(path).load()
                pillow = "Pillow decodes it (it does not check every CRC)"
            except Exception as e:  # noqa: BLE001
                pillow = f"Pillow also fails: {type(e).__name__}"
            entries.append({"name": name, "status": "corrupt", "note": pillow})
            continue
        width, height, data = rgba_bytes(path)
        spots = {(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (width // 2, height // 2)}
        transparent = next((i for i in range(width * height) if data[i * 4 + 3] < 255), None)
        if transparent is not None:
            spots.add((transparent % width, transparent // width))
        _, _, depth, ctype, interlace = ihdr(path)
        entries.append({
            "name": name,
            "status": "ok",
            "colorType": ctype,
            "bitDepth": depth,
            "interlaced": interlace == 1,
            "width": width,
            "height": height,
            "fnv1a64": f"{fnv1a64(data):016x}",
            "spots": [{"x": x, "y": y, "rgba": hexpixel(data, width, x, y)} for x, y in sorted(spots)],
        })
    doc = {
        "generator": "Scripts/make-pngsuite-expectations.py",
        "decoder": f"Pillow {PIL.__version__}",
        "rule": "stored samples (no gamma); 16-bit -> v >> 8; low-depth grey by bit replication; "
                "tRNS matched at the file's bit depth; straight alpha",
        "hash": "FNV-1a 64 of RGBA8 bytes, row-major",
        "files": entries,
    }
    # One file per line, so a regenerated expectation shows up as a one-line diff.
    files = doc.pop("files")
    head = json.dumps(doc, indent=1)[:-2]
    with open(OUT, "w") as f:
        f.write(head + ',\n "files": [\n')
        f.write(",\n".join("  " + json.dumps(e, separators=(",", ":")) for e in files))
        f.write("\n ]\n}\n")
    print(f"wrote {OUT}: {len(entries)} files "
          f"({sum(e['status'] == 'ok' for e in entries)} ok, {sum(e['status'] == 'corrupt' for e in entries)} corrupt)")


if __name__ == "__main__":
    main()
