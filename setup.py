"""The package build compiles the translation catalogues, so `pip install` is all the set-up.

Everything else about the package is in pyproject.toml; this file only adds one build step:
every `bot/locale/<lang>/LC_MESSAGES/<domain>.po` is compiled (Babel, a build requirement) to
the `.mo` the bot reads, beside it in the build (a wheel ships both). An editable install
(`pip install -e .`) runs the package from the checkout, so there the `.mo` is written into the
checkout itself (git-ignored), as `python -m bot i18n compile` would.
"""

from __future__ import annotations

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
CATALOGUES = "bot/locale/*/LC_MESSAGES/*.po"


class BuildWithCatalogues(build_py):
    """`build_py`, then every `.po` compiled to its `.mo` in the build (or the checkout)."""

    def run(self) -> None:
        super().run()
        for po, mo in self._catalogues():
            self._compile(po, mo)

    def _catalogues(self) -> list[tuple[Path, Path]]:
        # In editable mode the packages are imported from the checkout, not from build_lib.
        target = ROOT if self.editable_mode else Path(self.build_lib)
        return [
            (po, target / po.relative_to(ROOT).with_suffix(".mo"))
            for po in sorted(ROOT.glob(CATALOGUES))
        ]

    def _compile(self, po: Path, mo: Path) -> None:
        # The bot's own compiler, so the `.mo` carries the digest the bot checks it by.
        sys.path.insert(0, str(ROOT))
        try:
            from bot.i18n.catalogues import compile_po
        finally:
            sys.path.remove(str(ROOT))
        mo.parent.mkdir(parents=True, exist_ok=True)
        mo.write_bytes(compile_po(po))
        self.announce(f"compiled {po.relative_to(ROOT)} -> {mo}", level=2)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        if self.editable_mode:
            return outputs
        return outputs + [str(mo) for _po, mo in self._catalogues()]


setup(cmdclass={"build_py": BuildWithCatalogues})
