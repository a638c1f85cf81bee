"""The records folder: the one place on the disk the web table reads and writes.

A name from a request is a file name and nothing more: letters, digits,
``.``, ``_`` and ``-``, ending in ``.json``, not starting with a dot, at
most 100 characters (so no folder, no ``..``, no absolute path, no NUL),
and it is looked up only among the folder's own entries. A symbolic link in
the folder is never followed, so a link pointing elsewhere reads nothing.
Reads are bounded; writes go through a temporary file and a rename in the
folder, under a fresh name, so a saved record is never half-written and
never replaces another: a server stopped at any moment keeps every record
it said it saved.
"""
from __future__ import annotations

import os
import re
import secrets
import stat
import time
from typing import Any

from kozyr.errors import KozyrError, shown
from kozyr.files import parse_json as _parse_json
from kozyr.files import read_bytes, write_atomic

__all__ = ["RecordsFolder", "MAX_RECORD_BYTES", "MAX_LISTED", "NAME", "parse_json"]

MAX_RECORD_BYTES = 512 * 1024     # the largest record read or uploaded (a durak deal is 3 KB, a hokm match 30 KB)
MAX_LISTED = 500                  # records listed at most (the newest first)
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,94}\.json")


def parse_json(data: bytes, what: str) -> Any:
    """JSON from request or file bytes, read bounded (`kozyr.files.parse_json`: UTF-8, nesting, digits, no key
    twice, no NaN); `bad_json` naming `what` when it is not, never a crash."""
    return _parse_json(data, label=what, code="bad_json")


class RecordsFolder:
    """The folder of game records (made if missing)."""

    def __init__(self, root: str) -> None:
        try:
            os.makedirs(root, exist_ok=True)
        except OSError as e:
            raise KozyrError("bad_file", f"the records folder {root!r} cannot be made ({e.strerror or e})",
                             field="records", value=root) from None
        self.root = os.path.realpath(root)
        if not os.path.isdir(self.root):
            raise KozyrError("bad_file", f"the records folder {root!r} is not a folder", field="records", value=root)

    def _path(self, name: object) -> str:
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise KozyrError("bad_name", f"record name {shown(name)} is not a file name of the records folder "
                             "(letters, digits, '.', '_', '-', ending .json)", field="name", value=name)
        path = os.path.join(self.root, name)
        if os.path.dirname(path) != self.root:        # cannot happen for a NAME; kept as the last word
            raise KozyrError("bad_name", f"record name {shown(name)} leaves the records folder", field="name")
        return path

    def list(self) -> list[dict[str, Any]]:
        """The records in the folder, newest first: name, size, time (regular files with a record's name)."""
        found: list[dict[str, Any]] = []
        with os.scandir(self.root) as entries:
            for entry in entries:
                if not NAME.fullmatch(entry.name):
                    continue
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_RECORD_BYTES:
                    found.append({"name": entry.name, "size": info.st_size, "time": int(info.st_mtime)})
        found.sort(key=lambda r: (-r["time"], r["name"]))
        return found[:MAX_LISTED]

    def read(self, name: object) -> Any:
        """The JSON of the record `name` (not found, a link, a folder or too large: a refusal)."""
        path = self._path(name)
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            raise KozyrError("no_record", f"no record {name!r} in the records folder", field="name",
                             value=name) from None
        except OSError as e:
            raise KozyrError("bad_file", f"record {name!r} cannot be read ({e.strerror or e})", field="name",
                             value=name) from None
        if stat.S_ISLNK(mode):       # a link is not followed, wherever it points
            raise KozyrError("bad_file", f"record {name!r} is a link, not a file of the records folder",
                             field="name", value=name)
        data = read_bytes(path, label=f"record {name!r}", limit=MAX_RECORD_BYTES)
        return parse_json(data, f"record {name!r}")

    def write(self, kind: str, text: str) -> str:
        """Save a record's text under a new name (`<kind>-<date>-<time>-<random>.json`); the name."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for _ in range(8):
            name = f"{kind}-{stamp}-{secrets.token_hex(3)}.json"
            path = self._path(name)
            try:
                write_atomic(path, text, label=f"record {name!r}", overwrite=False)
                return name
            except KozyrError as e:
                if not os.path.lexists(path):
                    raise KozyrError(e.code, str(e), field="records") from None
        raise KozyrError("bad_file", "no free record name in the records folder", field="records")
