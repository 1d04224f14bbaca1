"""A serving process tunes its garbage collector once the app is built (companion/serving.py)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_start_up_objects_are_frozen_and_the_older_generations_collected_rarely():
    # in a fresh interpreter: freezing is for the whole process. The youngest generation is
    # collected far less often than Python's every 700 objects (what a tap makes is then mostly
    # freed before a collection walks it), and the next one far less often than every 10th time.
    script = ("import gc; from companion.serving import GC_THRESHOLDS, tune_garbage_collector; "
              "before = gc.get_freeze_count(); tune_garbage_collector(); "
              "print(gc.get_threshold() == GC_THRESHOLDS, gc.get_freeze_count() > before, GC_THRESHOLDS[0] > 10 * 700 and GC_THRESHOLDS[1] > 10 * 10)")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True", "True"]


def test_warm_up_compiles_every_template_and_loads_every_catalogue_before_the_first_request(tmp_path):
    # in a fresh interpreter: the catalogues are kept per process
    script = (
        "import sys; from companion import create_app; from companion.serving import warm_up; "
        "from companion.web import i18n; "
        f"app = create_app({{'DATABASE': {str(tmp_path / 'w.db')!r}}}); env = app.jinja_env; "
        "names = env.list_templates(extensions=('html',)); "
        "print(len(names) > 50, len(env.cache or {}) < len(names), len(i18n._BOUND) == 0); "
        "warm_up(app); "
        "loaded = {key[1] for key in env.cache}; "
        "print(set(names) <= loaded, len(i18n._BOUND) == len(i18n.LANGUAGES))")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True"] * 5
