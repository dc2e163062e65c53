"""Where `db backup` may write: refused up front (BadArgument, exit status 2) when the operator
must change the target, before any source is read or any file made."""

from __future__ import annotations

from pathlib import Path

from storage.errors import BadArgument

_SHOWN = 60  # longer file names are shortened in messages


def refuse_backup_target(dest: Path) -> None:
    """A name too long, a file in the way, an existing file, or a missing folder: the folder is
    never made silently (a typo would put the backup where nobody looks for it)."""
    try:
        exists, folder = dest.exists(), dest.parent.is_dir()
    except OSError as exc:  # ENAMETOOLONG and the like: the name, not the disk
        name = dest.name
        if len(name) > _SHOWN:
            name = f"{name[:40]}… ({len(name)} characters)"
        raise BadArgument(
            f"cannot use {name} as the backup file: {exc.strerror or exc}; choose a shorter name"
        ) from exc
    if exists:
        raise BadArgument(f"backup target {dest} already exists; choose a new file name")
    if folder:
        return
    if dest.parent.exists():
        why = f"{dest.parent} is a file, not a directory"
    else:
        why = f"there is no folder {dest.parent} (make it first: mkdir -p {dest.parent})"
    raise BadArgument(f"cannot write the backup to {dest}: {why}; or choose another place")
