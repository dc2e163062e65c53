"""Where `db backup` may write: refused up front (BadArgument, exit status 2) when the operator
must change the target, before any source is read or any file made."""

from __future__ import annotations

from pathlib import Path

from storage.errors import BadArgument
from storage.paths import SIDE_SUFFIXES, database_files, real

_SHOWN = 60  # longer file names are shortened in messages


def refuse_backup_target(dest: Path, source: Path | None = None) -> None:
    """A name too long, the source database or a file SQLite keeps beside it, a file in the
    way, an existing file, or a missing folder: the folder is never made silently (a typo
    would put the backup where nobody looks for it)."""
    try:
        exists, folder = dest.exists(), dest.parent.is_dir()
    except OSError as exc:  # ENAMETOOLONG and the like: the name, not the disk
        name = dest.name
        if len(name) > _SHOWN:
            name = f"{name[:40]}… ({len(name)} characters)"
        raise BadArgument(
            f"cannot use {name} as the backup file: {exc.strerror or exc}; choose a shorter name"
        ) from exc
    if source is not None:
        _refuse_beside_source(dest, source)
    if exists:
        raise BadArgument(f"backup target {dest} already exists; choose a new file name")
    if folder:
        return
    if dest.parent.exists():
        why = f"{dest.parent} is a file, not a directory"
    else:
        why = f"there is no folder {dest.parent} (make it first: mkdir -p {dest.parent})"
    raise BadArgument(f"cannot write the backup to {dest}: {why}; or choose another place")


def _refuse_beside_source(dest: Path, source: Path) -> None:
    """The copy must not land on the database or its -wal/-shm/-journal file, nor may the
    files the copy itself makes (``.partial`` and its journal): SQLite deletes a -wal or -shm
    when the source closes and takes a -journal for a crash's leftovers to roll back at the
    next open, so the copy would be lost or would damage the database (also via a symbolic
    link or ``..``)."""
    taken = database_files(source)
    partial = f"{dest}.partial"
    made = [str(dest), partial, *(partial + suffix for suffix in SIDE_SUFFIXES)]
    for name in made:
        what = taken.get(real(name))
        if what is None:
            continue
        why = "that is" if name == str(dest) else f"the copy is first written to {name}, which is"
        raise BadArgument(
            f"cannot write the backup to {dest}: {why} {what}; the copy would be lost or "
            "would damage the database — choose another file name"
        )
