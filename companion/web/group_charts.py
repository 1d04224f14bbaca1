"""A group's pictures as plain numbers for inline SVG bars (templates/groups/_charts.html): wins per
person, and plays per game over the evenings. No script, no image request; the colours are the
score chart's (companion/web/charts.py), and every bar carries its number and a pattern-free label
too, so no one needs the colour to read it."""
from __future__ import annotations

from .charts import COLOURS

BAR_H, GAP, LABEL_W, WIDTH = 26, 10, 150, 640
EVENINGS_SHOWN = 10


def wins_per_person(players: list[dict]) -> dict:
    """One bar per member: competitive wins, then co-op wins beside them (a second colour)."""
    rows = [p for p in players if p["played"]]
    top = max([1] + [p["won"] + p["coop_won"] for p in rows])
    plot_w = WIDTH - LABEL_W - 60
    bars = []
    for i, p in enumerate(rows):
        y = GAP + i * (BAR_H + GAP)
        won_w = round(plot_w * p["won"] / top, 1)
        coop_w = round(plot_w * p["coop_won"] / top, 1)
        bars.append({"name": p["name"], "y": y, "won": p["won"], "coop_won": p["coop_won"], "played": p["played"],
                     "won_w": won_w, "coop_x": LABEL_W + won_w, "coop_w": coop_w,
                     "end_x": LABEL_W + won_w + coop_w + 8})
    return {"width": WIDTH, "height": GAP + len(rows) * (BAR_H + GAP), "label_w": LABEL_W, "bar_h": BAR_H,
            "bars": bars, "colours": {"won": COLOURS[0], "coop": COLOURS[2]}}


def plays_per_evening(record: dict) -> dict:
    """Columns for the newest evenings (oldest left), each stacked by game, with a legend."""
    evenings = list(reversed(record["evenings"][:EVENINGS_SHOWN]))
    games = record["games"]
    colour = {game["game"]: COLOURS[i % len(COLOURS)] for i, game in enumerate(games)}
    top = max([1] + [e["games"] for e in evenings])
    height, bottom, left = 220, 190, 40
    col_w = (WIDTH - left - 10) / max(1, len(evenings))
    columns = []
    for i, evening in enumerate(evenings):
        x, y = left + i * col_w + col_w * 0.15, bottom
        parts = []
        for game in games:
            count = game["by_evening"].get(evening["table"], 0)
            if not count:
                continue
            h = (bottom - 20) * count / top
            y -= h
            parts.append({"game": game["title"], "count": count, "y": round(y, 1), "h": round(h, 1),
                          "colour": colour[game["game"]]})
        columns.append({"table": evening["table"], "date": evening["date"] or "", "x": round(x, 1),
                        "w": round(col_w * 0.7, 1), "parts": parts, "total": evening["games"], "top_y": round(y - 6, 1)})
    return {"width": WIDTH, "height": height + 10, "bottom": bottom, "columns": columns,
            "legend": [{"title": g["title"], "colour": colour[g["game"]], "played": g["played"]} for g in games]}
