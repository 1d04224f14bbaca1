"""The score-over-rounds chart as plain numbers for an inline SVG (templates/table/_chart.html):
no script, no image request, readable without colour (each player has its own line dash and marker
shape, and its name at the line's end)."""
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


def score_chart(result: dict) -> dict:
    """Lines, points and axis ticks in SVG units for one finished game's rounds."""
    rounds = result["rounds"]
    players = result["players"]
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
    # Names at the line ends must not sit on each other: push them apart by a line's height.
    for a, b in zip(sorted(lines, key=lambda ln: ln["label_y"]), sorted(lines, key=lambda ln: ln["label_y"])[1:]):
        if b["label_y"] - a["label_y"] < 16:
            b["label_y"] = a["label_y"] + 16
    step = max(1, span // 5)
    ticks = [{"value": v, "y": round(y(v), 1)} for v in range(bottom, top + 1, step)]
    return {"width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "top": TOP,
            "bottom": HEIGHT - BOTTOM, "lines": lines, "ticks": ticks,
            "rounds": [{"label": r["round"], "x": round(x(i), 1)} for i, r in enumerate(rounds)]}
