"""Files kozyr reads and writes, for every game: JSON and TOML read bounded, any file written whole.

A file handed to kozyr may come from anywhere: a record edited by hand, a
scorer's sheet, a name that is a symlink to ``/dev/zero`` or a FIFO. So a read
is bounded before any parser sees a byte, and the same bounds hold for every
document kozyr reads (durak records, preferans sheets and deal lists):

- a regular file only (a device, a FIFO or a folder is refused before it is
  read, and the open never blocks), of at most :data:`MAX_FILE_BYTES`;
- nesting at most :data:`MAX_DEPTH` deep, counted on the text before the
  parser runs (the parsers recurse once per level, and how deep they may go
  differs between Pythons: ``'[' * 100000`` must be the same one-line refusal
  on all of them) and again on the parsed document (TOML's dotted keys nest
  without brackets);
- no number longer than :data:`MAX_NUMBER_DIGITS` digits (int() of a
  5,000-digit text is refused by Python 3.11+ and slow on 3.10);
- in JSON, no key twice in one object (the last would win silently) and no
  ``NaN`` or ``Infinity`` (not JSON);

and the caller then checks what the document says (`kozyr.schema`).

Writing is atomic: the data goes to a temporary file in the target's own
folder, is flushed to the disk and then renamed over the target
(``os.replace``), so a reader sees the old file or the new one, never a
half-written one, and a full disk leaves the old file as it was. A target
that is a folder, a device (``/dev/full``) or a FIFO is refused before any
work (`check_output`), and so is an existing file when it must not be
replaced.

Every refusal is a `KozyrError` (or the caller's subclass of it, given as
``error``), one line naming the file: ``label`` is how the message names it
(``file: 'deals.toml'``, ``--plot 'out.png'``).
"""
from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from kozyr.errors import KozyrError, shown

__all__ = ["MAX_FILE_BYTES", "MAX_DEPTH", "MAX_NUMBER_DIGITS", "read_bytes", "parse_json", "parse_toml",
           "load_document", "check_output", "write_atomic"]

MAX_FILE_BYTES = 10 * 1024 * 1024
"""The largest file read (10 MiB: some 100,000 preferans deals, thousands of durak records)."""

MAX_DEPTH = 32
"""The deepest nesting of objects/tables and lists accepted (a sheet needs 3, a durak record 3)."""

MAX_NUMBER_DIGITS = 100
"""The most digits in a row in a number (every count kozyr reads has fewer than 20)."""

Refuse = Callable[..., KozyrError]   # KozyrError or a subclass: (code, message, **fields)

_MIB = 1024 * 1024
_LONG_NUMBER = re.compile(rf"[0-9][0-9_]{{{MAX_NUMBER_DIGITS},}}")
_BRACKETS = re.compile(r"[\[\]{}]")
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_TOML_STRING_OR_COMMENT = re.compile(
    r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|\'[^\'\n]*\'|#[^\n]*', re.DOTALL)


def read_bytes(path: str | os.PathLike[str], *, label: str | None = None, limit: int = MAX_FILE_BYTES,
               error: Refuse = KozyrError) -> bytes:
    """The bytes of the regular file `path`, at most `limit` of them (a `bad_file` refusal otherwise).

    The file is opened without blocking (a FIFO would wait for a writer) and
    checked to be a regular file before a byte is read; the read stops one
    byte past the limit, so a file that grows while it is read is caught too.
    """
    name = _name(path)
    label = label or f"file {name!r}"
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError) as exc:   # ValueError: a NUL in the name
        raise error("bad_file", f"{label} cannot be read ({_why(exc)})", field="path", value=name) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error("bad_file", f"{label} is not a regular file", field="path", value=name)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(_MIB, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise error("bad_file", f"{label} cannot be read ({_why(exc)})", field="path", value=name) from None
    finally:
        os.close(fd)
    if size > limit:
        raise error("bad_file", f"{label} is larger than {_size(limit)}", field="path", value=name)
    return b"".join(chunks)


def parse_json(data: bytes | str, *, label: str = "the JSON text", code: str = "bad_file",
               error: Refuse = KozyrError) -> Any:
    """A JSON document from text or bytes, bounded (see the module's note); refusals are `code`."""
    text = _text(data, label, code, error, "JSON")
    _scan(_JSON_STRING.sub('""', text), label, code, error)

    def no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) != len(pairs):   # a key given twice: name the first
            seen: set[str] = set()
            for key, value in pairs:
                if key in seen:
                    raise error(code, f"{label} has the key {shown(key)} twice in one object", field=key,
                                value=value)
                seen.add(key)
        return out

    def no_constant(word: str) -> Any:
        raise error(code, f"{label} has {word}, which is not a JSON number", value=word)

    try:
        doc = json.loads(text, object_pairs_hook=no_twice, parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        raise error(code, f"{label} is not valid JSON: {_reason(exc)}") from None
    _check_depth(doc, label, code, error)
    return doc


def parse_toml(data: bytes | str, *, label: str = "the TOML text", code: str = "bad_file",
               error: Refuse = KozyrError) -> dict[str, Any]:
    """A TOML document from text or bytes, bounded (see the module's note); refusals are `code`.

    TOML itself refuses a key given twice; the nesting is counted on the text
    (brackets and braces outside strings and comments, below the root table)
    and again on the parsed tables.
    """
    text = _text(data, label, code, error, "TOML")
    _scan("{" + _TOML_STRING_OR_COMMENT.sub('""', text) + "}", label, code, error)
    toml = _tomllib(label, error)
    try:
        doc: dict[str, Any] = toml.loads(text)
    except (toml.TOMLDecodeError, ValueError) as exc:
        raise error(code, f"{label} is not valid TOML: {_reason(exc)}") from None
    _check_depth(doc, label, code, error)
    return doc


def load_document(path: str | os.PathLike[str], *, label: str | None = None, code: str = "bad_file",
                  error: Refuse = KozyrError, suffixes: tuple[str, ...] = (".json", ".toml")) -> Any:
    """Read `path` bounded and parse it as JSON or TOML by its suffix (one of `suffixes`).

    A file that cannot be read is `bad_file`; a document that is not valid or
    not within the bounds is `code`.
    """
    name = _name(path)
    label = label or f"file {name!r}"
    suffix = os.path.splitext(name)[1].lower()
    if suffix not in suffixes:
        kinds = " nor ".join(s for s in suffixes) if len(suffixes) == 2 else ", ".join(suffixes)
        raise error("bad_file", f"{label} is {'neither ' if len(suffixes) == 2 else 'not '}{kinds}",
                    field="path", value=name)
    data = read_bytes(name, label=label, error=error)
    if suffix == ".toml":
        return parse_toml(data, label=label, code=code, error=error)
    return parse_json(data, label=label, code=code, error=error)


def check_output(path: str | os.PathLike[str], *, label: str | None = None, overwrite: bool = True,
                 exists_hint: str = "", error: Refuse = KozyrError) -> str:
    """Refuse, before any work, a path a new file cannot be written to; the path that will be written.

    Refused (`bad_file`): a folder that does not exist or cannot be written
    in, a path that is a folder, or anything but a regular file (a device
    such as ``/dev/full``, a FIFO), and an existing file when `overwrite` is
    False (`exists_hint` is added to that message, e.g. how to force it). A
    symlink is followed: its target is what will be replaced.
    """
    name = _name(path)
    label = label or f"file {name!r}"
    if not name:
        raise error("bad_file", f"{label}: no file name given", field="path", value=name)
    try:
        target = os.path.realpath(name)
        folder = os.path.dirname(target)
        if not os.path.isdir(folder):
            raise error("bad_file", f"{label}: the folder {os.path.dirname(os.path.abspath(name))!r} does not "
                        "exist", field="path", value=name)
        try:
            mode: int | None = os.stat(target).st_mode
        except FileNotFoundError:
            mode = None
    except (OSError, ValueError) as exc:
        raise error("bad_file", f"{label} cannot be written ({_why(exc)})", field="path", value=name) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise error("bad_file", f"{label} is a directory", field="path", value=name)
    if mode is not None and not stat.S_ISREG(mode):
        raise error("bad_file", f"{label} is not a regular file", field="path", value=name)
    if mode is not None and not overwrite:
        raise error("bad_file", f"{label} already exists{exists_hint}", field="path", value=name)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise error("bad_file", f"{label} cannot be written: no permission to write in {folder!r}",
                    field="path", value=name)
    return target


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, label: str | None = None,
                 overwrite: bool = True, exists_hint: str = "", error: Refuse = KozyrError) -> None:
    """Write `data` (text is UTF-8) to `path` whole or not at all (see the module's note).

    The target is checked as `check_output` checks it; the data goes to a
    temporary file beside it, flushed to the disk, then renamed over it. With
    `overwrite` False an existing file is refused even if it appeared after
    the check (the rename is then a hard link, which never replaces). Any
    failure (a full disk, a lost permission) removes the temporary file and is
    one `bad_file` refusal; the old file, if any, is untouched.
    """
    name = _name(path)
    label = label or f"file {name!r}"
    target = check_output(name, label=label, overwrite=overwrite, exists_hint=exists_hint, error=error)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    folder, base = os.path.split(target)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = 0o666 & ~_umask()
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{base}.", suffix=".tmp", dir=folder)
        try:
            _write_all(fd, raw)
            os.fchmod(fd, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        if overwrite:
            os.replace(tmp, target)
        elif _link_new(tmp, target, label, exists_hint, error, name):
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


# -- the parts --------------------------------------------------------------------------------------------
def _write_all(fd: int, raw: bytes) -> None:
    """Every byte of `raw` to `fd` (os.write may write fewer than asked)."""
    view = memoryview(raw)
    while view:
        view = view[os.write(fd, view):]


def _link_new(tmp: str, target: str, label: str, hint: str, error: Refuse, name: str) -> bool:
    """Give the finished temporary file the target's name only if that name is free; whether the temporary
    name is still there (a hard link: the caller removes it) or was renamed."""
    try:
        os.link(tmp, target)
        return True
    except FileExistsError:
        raise error("bad_file", f"{label} already exists{hint}", field="path", value=name) from None
    except OSError as exc:   # a file system without hard links: check, then rename (a race we cannot close)
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
            raise
        if os.path.lexists(target):
            raise error("bad_file", f"{label} already exists{hint}", field="path", value=name) from None
        os.rename(tmp, target)
        return False


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _name(path: Any) -> str:
    try:
        name = os.fspath(path)
    except TypeError:
        raise KozyrError("bad_path", f"path {shown(path)} is not a file name", field="path", value=path) from None
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    return name


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def _size(n: int) -> str:
    return f"{n // _MIB} MiB" if n % _MIB == 0 else f"{n:,} bytes"


def _reason(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:160]


def _text(data: bytes | str, label: str, code: str, error: Refuse, kind: str) -> str:
    """Text to parse: bytes decoded (JSON: UTF-8, -16 or -32 as the json module detects it; TOML: UTF-8)."""
    if isinstance(data, str):
        text = data
    else:
        try:
            text = data.decode(json.detect_encoding(data) if kind == "JSON" else "utf-8")
        except (UnicodeDecodeError, LookupError):
            raise error(code, f"{label} is not UTF-8 text") from None
    if len(text) > MAX_FILE_BYTES:
        raise error(code, f"{label} is larger than {_size(MAX_FILE_BYTES)}")
    return text


def _scan(bare: str, label: str, code: str, error: Refuse) -> None:
    """The bounds on the text with its strings (and comments) emptied: nesting and digit runs."""
    long = _LONG_NUMBER.search(bare)
    if long is not None:
        raise error(code, f"{label} has a number of more than {MAX_NUMBER_DIGITS} digits")
    steps = (1 if b in "[{" else -1 for b in _BRACKETS.findall(bare))
    if max(accumulate(steps), default=0) > MAX_DEPTH:
        raise error(code, f"{label} nests tables or lists more than {MAX_DEPTH} deep")


def _check_depth(doc: Any, label: str, code: str, error: Refuse) -> None:
    """Refuse objects/tables and lists nested more than MAX_DEPTH deep (walked without recursion)."""
    stack = [(doc, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            raise error(code, f"{label} nests tables or lists more than {MAX_DEPTH} deep")
        stack.extend((v, depth + 1) for v in children if isinstance(v, (dict, list)))


def _tomllib(label: str, error: Refuse) -> Any:
    """``tomllib`` (Python 3.11+), else the ``tomli`` backport (a dependency on Python 3.10)."""
    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        try:
            import tomli as tomllib  # type: ignore[no-redef, import-not-found, unused-ignore]
        except ModuleNotFoundError:
            raise error("bad_file", f"{label}: reading TOML needs Python 3.11 or the tomli package") from None
    return tomllib
