"""The package install compiles the catalogues (setup.py): a wheel carries every `.po` with its
`.mo`, the installed bot reads the `.mo`, and an editable install writes the `.mo` into the
checkout it runs from.

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

import pytest

REPO_ROOT = Path(__file__).resolve().parents[3]
PROJECT = ("pyproject.toml", "setup.py", "README.md", "bot", "engine", "cogs", "storage")
COMMANDS = "bot/locale/de/LC_MESSAGES/commands"
# The tests that use the built wheel run on one pytest-xdist worker: one build, not one each.
GROUP = "wheel build"
pytestmark = pytest.mark.xdist_group(GROUP)


def test_this_files_tests_share_one_worker(request: pytest.FixtureRequest) -> None:
    """Under xdist's loadgroup (the README's test command) a test carries its group in its
    id, and the scheduler hands a group to one worker: with pytest 9.2 the id lost it and the
    wheel was built on every worker, silently (pyproject.toml pins pytest below 9.2)."""
    if getattr(request.config.option, "loadgroup", False):  # set on xdist's workers
        assert request.node.nodeid.endswith(f"@{GROUP}"), request.node.nodeid


def project_copy(into: Path, names: tuple[str, ...] = PROJECT) -> Path:
    """The files a build reads, without compiled catalogues or caches."""
    ignore = shutil.ignore_patterns("__pycache__", "*.mo", "*.pot", "*.egg-info", "build")
    into.mkdir()
    for name in names:
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


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the project copy, the wheel built from it)."""
    folder = tmp_path_factory.mktemp("build")
    project = project_copy(folder / "project")
    done = pip("wheel", ".", "-w", str(folder / "dist"), cwd=project)
    assert done.returncode == 0, done.stderr
    (wheel,) = (folder / "dist").glob("tabletop_bot-*.whl")
    return project, wheel


def test_a_built_wheel_ships_every_catalogue_compiled(built: tuple[Path, Path]) -> None:
    project, wheel = built
    names = catalogues(project)
    assert COMMANDS in names
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
        for name in names:
            assert f"{name}.po" in shipped
            assert f"{name}.mo" in shipped, f"{name}.mo is not in the wheel"
            gettext.GNUTranslations(io.BytesIO(archive.read(f"{name}.mo")))  # a valid catalogue
        commands = gettext.GNUTranslations(io.BytesIO(archive.read(f"{COMMANDS}.mo")))
    assert commands.pgettext("command name", "join") == "beitreten"


SHOW = """
import bot
from bot.i18n import p_, use_locale
with use_locale("de"):
    print(bot.__file__, p_("command name", "join"))
"""


def test_the_installed_bot_reads_the_compiled_catalogues(
    built: tuple[Path, Path], tmp_path: Path
) -> None:
    _project, wheel = built
    site = tmp_path / "site"
    installed = pip(
        "install", str(wheel), "--target", str(site), "--ignore-installed", cwd=tmp_path
    )
    assert installed.returncode == 0, installed.stderr
    # The .mo was compiled from the very .po installed beside it (its digest says so) ...
    from bot.i18n.catalogues import STAMP_CONTEXT, STAMP_ID, digest

    po, mo = site / f"{COMMANDS}.po", site / f"{COMMANDS}.mo"
    with mo.open("rb") as compiled:
        stamp = gettext.GNUTranslations(compiled).pgettext(STAMP_CONTEXT, STAMP_ID)
    assert stamp == digest(po)
    # ... and alone it is enough: with the .po gone the installed bot still reads German.
    po.unlink()
    shown = subprocess.run(
        [sys.executable, "-c", SHOW],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout.split()
    assert shown == [str(site / "bot" / "__init__.py"), "beitreten"]


def docker_copies() -> tuple[str, ...]:
    """The project files the Dockerfile copies into the image before its `pip install .`."""
    lines = (REPO_ROOT / "Dockerfile").read_text(encoding="utf-8").splitlines()
    install = next(i for i, line in enumerate(lines) if "pip install" in line)
    copied = [line.split()[1:-1] for line in lines[:install] if line.startswith("COPY ")]
    return tuple(name for sources in copied for name in sources)


def test_the_docker_image_build_compiles_the_catalogues(tmp_path: Path) -> None:
    """What the Dockerfile copies is enough for its `pip install .` to compile them."""
    app = project_copy(tmp_path / "app", docker_copies())
    done = pip("wheel", ".", "-w", str(tmp_path / "dist"), cwd=app)
    assert done.returncode == 0, done.stderr
    (wheel,) = (tmp_path / "dist").glob("tabletop_bot-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert f"{COMMANDS}.mo" in archive.namelist()


def test_an_editable_install_compiles_the_catalogues_into_the_checkout(tmp_path: Path) -> None:
    project = project_copy(tmp_path / "project")
    prefix = tmp_path / "prefix"
    # --ignore-installed: never uninstall the bot this test runs in (pip would, with --prefix).
    installed = pip(
        "install", "-e", ".", "--prefix", str(prefix), "--ignore-installed", cwd=project
    )
    assert installed.returncode == 0, installed.stderr
    for name in catalogues(project):
        mo = project / f"{name}.mo"
        assert mo.is_file(), f"{name}.mo was not compiled"
        with mo.open("rb") as compiled:
            gettext.GNUTranslations(compiled)
