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

The folder is bounded, so a table left running cannot fill the disk: at most
`MAX_RECORDS` records and `MAX_FOLDER_BYTES` bytes (a save beyond either is
refused, ``folder_full``), and a record is named by its text's SHA-256, so
saving the same record again writes nothing and answers the name it already
has. A listing reads at most `MAX_SCANNED` entries of the folder. The folder
must be writable when the table starts (``bad_file`` otherwise: a folder
such as /proc/self is refused at once, not at the first save).
"""
from __future__ import annotations

import hashlib
import os
import re
import stat
import tempfile
import time
from typing import Any

from kozyr.errors import KozyrError, shown
from kozyr.files import parse_json as _parse_json
from kozyr.files import read_bytes, write_atomic

__all__ = ["RecordsFolder", "MAX_RECORD_BYTES", "MAX_LISTED", "MAX_RECORDS", "MAX_FOLDER_BYTES", "MAX_SCANNED",
           "NAME", "parse_json"]

MAX_RECORD_BYTES = 512 * 1024     # the largest record read or uploaded (a durak deal is 3 KB, a hokm match 30 KB)
MAX_LISTED = 500                  # records listed at most (the newest first)
MAX_RECORDS = 1000                # records the folder holds at most
MAX_FOLDER_BYTES = 64 * 1024 * 1024   # bytes of records the folder holds at most
MAX_SCANNED = 10_000              # entries of the folder read at most by a listing or a save
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
        try:                       # writable now, or refused now (not at the first save)
            fd, probe = tempfile.mkstemp(prefix=".kozyr-probe-", dir=self.root)
            os.close(fd)
            os.unlink(probe)
        except OSError as e:
            raise KozyrError("bad_file", f"the records folder {root!r} cannot be written ({e.strerror or e})",
                             field="records", value=root) from None
        self.max_records, self.max_bytes = MAX_RECORDS, MAX_FOLDER_BYTES

    def _path(self, name: object) -> str:
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise KozyrError("bad_name", f"record name {shown(name)} is not a file name of the records folder "
                             "(letters, digits, '.', '_', '-', ending .json)", field="name", value=name)
        path = os.path.join(self.root, name)
        if os.path.dirname(path) != self.root:        # cannot happen for a NAME; kept as the last word
            raise KozyrError("bad_name", f"record name {shown(name)} leaves the records folder", field="name")
        return path

    def _scan(self) -> list[dict[str, Any]]:
        """The folder's regular files (of its first MAX_SCANNED entries): name, size, time, and whether the
        name is a record's."""
        found: list[dict[str, Any]] = []
        with os.scandir(self.root) as entries:
            for n, entry in enumerate(entries):
                if n >= MAX_SCANNED:
                    break
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                if stat.S_ISREG(info.st_mode):
                    found.append({"name": entry.name, "size": info.st_size, "time": int(info.st_mtime),
                                  "record": bool(NAME.fullmatch(entry.name))})
        return found

    def list(self) -> list[dict[str, Any]]:
        """The records in the folder, newest first: name, size, time (regular files with a record's name)."""
        found = [{k: r[k] for k in ("name", "size", "time")} for r in self._scan()
                 if r["record"] and r["size"] <= MAX_RECORD_BYTES]
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
        """Save a record's text under a new name (`<kind>-<date>-<time>-<digest>.json`, the digest its text's
        SHA-256); the name. The same text saved before: its name, and nothing is written. A full folder (the
        module's note): folder_full."""
        data = text.encode("utf-8")
        digest = hashlib.sha256(data).hexdigest()[:16]
        files = self._scan()
        held = [r for r in files if r["record"]]
        for r in held:
            if r["name"].endswith(f"-{digest}.json") and r["name"].startswith(f"{kind}-"):
                return str(r["name"])
        if len(held) >= self.max_records:
            raise KozyrError("folder_full", f"the records folder holds {len(held):,} records, the most it keeps is "
                             f"{self.max_records:,} records: remove some to save more", field="records")
        size = sum(r["size"] for r in files)
        if size + len(data) > self.max_bytes:
            raise KozyrError("folder_full", f"the records folder holds {size:,} bytes; saving {len(data):,} more "
                             f"would pass its bound of {self.max_bytes:,}: remove some records to save more",
                             field="records")
        name = f"{kind}-{time.strftime('%Y%m%d-%H%M%S')}-{digest}.json"
        path = self._path(name)
        try:
            write_atomic(path, text, label=f"record {name!r}", overwrite=False)
        except KozyrError as e:
            if not os.path.lexists(path):
                raise KozyrError(e.code, e.detail, field="records") from None
        return name

