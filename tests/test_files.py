"""`kozyr.files`: the one bounded reader and atomic writer of every game (issue 21, items 5, 6 and 10)."""
from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest

import kozyr
from kozyr import files
from kozyr.errors import KozyrError
from kozyr.files import MAX_DEPTH, MAX_NUMBER_DIGITS, check_output, parse_json, parse_toml, read_bytes, write_atomic


class Mine(KozyrError):
    """A game's own refusal class: the reader raises it, with the caller's codes."""


def _refused(call: Any, *args: Any, **kwargs: Any) -> KozyrError:
    with pytest.raises(KozyrError) as e:
        call(*args, **kwargs)
    text = str(e.value)
    assert "\n" not in text and len(text) < 300, text
    return e.value


# -- nesting, digits, keys ------------------------------------------------------------------------------------
@pytest.mark.parametrize("depth", [MAX_DEPTH, MAX_DEPTH + 1])
def test_json_nesting_is_counted_to_the_limit(depth: int) -> None:
    text = "[" * depth + "]" * depth
    if depth <= MAX_DEPTH:
        assert parse_json(text) is not None
        assert parse_json('{"a": ' * (depth - 1) + "{}" + "}" * (depth - 1)) is not None
    else:
        assert "more than 32 deep" in str(_refused(parse_json, text))


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": ' * 100_000, "[" * 33 + "1", '[{"a": [' * 20])
def test_json_too_deep_is_refused_before_the_parser_recurses(text: str) -> None:
    err = _refused(parse_json, text, label="file: 'x.json'", code="bad_doc", error=Mine)
    assert type(err) is Mine and err.code == "bad_doc" and str(err) == "file: 'x.json' nests tables or lists more " \
        "than 32 deep"


@pytest.mark.parametrize("text", ["a = " + "[" * 100_000, "a = " + "{b = " * 100_000, "[" + "a." * 40 + "b]\nc = 1",
                                  ".".join(["a"] * 40) + " = 1", "a = " + "[" * 40 + "]" * 40])
def test_toml_too_deep_is_refused(text: str) -> None:
    assert "more than 32 deep" in str(_refused(parse_toml, text))


def test_toml_at_the_limit_and_brackets_in_strings_and_comments_are_read() -> None:
    deep = "a = " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    assert parse_toml(deep)["a"] is not None
    text = 'a = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["  # [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n' \
           "b = '{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{'\nc = \"\"\"\n" + "[" * 40 + "\n\"\"\"\n"
    doc = parse_toml(text)
    assert doc["a"].startswith("[[[[") and doc["b"].startswith("{{{{") and doc["c"].startswith("[[[[")


def test_brackets_and_escaped_quotes_in_json_strings_are_text() -> None:
    text = '{"a": "' + "[" * 1000 + '\\"' + "{" * 1000 + '", "b": ["\\\\", "]]]"]}'
    assert parse_json(text) == {"a": "[" * 1000 + '"' + "{" * 1000, "b": ["\\", "]]]"]}


@pytest.mark.parametrize("parse, template", [(parse_json, '{{"n": {}}}'), (parse_toml, "n = {}")])
def test_a_number_is_at_most_100_digits(parse: Any, template: str) -> None:
    assert parse(template.format("9" * MAX_NUMBER_DIGITS))["n"] == 10**MAX_NUMBER_DIGITS - 1
    for number in ("9" * (MAX_NUMBER_DIGITS + 1), "9" * 5000, "1." + "5" * 200, "-" + "7" * 4301):
        err = _refused(parse, template.format(number))
        assert type(err) is KozyrError and f"more than {MAX_NUMBER_DIGITS} digits" in str(err)
    if parse is parse_toml:
        assert "digits" in str(_refused(parse, "n = " + "1_000" * 30))
    assert parse(template.format('"' + "9" * 5000 + '"'))["n"] == "9" * 5000   # text may be long


def test_a_key_twice_and_non_json_numbers_are_refused() -> None:
    assert "'a' twice" in str(_refused(parse_json, '{"x": {"a": 1, "b": 2, "a": 3}}'))
    assert "'a' twice" in str(_refused(parse_json, '[{"a": 1, "a": 1}]'))
    for word in ("NaN", "Infinity", "-Infinity"):
        assert f"{word}, which is not a JSON number" in str(_refused(parse_json, f'{{"a": {word}}}'))
    assert "is not valid TOML" in str(_refused(parse_toml, "a = 1\na = 2"))


def test_bad_text_is_one_line() -> None:
    assert "is not valid JSON" in str(_refused(parse_json, "{not json"))
    assert "is not UTF-8 text" in str(_refused(parse_toml, b"a = '\xff'"))
    assert parse_json('{"a": "\u00e9"}'.encode("utf-16")) == {"a": "\u00e9"}   # what json.loads reads, read


# -- reading files ----------------------------------------------------------------------------------------------
def test_read_bytes_reads_a_regular_file_and_refuses_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"x" * 100)
    assert read_bytes(path) == b"x" * 100 and read_bytes(path, limit=100) == b"x" * 100
    assert "larger than 99 bytes" in str(_refused(read_bytes, path, limit=99))
    assert _refused(read_bytes, tmp_path / "missing.json").code == "bad_file"
    assert "not a regular file" in str(_refused(read_bytes, tmp_path))
    assert "not a regular file" in str(_refused(read_bytes, "/dev/null"))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[BaseException] = []

    def read() -> None:
        try:
            read_bytes(fifo)
        except BaseException as err:  # noqa: BLE001 - the test looks at what came out
            got.append(err)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():
        with open(fifo, "w"):
            pass
        pytest.fail("opening a FIFO blocked")
    assert isinstance(got[0], KozyrError) and "not a regular file" in str(got[0])


def test_load_document_picks_the_parser_by_suffix(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"a": 1}')
    (tmp_path / "a.toml").write_text("a = 1")
    (tmp_path / "a.txt").write_text("a = 1")
    assert files.load_document(tmp_path / "a.json") == files.load_document(tmp_path / "a.toml") == {"a": 1}
    assert "is neither .json nor .toml" in str(_refused(files.load_document, tmp_path / "a.txt"))


# -- writing files ----------------------------------------------------------------------------------------------
def test_write_atomic_writes_replaces_and_keeps_the_mode(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    write_atomic(path, "one")
    assert path.read_text() == "one" and stat.S_IMODE(path.stat().st_mode) == 0o666 & ~files._umask()
    path.chmod(0o600)
    write_atomic(path, b"two")
    assert path.read_bytes() == b"two" and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert os.listdir(tmp_path) == ["out.json"]


def test_write_atomic_follows_a_symlink(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "out.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomic(link, "new")
    assert link.is_symlink() and target.read_text() == "new"


def test_write_atomic_without_overwrite_never_replaces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "out.json"
    path.write_text("keep")
    err = _refused(write_atomic, path, "new", overwrite=False, exists_hint=": give --force")
    assert str(err).endswith("already exists: give --force") and path.read_text() == "keep"
    monkeypatch.setattr(files, "check_output", lambda *a, **k: str(path))   # the file appears after the check
    assert "already exists" in str(_refused(write_atomic, path, "new", overwrite=False))
    assert path.read_text() == "keep" and os.listdir(tmp_path) == ["out.json"]


@pytest.mark.parametrize("broken", ["_write_all", "replace", "fsync"])
def test_a_failed_write_leaves_the_old_file_and_no_temporary(broken: str, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "out.json"
    path.write_text("old")

    def fail(*args: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files if broken == "_write_all" else os, broken, fail)
    err = _refused(write_atomic, path, "new" * 1000, label="--plot 'out.json'", error=Mine)
    monkeypatch.undo()
    assert type(err) is Mine and err.code == "bad_file"
    assert str(err) == "--plot 'out.json' cannot be written (No space left on device)"
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["out.json"]


def test_check_output_refuses_what_cannot_take_a_file(tmp_path: Path) -> None:
    assert check_output(tmp_path / "new.png") == str(tmp_path / "new.png")
    for path, words in ((tmp_path / "no" / "x.png", "does not exist"), (tmp_path, "is a directory"),
                        ("/dev/full", "is not a regular file"), ("", "no file name")):
        err = _refused(check_output, path, label="--plot x")
        assert err.code == "bad_file" and words in str(err) and str(err).startswith("--plot x"), str(err)
    if os.geteuid() != 0:   # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        assert "no permission" in str(_refused(check_output, locked / "x.png"))


# -- the same refusal on every Python ---------------------------------------------------------------------------
PROBE = """
import importlib.util, sys
from kozyr import files
from kozyr.errors import KozyrError
cases = [(files.parse_json, "[" * 100000), (files.parse_json, '{"a": ' * 100000),
         (files.parse_json, '{"n": ' + "9" * 5000 + "}")]
if importlib.util.find_spec("tomllib") or importlib.util.find_spec("tomli"):
    cases.append((files.parse_toml, "a = " + "[" * 100000))
for parse, text in cases:
    try:
        parse(text)
    except KozyrError as e:
        print(e.code, e)
"""


@pytest.mark.parametrize("python", ["python3.10", "python3.11", "python3.12", "python3.13"])
def test_every_python_gives_the_same_one_line_refusals(python: str) -> None:
    """kozyr.files is pure Python over the standard library, so any interpreter on PATH can run it from here."""
    exe = shutil.which(python)
    if exe is None:
        pytest.skip(f"{python} is not installed")
    package = str(Path(kozyr.__file__).resolve().parent)
    # only the pure modules: a bare package holding kozyr/__init__ (no compiled core needed), errors and files
    done = subprocess.run([exe, "-c", f"import sys, types; m = types.ModuleType('kozyr'); m.__path__ = "
                           f"[{package!r}]; sys.modules['kozyr'] = m\n" + PROBE], capture_output=True, text=True,
                          timeout=60, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    if done.returncode == 127 or "command not found" in done.stderr:   # a pyenv shim of a version not selected
        pytest.skip(f"{python} cannot run here ({done.stderr.strip().splitlines()[0][:80]})")
    assert done.returncode == 0, done.stderr[-1000:]
    lines = done.stdout.splitlines()
    assert lines[:3] == [
        "bad_file the JSON text nests tables or lists more than 32 deep",
        "bad_file the JSON text nests tables or lists more than 32 deep",
        "bad_file the JSON text has a number of more than 100 digits",
    ] and lines[3:] in ([], ["bad_file the TOML text nests tables or lists more than 32 deep"]), (python, lines)
