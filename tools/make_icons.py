"""Draw the app icon (a cream cat head on the accent colour) as SVG and as PNGs, from one geometry,
with the standard library only: nothing is fetched and no image library is needed.

    python tools/make_icons.py      # writes static/icons/{icon.svg, icon-192.png, icon-512.png, maskable-512.png}

The maskable icon keeps the cat inside the central 80 % circle that launchers may crop to."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
ACCENT = (0xC2, 0x41, 0x0C)
CREAM = (0xFB, 0xF7, 0xF2)
INK = (0x1F, 0x1B, 0x16)

# Shapes in a 0..1 square, painted in order: (kind, colour, geometry).
HEAD = [
    ("poly", CREAM, [(0.25, 0.47), (0.28, 0.17), (0.47, 0.33)]),   # left ear
    ("poly", CREAM, [(0.75, 0.47), (0.72, 0.17), (0.53, 0.33)]),   # right ear
    ("ellipse", CREAM, (0.5, 0.55, 0.28, 0.25)),                    # head
    ("ellipse", INK, (0.40, 0.52, 0.035, 0.05)),                    # eyes
    ("ellipse", INK, (0.60, 0.52, 0.035, 0.05)),
    ("poly", ACCENT, [(0.46, 0.61), (0.54, 0.61), (0.50, 0.66)]),  # nose
]


def scaled(shapes, factor: float):
    """The same cat drawn smaller about the centre (for the maskable safe zone)."""
    def p(x, y):
        return (0.5 + (x - 0.5) * factor, 0.5 + (y - 0.5) * factor)
    out = []
    for kind, colour, geo in shapes:
        if kind == "poly":
            out.append((kind, colour, [p(x, y) for x, y in geo]))
        else:
            cx, cy, rx, ry = geo
            out.append((kind, colour, (*p(cx, cy), rx * factor, ry * factor)))
    return out


def svg(shapes, rounded: bool) -> str:
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">',
             f'<rect width="512" height="512" rx="{96 if rounded else 0}" fill="#{"%02x%02x%02x" % ACCENT}"/>']
    for kind, colour, geo in shapes:
        fill = "#%02x%02x%02x" % colour
        if kind == "poly":
            pts = " ".join(f"{x * 512:.1f},{y * 512:.1f}" for x, y in geo)
            parts.append(f'<polygon points="{pts}" fill="{fill}"/>')
        else:
            cx, cy, rx, ry = geo
            parts.append(f'<ellipse cx="{cx * 512:.1f}" cy="{cy * 512:.1f}" rx="{rx * 512:.1f}" ry="{ry * 512:.1f}" fill="{fill}"/>')
    parts.append("</svg>\n")
    return "\n".join(parts)


def inside(kind, geo, x: float, y: float) -> bool:
    if kind == "ellipse":
        cx, cy, rx, ry = geo
        return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
    sign = None
    for (x1, y1), (x2, y2) in zip(geo, geo[1:] + geo[:1]):
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross != 0:
            if sign is None:
                sign = cross > 0
            elif (cross > 0) != sign:
                return False
    return True


def png(shapes, size: int, rounded: bool) -> bytes:
    samples = 3  # 3x3 supersampling smooths the edges
    radius = 96 / 512 if rounded else 0
    rows = []
    for j in range(size):
        row = bytearray([0])  # filter: none
        for i in range(size):
            acc = [0, 0, 0, 0]
            for sj in range(samples):
                for si in range(samples):
                    x = (i + (si + 0.5) / samples) / size
                    y = (j + (sj + 0.5) / samples) / size
                    if radius:
                        dx = max(radius - x, 0, x - (1 - radius))
                        dy = max(radius - y, 0, y - (1 - radius))
                        if dx * dx + dy * dy > radius * radius:
                            continue
                    colour = ACCENT
                    for kind, c, geo in shapes:
                        if inside(kind, geo, x, y):
                            colour = c
                    acc[0] += colour[0]; acc[1] += colour[1]; acc[2] += colour[2]; acc[3] += 255
            n = samples * samples
            alpha = acc[3] // n
            if alpha:
                row += bytes([acc[0] * 255 // acc[3], acc[1] * 255 // acc[3], acc[2] * 255 // acc[3], alpha])
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
            + chunk(b"IEND", b""))


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg(HEAD, rounded=True))
    (OUT / "icon-192.png").write_bytes(png(HEAD, 192, rounded=True))
    (OUT / "icon-512.png").write_bytes(png(HEAD, 512, rounded=True))
    (OUT / "maskable-512.png").write_bytes(png(scaled(HEAD, 0.8), 512, rounded=False))
    (OUT / "apple-touch-icon.png").write_bytes(png(HEAD, 180, rounded=False))  # iOS rounds it itself
    print("written:", ", ".join(sorted(p.name for p in OUT.iterdir())))


if __name__ == "__main__":
    main()
