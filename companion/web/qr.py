"""QR codes as small SVGs. qrcode's own SVG writers draw every dark module as its own square with
decimal coordinates (10 KB for a join address, 2.9 KB compressed: the largest thing on a board's
first load after htmx); one path of each row's dark runs, in module units, draws the same code in
about a third of that."""
from __future__ import annotations

import qrcode


def dark_modules(data: str) -> list[list[bool]]:
    """The QR code of `data` (error correction M, a 2-module quiet zone), row by row."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    code.add_data(data)
    code.make(fit=True)
    return code.get_matrix()


def qr_code_svg(data: str) -> str:
    rows = dark_modules(data)
    size = len(rows)
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
    # crispEdges: no anti-aliased seams between runs when the code is scaled to a screen
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size * 5}" '
            f'height="{size * 5}" shape-rendering="crispEdges"><path fill="#000" d="{"".join(runs)}"/></svg>')
