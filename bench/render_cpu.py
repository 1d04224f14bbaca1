"""CPU time of rendering one view's pieces, in-process: the game section and the frame of a Toolbox
table's seat and board (web/sections.py), each made afresh (its kept rendering dropped first; the
parts it holds, a log's lines and the dice, stay kept as they would after a tap), as an event stream
renders them: from its ViewContext, with no request. The Toolbox's section is laid out in Python
from its parts (web/toolbox_section.py) and never kept, so its figure is that layout.
bench/stream_cpu.py measures a whole tap; this is the part of it that issue 29 found largest, alone
and less noisy.

    python bench/render_cpu.py                 # the benchmark's table: dice only
    python bench/render_cpu.py --all-parts     # every Toolbox part (timers, track, bag, deck...)
    python bench/render_cpu.py --profile       # and where the time goes (cProfile, top 30)

Prints one JSON object: microseconds (process CPU) per rendering of each piece, the best of
`--rounds` rounds of `--repeat` renderings each.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stream_cpu import build, open_streams, roll, version_of  # noqa: E402
from companion.web import sections  # noqa: E402
from companion.web.frame import FRAME_TEMPLATE  # noqa: E402
from companion.web.renderings import Renderings, digest  # noqa: E402


def recorded_renderings(app, host, code, phones) -> dict:
    """What a roll's streams render, by piece: a seat's and the board's section (inputs, around),
    caught on their way into sections.section_html, and frame (its values, what makes its inputs
    from them, around), into Renderings.made_from."""
    caught: dict = {}
    real_section, real_made_from = sections.section_html, Renderings.made_from

    def section_spy(renderings, inputs, around=nullcontext):
        caught[f"section_{inputs.role}"] = (inputs, around)
        return real_section(renderings, inputs, around)

    def made_from_spy(self, template, values, inputs_of, around=nullcontext):
        if template == FRAME_TEMPLATE:
            caught[f"frame_{inputs_of(values).role}"] = ((values, inputs_of), around)
        return real_made_from(self, template, values, inputs_of, around)
    version = version_of(host, code)
    for _ in range(5):   # a log to show, templates compiled
        version = roll(host, code, version)
    streams = open_streams(host, phones[:1], code, version)
    sections.section_html, Renderings.made_from = section_spy, made_from_spy
    try:
        version = roll(host, code, version)
        for _, chunks in streams:
            next(chunks)
    finally:
        sections.section_html, Renderings.made_from = real_section, real_made_from
    for response, _ in streams:
        response.close()
    return caught


def time_each(renderings, calls: dict, repeat: int, rounds: int) -> dict:
    out = {}
    for name, (inputs, around) in calls.items():
        if name.startswith("frame"):
            values, inputs_of = inputs
            key = digest((FRAME_TEMPLATE, values))
            make = lambda: renderings.made_from(FRAME_TEMPLATE, values, inputs_of, around)   # noqa: E731
        else:
            key = digest([sections.section_template(inputs), inputs])   # a laid out section is never kept
            make = lambda: sections.section_html(renderings, inputs, around)   # noqa: E731
        best = float("inf")
        for _ in range(rounds):
            started = time.process_time()
            for _ in range(repeat):
                dropped = renderings._kept.pop(key, None)
                if dropped is not None:   # counted out, or the kept parts would be pushed out as it grows
                    renderings.size -= len(dropped)
                make()
            best = min(best, (time.process_time() - started) / repeat)
        out[f"{name}_us"] = round(best * 1e6, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all-parts", action="store_true")
    parser.add_argument("--repeat", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    parts = ("timers", "dice", "bag", "deck", "track", "counters", "rounds", "picker") if args.all_parts else ("dice",)
    with tempfile.TemporaryDirectory() as tmp:
        app, host, code, phones = build(str(Path(tmp) / "render.db"), parts)
        calls = recorded_renderings(app, host, code, phones)
        renderings = app.extensions["sections"]
        time_each(renderings, calls, 50, 1)   # warm
        if args.profile:
            import cProfile
            import io
            import pstats
            profiler = cProfile.Profile()
            profiler.enable()
            time_each(renderings, calls, args.repeat, 1)
            profiler.disable()
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(30)
            print(out.getvalue(), file=sys.stderr)
        result = time_each(renderings, calls, args.repeat, args.rounds)
        app.extensions["companion"].hub.close()
        app.extensions["companion"].store.close()
    print(json.dumps({"parts": parts, **result}, indent=2))


if __name__ == "__main__":
    main()
