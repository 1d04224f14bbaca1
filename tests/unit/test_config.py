"""Settings: defaults from companion/config.py, COMPANION_<NAME> from the environment (Flask's
from_prefixed_env), and what create_app is given, in that order; a bad value stops the start."""
from __future__ import annotations

import pytest

from companion import config, create_app


def make(tmp_path, **given):
    app = create_app({"DATABASE": str(tmp_path / "t.db"), **given})
    app.extensions["companion"].hub.close()
    return app


def test_every_default_comes_from_the_config_module(tmp_path):
    app = make(tmp_path)
    defaults = {name: getattr(config, name) for name in dir(config) if name.isupper()}
    assert {"DATABASE", "MOVES_PER_MINUTE", "COMPRESS_MIMETYPES", "RANDOM_SEED"} <= set(defaults)
    for name, value in defaults.items():
        if value is not None:   # None: create_app works the value out (the database path, STREAMS_MAX)
            assert app.config[name] == value, name


def test_the_environment_overrides_a_default_and_the_caller_overrides_both(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_MOVES_PER_MINUTE", "2400")
    monkeypatch.setenv("COMPANION_JOINS_PER_MINUTE", "50")
    monkeypatch.setenv("COMPANION_REDIS_PREFIX", "cafe:")
    app = make(tmp_path, JOINS_PER_MINUTE=7)
    assert app.config["MOVES_PER_MINUTE"] == 2400
    assert app.config["REDIS_PREFIX"] == "cafe:"
    assert app.config["JOINS_PER_MINUTE"] == 7


@pytest.mark.parametrize("value", ["lots", "-5", "1.5", "true", "\"60\""])
def test_a_limit_that_is_no_whole_number_stops_the_start_by_its_name(tmp_path, monkeypatch, value):
    monkeypatch.setenv("COMPANION_MOVES_PER_MINUTE", value)
    with pytest.raises(config.ConfigError, match="MOVES_PER_MINUTE"):
        make(tmp_path)


def test_a_limit_of_zero_allows_none_and_is_taken(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_STREAMS_PER_ADDRESS", "0")
    assert make(tmp_path).config["STREAMS_PER_ADDRESS"] == 0


def test_an_unset_stream_cap_is_worked_out_and_a_given_one_kept(tmp_path):
    assert make(tmp_path).config["STREAMS_MAX"] >= 16
    assert make(tmp_path, STREAMS_MAX=40).config["STREAMS_MAX"] == 40


def test_every_setting_the_code_reads_has_its_default_in_the_config_module():
    """A setting read somewhere with no default in companion/config.py (or Flask's own) would be the
    inline key of old coming back: its default and its why belong with the others."""
    import re
    from pathlib import Path

    from flask import Flask
    read = set()
    for path in (Path(config.__file__).parent).rglob("*.py"):
        text = path.read_text()
        read |= set(re.findall(r'config(?:\[|\.get\()"([A-Z_]+)"', text))
        read |= set(re.findall(r'over_limit\("\w+", "([A-Z_]+)"\)', text))
    assert {"DATABASE", "MOVES_PER_MINUTE", "CLAIMS_PER_MINUTE", "MINIFY_ASSETS"} <= read   # the search finds them
    own = {name for name in dir(config) if name.isupper()}
    assert read - own - set(Flask.default_config) == set()
