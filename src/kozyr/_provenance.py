"""Where this kozyr came from, for `kozyr.build_info()`: the git commit and whether it is a repaired wheel.

Read from the files beside the package, never by running git: the checkout's
``.git`` (a folder, or a worktree's ``gitdir:`` file) followed to HEAD and its
ref (loose or packed), or pip's ``direct_url.json`` for an install from a
repository; a repaired wheel is one whose shared libraries a repair tool
bundled beside the package (a ``.libs`` folder named after it, by auditwheel and delvewheel,
``kozyr/.dylibs`` by delocate). Every read is bounded and any failure is
"not known" (None), never an error.
"""
from __future__ import annotations

import json
import re
from importlib import metadata
from pathlib import Path

__all__ = ["commit", "repaired"]

PACKAGE = Path(__file__).resolve().parent
SHA = re.compile(r"[0-9a-f]{40}")


def _read(path: Path, limit: int = 1 << 20) -> str:
    with path.open("rb") as f:
        return f.read(limit).decode("utf-8", "replace")


def _git_dir(root: Path) -> Path | None:
    dot = root / ".git"
    if dot.is_dir():
        return dot
    if dot.is_file():
        text = _read(dot).strip()
        if text.startswith("gitdir:"):
            where = Path(text[len("gitdir:"):].strip())
            return where if where.is_absolute() else (root / where).resolve()
    return None


def _from_git(git: Path) -> str | None:
    head = _read(git / "HEAD").strip()
    if SHA.fullmatch(head):
        return head
    if not head.startswith("ref:"):
        return None
    ref = head[len("ref:"):].strip()
    common = git
    if (git / "commondir").is_file():         # a worktree: its refs live in the main repository
        common = (git / _read(git / "commondir").strip()).resolve()
    for base in (git, common):
        loose = base / ref
        if loose.is_file():
            text = _read(loose).strip()
            return text if SHA.fullmatch(text) else None
    packed = common / "packed-refs"
    if packed.is_file():
        for line in _read(packed, 16 << 20).splitlines():
            sha, _, name = line.partition(" ")
            if name == ref and SHA.fullmatch(sha):
                return sha
    return None


def commit() -> str | None:
    """The git commit this kozyr runs from (40 hex digits), or None when that is not known."""
    try:
        for root in (PACKAGE.parents[1], PACKAGE.parent):      # src/kozyr in a checkout, or a flat layout
            git = _git_dir(root)
            if git is not None:
                return _from_git(git)
        text = metadata.distribution("kozyr").read_text("direct_url.json")
        if text:
            found = json.loads(text).get("vcs_info", {}).get("commit_id")
            return found if isinstance(found, str) and SHA.fullmatch(found) else None
    except (OSError, ValueError, metadata.PackageNotFoundError):
        return None
    return None


def repaired() -> bool:
    """Whether this is a repaired wheel: shared libraries bundled beside the package by a repair tool."""
    return (PACKAGE.parent / "kozyr.libs").is_dir() or (PACKAGE / ".dylibs").is_dir()
