"""`kozyr.build_info()` names what was built (the version, the commit, a repaired wheel), and no door repeats a
refusal's code in its message: Python, the shell and the web table. Rules refusals are settings errors."""
from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

import kozyr
from kozyr.cli import main
from kozyr.durak import IllegalMove, Rules
from kozyr.errors import KozyrError


def test_build_info_names_the_version_the_commit_and_the_wheel() -> None:
    assert "build_info" in kozyr.__all__
    info = kozyr.build_info()
    assert info["kozyr"] == kozyr.__version__
    assert info["commit"] is None or re.fullmatch(r"[0-9a-f]{40}", str(info["commit"]))
    assert isinstance(info["repaired"], bool)
    head = Path(kozyr.__file__).resolve().parents[2] / ".git"
    if head.exists():                 # a checkout: the commit is its HEAD
        assert info["commit"] is not None


def test_a_wrapped_refusal_does_not_repeat_its_code() -> None:
    inner = IllegalMove("no_seed", "seed 'x' is longer than 32 bytes")
    outer = IllegalMove(inner.code, str(inner))
    assert str(outer) == "no_seed: seed 'x' is longer than 32 bytes"
    again = KozyrError(outer.code, str(outer))
    assert again.detail == "seed 'x' is longer than 32 bytes" and str(again).count("no_seed") == 0


def test_the_shell_says_a_code_once() -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["replay", "x" * 40])
    assert status == 2 and err.getvalue().count("no_seed") <= 1, err.getvalue()


def test_the_web_never_repeats_the_code_in_the_message(tmp_path: Path) -> None:
    from kozyr.web.app import WebApp

    app = WebApp(str(tmp_path))
    record: dict[str, object] = {"format": "kozyr-durak-record/1", "kozyr": "0.2.0",
                                 "deal": {"seed": "é" * 40, "number": 1}, "moves": [], "result": None}
    for body in (record, {"game": "durak", "rules": {"seats": 9}}):
        data = json.dumps(body).encode()
        environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/api/replays" if "format" in body else "/api/games",
                   "HTTP_HOST": "127.0.0.1", "CONTENT_TYPE": "application/json",
                   "CONTENT_LENGTH": str(len(data)), "wsgi.input": io.BytesIO(data)}
        answer = json.loads(b"".join(app(environ, lambda status, headers: None)))
        assert answer["error"] in ("no_seed", "bad_seats", "bad_record")
        assert f"{answer['error']}:" not in answer["message"], answer


@pytest.mark.parametrize("options", [{"seats": 9}, {"deck": 20}, {"show_trump": True}, {"colour": 1}])
def test_rules_refusals_are_settings_errors_that_still_catch_as_before(options: dict[str, object]) -> None:
    from kozyr.errors import SettingsError

    with pytest.raises(SettingsError) as info:
        Rules(**options)              # type: ignore[arg-type]
    assert isinstance(info.value, IllegalMove) and isinstance(info.value, KozyrError)
    assert info.value.code in ("bad_seats", "bad_options")
    with pytest.raises(SettingsError):
        Rules.of(options)
