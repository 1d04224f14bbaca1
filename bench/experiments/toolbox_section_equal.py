"""With section.patch applied: the Toolbox's section made in Python gives the same view as its
template, for the board and two of its six seats, in English and German, after each of 40 random
moves (one table, every part). Whitespace between tags, a running timer's share left and its clock
are set aside: they differ by layout or by the moment of each request, not by what is shown.

    python bench/experiments/toolbox_section_equal.py    # from the patched checkout's root
"""
from __future__ import annotations

import json
import random
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))
sys.path.insert(0, str(Path.cwd() / "bench"))

from companion.web import sections  # noqa: E402
from stream_cpu import build  # noqa: E402   # a Toolbox table with six seated phones, limits lifted

PARTS = ["dice", "track", "counters", "bag", "timers", "rounds", "deck", "picker"]
MOVES = ["roll", "bag_draw", "deck_draw", "timer_start", "round_next", "pick_first", "score", "count"]


def alike(html: str) -> str:
    html = re.sub(r"--left: [0-9.e-]+", "--left: X", html)   # a running timer's share left, by the clock
    html = re.sub(r'data-(ends-at|remaining|server-now|now|ends)="[^"]*"', r'data-\1="X"', html)
    html = re.sub(r">\d+:\d\d<", ">M:SS<", html)
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", html)).strip()


def main() -> None:
    if not hasattr(sections, "EXPERIMENT_SECTION"):
        sys.exit("apply bench/experiments/section.patch first")
    with tempfile.TemporaryDirectory() as tmp:
        app, host, code, phones = build(str(Path(tmp) / "equal.db"), PARTS)
        rng, compared, answers = random.Random(1), 0, {}
        for _ in range(40):
            for client, role in ((host, "board"), (phones[0], "seat"), (phones[1], "seat")):
                for language in ("en", "de"):
                    views = []
                    for made_in_python in (False, True):
                        sections.EXPERIMENT_SECTION = made_in_python
                        views.append(client.get(f"/t/{code}/view?as={role}", headers={
                            "HX-Request": "true", "Accept-Language": language}).get_data(as_text=True))
                    if alike(views[0]) != alike(views[1]):
                        sys.exit(f"the {role}'s view in {language} differs:\n{views[0]}\n----\n{views[1]}")
                    compared += 1
            table = json.loads(host.get(f"/t/{code}/view.json").data)
            move = rng.choice(MOVES)
            fields = {"version": table["version"], "as": "board",
                      **({"timer_index": 0} if move == "timer_start" else {}),
                      **({"entrant": str(table["seats"][0]["id"]), "delta": 1} if move == "score" else {}),
                      **({"counter_index": 0, "delta": 1} if move == "count" else {})}
            status = host.post(f"/t/{code}/act/{move}", data=fields, headers={"Accept": "application/json"}).status_code
            answers[status] = answers.get(status, 0) + 1
    print(f"the same in {compared} views; the moves were answered {answers}")


if __name__ == "__main__":
    main()
