"""A serving process tunes its garbage collector once the app is built (companion/serving.py)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_start_up_objects_are_frozen_and_collections_come_less_often():
    # in a fresh interpreter: freezing is for the whole process
    script = ("import gc; from companion.serving import GC_THRESHOLDS, tune_garbage_collector; "
              "before = gc.get_freeze_count(); tune_garbage_collector(); "
              "print(gc.get_threshold() == GC_THRESHOLDS, gc.get_freeze_count() > before, GC_THRESHOLDS[0] > 700)")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True", "True"]
