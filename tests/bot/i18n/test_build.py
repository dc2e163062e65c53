"""The package install compiles the catalogues (setup.py): a wheel carries every `.po` with its
`.mo`, and an editable install writes the `.mo` into the checkout it runs from.

Built offline from a copy of the project with this venv's setuptools and Babel
(`--no-build-isolation`, no index), so the checkout itself is left as it was.
"""

from __future__ import annotations

import gettext
import io
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[3]
PROJECT = ("pyproject.toml", "setup.py", "README.md", "bot", "engine", "cogs", "storage")


def project_copy(into: Path) -> Path:
    """The files a build reads, without compiled catalogues or caches."""
    ignore = shutil.ignore_patterns("__pycache__", "*.mo", "*.pot", "*.egg-info", "build")
    into.mkdir()
    for name in PROJECT:
        source = REPO_ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=ignore)
        elif source.is_file():
            shutil.copy2(source, into / name)
    return into


def pip(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    return subprocess.run(
        [sys.executable, "-m", "pip", *args, "--no-deps", "--no-build-isolation", "-q"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def catalogues(project: Path) -> list[str]:
    """`bot/locale/de/LC_MESSAGES/commands` and the like: every catalogue the project has."""
    found = project.glob("bot/locale/*/LC_MESSAGES/*.po")
    return sorted(po.relative_to(project).with_suffix("").as_posix() for po in found)


def test_a_built_wheel_ships_every_catalogue_compiled(tmp_path: Path) -> None:
    project = project_copy(tmp_path / "project")
    built = pip("wheel", ".", "-w", str(tmp_path / "dist"), cwd=project)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("tabletop_bot-*.whl")
    names = catalogues(project)
    assert "bot/locale/de/LC_MESSAGES/commands" in names
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
        for name in names:
            assert f"{name}.po" in shipped
            assert f"{name}.mo" in shipped, f"{name}.mo is not in the wheel"
            gettext.GNUTranslations(io.BytesIO(archive.read(f"{name}.mo")))  # a valid catalogue
        commands = gettext.GNUTranslations(
            io.BytesIO(archive.read("bot/locale/de/LC_MESSAGES/commands.mo"))
        )
    assert commands.pgettext("command name", "join") == "beitreten"


def test_an_editable_install_compiles_the_catalogues_into_the_checkout(tmp_path: Path) -> None:
    project = project_copy(tmp_path / "project")
    prefix = tmp_path / "prefix"
    installed = pip("install", "-e", ".", "--prefix", str(prefix), cwd=project)
    assert installed.returncode == 0, installed.stderr
    for name in catalogues(project):
        mo = project / f"{name}.mo"
        assert mo.is_file(), f"{name}.mo was not compiled"
        with mo.open("rb") as compiled:
            gettext.GNUTranslations(compiled)
