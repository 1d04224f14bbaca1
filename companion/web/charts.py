"""The evening's charts as plain numbers for an inline SVG (templates/table/_chart.html): no script,
no image request, readable without colour. A game scored over rounds gets its score-over-rounds
lines (each player with its own dash and marker shape, its name at the line's end; markers on the
same spot are set side by side, so a tie shows both); a game that scores once (Cloaked Cats, Pack the
Essentials) gets a bar per player with its final score and its place."""
from __future__ import annotations

# Okabe–Ito colours: told apart by most colour-blind players; the dash and marker carry it anyway.
# (Its black and yellow are left out: one vanishes on the dark theme, the other on the light one.)
# Nine styles, as many as the largest game (We Love Cats seats as many as its bag allows: 9): the
# last three colours are Paul Tol's wine, grey and olive, and every style differs from the others in
# dash and marker as well.
COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#882255", "#888888", "#999933"]
DASHES = ["", "8 4", "2 4", "12 4 2 4", "4 4", "1 3", "6 2 1 2", "10 2", "3 3 9 3"]
MARKERS = ["circle", "square", "triangle", "diamond", "square", "circle", "triangle", "diamond", "triangle"]
WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 44, 130, 16, 36


MARKER_GAP = 7   # how far apart markers on one spot are set, in SVG units


def places(result: dict) -> dict[str, int]:
    """Each player's place: the game's own ranking (its tie-breaks, a vote) when it gives one, else
    by the final score (ties share a place)."""
    if result.get("places"):
        return dict(result["places"])
    final = result["rounds"][-1]["scores"] if result["rounds"] else {}
    return {name: 1 + sum(1 for other in final.values() if other > score) for name, score in final.items()}


def score_chart(result: dict) -> dict:
    """Lines, points and axis ticks in SVG units for one finished game's rounds, or bars for a game
    that scored once (`kind` says which)."""
    rounds = result["rounds"]
    players = result["players"]
    if len(rounds) == 1:
        return bar_chart(result)
    top = max([1] + [s for r in rounds for s in r["scores"].values()])
    bottom = min([0] + [s for r in rounds for s in r["scores"].values()])
    span = top - bottom or 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w / 2 if len(rounds) == 1 else plot_w * i / (len(rounds) - 1))

    def y(score: float) -> float:
        return TOP + plot_h * (top - score) / span

    lines = []
    for n, name in enumerate(players):
        points = [(round(x(i), 1), round(y(r["scores"][name]), 1), r["scores"][name])
                  for i, r in enumerate(rounds) if name in r["scores"]]
        if not points:
            continue
        k = n % len(COLOURS)
        lines.append({"name": name, "colour": COLOURS[k], "dash": DASHES[k], "marker": MARKERS[k],
                      "points": points, "path": " ".join(f"{px},{py}" for px, py, _ in points),
                      "label_y": points[-1][1], "final": points[-1][2], "winner": name in result["winners"]})
    # Markers on one spot (a tie) are set side by side, centred on it, so each one shows.
    spots: dict[tuple, list] = {}
    for ln in lines:
        for i, (px, py, score) in enumerate(ln["points"]):
            spots.setdefault((px, py), []).append((ln, i))
    for (px, py), shared in spots.items():
        for k, (ln, i) in enumerate(shared):
            shift = (k - (len(shared) - 1) / 2) * MARKER_GAP
            ln["points"][i] = (round(px + shift, 1), py, ln["points"][i][2])
    # Names at the line ends must not sit on each other: push them apart by a line's height.
    for a, b in zip(sorted(lines, key=lambda ln: ln["label_y"]), sorted(lines, key=lambda ln: ln["label_y"])[1:]):
        if b["label_y"] - a["label_y"] < 16:
            b["label_y"] = a["label_y"] + 16
    step = max(1, span // 5)
    ticks = [{"value": v, "y": round(y(v), 1)} for v in range(bottom, top + 1, step)]
    return {"kind": "lines", "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "top": TOP,
            "bottom": HEIGHT - BOTTOM, "lines": lines, "ticks": ticks,
            "rounds": [{"label": r["round"], "x": round(x(i), 1)} for i, r in enumerate(rounds)]}


def bar_chart(result: dict) -> dict:
    """One bar per player for a game that scored once: its final score, its place above it."""
    final = result["rounds"][0]["scores"] if result["rounds"] else {}
    names = [n for n in result["players"] if n in final]
    top = max([1] + list(final.values()))
    bottom = min([0] + list(final.values()))
    span = top - bottom or 1
    plot_w, plot_h = WIDTH - 2 * LEFT, HEIGHT - TOP - BOTTOM - 20
    slot = plot_w / max(1, len(names))
    width = min(90.0, slot * 0.6)

    def y(score: float) -> float:
        return TOP + 20 + plot_h * (top - score) / span

    place = places(result)
    bars = []
    for n, name in enumerate(names):
        k = n % len(COLOURS)
        score = final[name]
        centre = LEFT + slot * (n + 0.5)
        y0, y1 = sorted((y(0), y(score)))
        bars.append({"name": name, "colour": COLOURS[k], "x": round(centre - width / 2, 1), "width": round(width, 1),
                     "centre": round(centre, 1), "top": round(y0, 1), "height": round(max(1.0, y1 - y0), 1),
                     "score": score, "place": place.get(name), "winner": name in result["winners"]})
    step = max(1, span // 5)
    ticks = [{"value": v, "y": round(y(v), 1)} for v in range(bottom, top + 1, step)]
    return {"kind": "bars", "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - LEFT,
            "bottom": HEIGHT - BOTTOM, "zero": round(y(0), 1), "bars": bars, "ticks": ticks}
