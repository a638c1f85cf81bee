"""The learned rung from the shell: by its name `learned` in the ladder and replay; a bad weights file is one line."""
from __future__ import annotations

import json

from _cli_run import run


def test_the_shell_plays_it_by_name(capsys, tmp_path):
    code, out, _ = run(capsys, "ladder", "learned", "3", "--deals", "200", "--pairs", "--json")
    assert code == 0 and json.loads(out)["deals"] == 200
    code, out, _ = run(capsys, "replay", "ladder", "--deal", "5", "--rungs", "learned", "3")
    assert code == 0 and "is the fool" in out
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    code, _, err = run(capsys, "ladder", "learned", "3", "--deals", "20", "--bot-set", f"path={tmp_path / 'bad.npz'}")
    assert code == 2 and "bad.npz" in err and len(err.strip().splitlines()) == 1
