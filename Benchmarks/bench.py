#!/usr/bin/env python3
"""Diff benchmark driver: generates the image pairs (raw RGBA8), runs DiffBenchmark (ours),
pixelmatch from PyPI and ImageMagick `compare -metric AE`, and prints one table.

Usage: bench.py <DiffBenchmark binary> <work dir>
Needs Pillow and pixelmatch (Benchmarks/.venv, made by run.sh) and ImageMagick's `compare`.
"""
import os
import random
import statistics
import subprocess
import sys
import time

from PIL import Image, ImageDraw, ImageFont
from pixelmatch.core import pixelmatch

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
TEXT = "The quick brown fox jumps over the lazy dog 0123456789 ({[padded labels]})"


def font(size):
    try:
        return ImageFont.truetype(FONT, size)
    except OSError:
        return ImageFont.load_default()


def text_page(w, h, offset=0):
    """Anti-aliased text lines, black on white, drawn `offset` px to the right."""
    img = Image.new("RGBA", (w, h), (255, 255, 255, 255))
    d = ImageDraw.Draw(img)
    f = font(22)
    for i, y in enumerate(range(8, h - 24, 30)):
        d.text((10 + offset - (i * 37) % 300, y), TEXT * 2, font=f, fill=(0, 0, 0, 255))
    return img


def shifted(img, dx):
    out = Image.new("RGBA", img.size, (255, 255, 255, 255))
    out.paste(img, (dx, 0))
    return out


def edge_pixels(img, rng, count):
    """`count` white pixels that touch a dark pixel (next to glyph edges)."""
    w, h = img.size
    px = img.load()
    found = []
    while len(found) < count:
        x, y = rng.randrange(1, w - 1), rng.randrange(1, h - 1)
        if px[x, y][0] == 255 and any(px[x + dx, y + dy][0] < 64 for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            if (x, y) not in found:
                found.append((x, y))
    return found


def few_changes(img, rng, block=12, singles=150, at=(500, 500)):
    out = img.copy()
    d = ImageDraw.Draw(out)
    d.rectangle([at[0], at[1], at[0] + block - 1, at[1] + block - 1], fill=(200, 30, 30, 255))
    px = out.load()
    for x, y in edge_pixels(img, rng, singles):
        px[x, y] = (220, 0, 0, 255)
    return out


def noise(img, rng):
    raw = bytearray(img.tobytes())
    n = rng.randbytes(len(raw))
    for i in range(len(raw)):
        if i % 4 != 3:
            v = raw[i] + n[i] % 5 - 2
            raw[i] = 0 if v < 0 else 255 if v > 255 else v
    return Image.frombytes("RGBA", img.size, bytes(raw))


def label(w, h, text, pad_color, offset=0):
    """A padded label: rounded badge with text, padding in `pad_color`."""
    img = Image.new("RGBA", (w, h), pad_color)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([24, 16, w - 25, h - 17], radius=24, fill=(30, 110, 220, 255))
    d.text((48 + offset, 42), text, font=font(56), fill=(255, 255, 255, 255))
    return img


def write(img, path):
    with open(path, "wb") as f:
        f.write(img.tobytes())


def median_time(fn, runs):
    samples, value = [], None
    for _ in range(runs):
        t = time.perf_counter()
        value = fn()
        samples.append((time.perf_counter() - t) * 1e3)
    return statistics.median(samples), value


def magick_ae(a, b, w, h):
    p = subprocess.run(["compare", "-metric", "AE", "-size", f"{w}x{h}", "-depth", "8",
                        f"rgba:{a}", f"rgba:{b}", "null:"], capture_output=True, text=True)
    out = p.stderr.strip().split()[0] if p.stderr.strip() else "?"
    try:
        return int(float(out))
    except ValueError:
        return out


def main():
    binary, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    rng = random.Random(20240601)
    W = H = 1000
    base = text_page(W, H)
    clear_label = label(W, H, "Transparent padding", (0, 0, 0, 0))
    white_label = label(W, H, "Transparent padding", (255, 255, 255, 255))
    pairs = [
        ("identical", base, base.copy()),
        ("few hundred changed", base, few_changes(base, rng)),
        ("text shifted 1 px", base, shifted(base, 1)),
        ("±2 noise everywhere", base, noise(base, rng)),
        ("transparent vs white padding", clear_label, white_label),
    ]
    manifest = []
    files = {}
    for i, (name, a, b) in enumerate(pairs):
        pa, pb = os.path.join(work, f"p{i}_a.rgba"), os.path.join(work, f"p{i}_b.rgba")
        write(a, pa)
        write(b, pb)
        files[name] = (pa, pb, W, H)
        manifest.append(f"pair {name.replace(' ', '_')} {W} {H} {pa} {pb}")

    # Label batch: 100 distinct 600×160 pairs, compared 10 times each = 1000 comparisons.
    # Every 10th pair has its text shifted 1 px, every 10th + 5 a few changed pixels, the rest are identical.
    LW, LH, DISTINCT, TOTAL = 600, 160, 100, 1000
    batch = []
    for i in range(DISTINCT):
        a = label(LW, LH, f"Badge #{i:03d} label", (0, 0, 0, 0))
        if i % 10 == 3:
            b = label(LW, LH, f"Badge #{i:03d} label", (0, 0, 0, 0), offset=1)
        elif i % 10 == 8:
            b = few_changes(a, rng, block=4, singles=6, at=(300, 60))
        else:
            b = a.copy()
        pa, pb = os.path.join(work, f"b{i}_a.rgba"), os.path.join(work, f"b{i}_b.rgba")
        write(a, pa)
        write(b, pb)
        batch.append((pa, pb, a.tobytes(), b.tobytes()))
    manifest.append(f"batch label_batch_1000x600x160 {LW} {LH} {DISTINCT} {TOTAL} {os.path.join(work, 'b')}")
    with open(os.path.join(work, "manifest.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")

    # Ours.
    out = subprocess.run([binary, os.path.join(work, "manifest.txt")], capture_output=True, text=True, check=True).stdout
    ours = {}
    for line in out.strip().splitlines():
        fields = line.split("\t")
        ours[fields[0].replace("_", " ")] = {k: float(v) for k, v in (f.split("=") for f in fields[1:])}

    rows = []
    for name, a, b in pairs:
        pa, pb, w, h = files[name]
        ra, rb = a.tobytes(), b.tobytes()
        py_ms, py_n = median_time(lambda: pixelmatch(ra, rb, w, h, threshold=0.1), 3)
        im_ms, im_n = median_time(lambda: magick_ae(pa, pb, w, h), 3)
        rows.append((name, ours[name], py_n, py_ms, im_n, im_ms, "median of 3"))

    def py_batch():
        return sum(pixelmatch(batch[i % DISTINCT][2], batch[i % DISTINCT][3], LW, LH, threshold=0.1) for i in range(TOTAL))

    def im_batch():
        return sum(magick_ae(batch[i % DISTINCT][0], batch[i % DISTINCT][1], LW, LH) for i in range(TOTAL))

    py_ms, py_n = median_time(py_batch, 1)
    im_ms, im_n = median_time(im_batch, 1)
    rows.append(("label batch (1000 × 600×160)", ours["label batch 1000x600x160"], py_n, py_ms, im_n, im_ms, "1 run"))

    head = ("pair", "ours exact ms", "exact px", "ours t=0.1 ms", "diff px", "AA px", "t=0.1 includeAA ms",
            "pixelmatch-py ms", "py px", "counts equal", "magick AE ms", "AE px")
    table = []
    for name, o, py_n, py_ms, im_n, im_ms, _ in rows:
        same = int(o["yiq_n"]) == py_n
        if same:
            eq = "yes"
        elif int(o["white_n"]) == py_n:
            eq = f"white-bg mode: yes ({int(o['white_n'])})"
        else:
            eq = f"NO (white-bg {int(o['white_n'])})"
        table.append((name, f"{o['exact_ms']:.3f}", str(int(o["exact_n"])), f"{o['yiq_ms']:.3f}", str(int(o["yiq_n"])),
                      str(int(o["yiq_aa"])), f"{o['yiqaa_ms']:.3f}", f"{py_ms:.1f}", str(py_n), eq,
                      f"{im_ms:.1f}", str(im_n)))
    widths = [max(len(r[i]) for r in [head] + table) for i in range(len(head))]
    line = lambda r: "| " + " | ".join(c.ljust(widths[i]) for i, c in enumerate(r)) + " |"
    print(line(head))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in table:
        print(line(r))
    print()
    print("ours: release build, median of 5 after 1 warm-up, compare() only (buffers in memory);"
          " t=0.1 = ImageComparison.pixelmatch(threshold: 0.1) with AA detection, pixelmatch 7 checkerboard for alpha;"
          " includeAA = no AA detection (AA pixels counted).")
    print("pixelmatch-py (PyPI %s, threshold 0.1, AA detection on, alpha on white as pixelmatch <= 6): median of 3, batch 1 run."
          % __import__("importlib.metadata").metadata.version("pixelmatch"))
    print("ImageMagick compare -metric AE (exact, no fuzz) on raw RGBA files, per-process wall time incl. start-up:"
          " median of 3, batch 1 run.")
    print("label batch: 100 distinct 600x160 pairs compared 10x each (10% 1-px text shift, 10% a few changed pixels,"
          " 80% identical); counts are sums over the 1000 comparisons.")


if __name__ == "__main__":
    main()
