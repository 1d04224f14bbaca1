"""Wheel build hook (pyproject.toml): each translations/<lang>/LC_MESSAGES/messages.po compiled to
messages.mo inside the wheel, as the app does at start-up in a checkout (companion/web/i18n.py)."""
from __future__ import annotations

import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileCatalogues(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        self._compiled = tempfile.TemporaryDirectory()
        root = Path(self.root)
        for po in sorted((root / "translations").glob("*/LC_MESSAGES/messages.po")):
            relative = po.relative_to(root).with_suffix(".mo")
            mo = Path(self._compiled.name) / relative
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source, mo.open("wb") as target:
                write_mo(target, read_po(source, locale=po.parent.parent.name))
            build_data["force_include"][str(mo)] = f"companion/{relative.as_posix()}"

    def finalize(self, version, build_data, artifact_path):
        self._compiled.cleanup()
