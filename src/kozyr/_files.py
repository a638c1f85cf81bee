"""A file read bounded and a file written whole: the two habits every record file of kozyr keeps.

A record handed to kozyr may be anything: a name that is a FIFO or
``/dev/zero``, a file of gigabytes. `read_bytes` opens without blocking, reads
a regular file only, and stops one byte past its limit. `write_atomic` writes
to a temporary file in the target's own folder, flushes it to the disk and
renames it over the target (``os.replace``), so a reader, or a server that is
restarted halfway, sees the old file or the new one and never half of one.

The signatures are a subset of the shell's shared loader (`read_bytes`,
`write_atomic` with ``label`` and ``error``), so the callers switch to it by
an import line once it is in the package.
"""
from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable

from kozyr.errors import KozyrError

__all__ = ["MAX_FILE_BYTES", "read_bytes", "write_atomic"]

MAX_FILE_BYTES = 10 * 1024 * 1024
"""The largest file read by default (10 MiB: thousands of records)."""

Refuse = Callable[..., KozyrError]   # KozyrError or a subclass: (code, message, **fields)


def read_bytes(path: str | os.PathLike[str], *, label: str | None = None, limit: int = MAX_FILE_BYTES,
               error: Refuse = KozyrError, follow: bool = True) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them; `bad_file` otherwise.

    With ``follow=False`` a symbolic link is refused rather than followed
    (the web table reads only files that are in its records folder).
    """
    name = os.fspath(path)
    label = label or f"file {name!r}"
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(name, flags)
    except (OSError, ValueError) as exc:   # ValueError: a NUL in the name
        raise error("bad_file", f"{label} cannot be read ({_why(exc)})", field="path", value=name) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error("bad_file", f"{label} is not a regular file", field="path", value=name)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise error("bad_file", f"{label} cannot be read ({_why(exc)})", field="path", value=name) from None
    finally:
        os.close(fd)
    if size > limit:
        raise error("bad_file", f"{label} is larger than {limit:,} bytes", field="path", value=name)
    return b"".join(chunks)


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, label: str | None = None,
                 overwrite: bool = True, error: Refuse = KozyrError) -> None:
    """Write `data` (text as UTF-8) to `path` whole or not at all: a temporary file beside it, then a rename.

    With ``overwrite=False`` an existing file is refused, even one that
    appears while the data is written (the temporary file is then linked to
    the name, which never replaces). A failure removes the temporary file and
    leaves any old file as it was; it is one `bad_file` refusal.
    """
    name = os.fspath(path)
    label = label or f"file {name!r}"
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    folder = os.path.dirname(os.path.abspath(name))
    if os.path.isdir(name):
        raise error("bad_file", f"{label} is a directory", field="path", value=name)
    if not overwrite and os.path.lexists(name):
        raise error("bad_file", f"{label} already exists", field="path", value=name)
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(name)}.", suffix=".tmp", dir=folder)
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view):]
            os.fchmod(fd, 0o644)
            os.fsync(fd)
        finally:
            os.close(fd)
        if overwrite:
            os.replace(tmp, name)
        else:
            try:
                os.link(tmp, name)
            except FileExistsError:
                raise error("bad_file", f"{label} already exists", field="path", value=name) from None
            os.unlink(tmp)
        tmp = None
    except OSError as exc:
        raise error("bad_file", f"{label} cannot be written ({_why(exc)})", field="path", value=name) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
