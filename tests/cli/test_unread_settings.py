"""A setting that no playing side reads is refused alike at every command (issue 21, item 4).

`kozyr sweep --grid K=1,64,65536` printed three identical rows (the sweep plays rung 3, which never
reads K) that looked like a measured sweep, while `kozyr ladder --set K=...` refused the same
setting. The shell asks the library's one rule (`kozyr.durak.bots.sides.check_read`).
"""
from __future__ import annotations

import pytest
from _cli_run import run


@pytest.mark.parametrize("args", [
    ("sweep", "--grid", "K=1,64,65536", "--deals", "20"),
    ("sweep", "--grid", "BUDGET=0,10", "--deals", "20"),
    ("ladder", "3", "2", "--set", "K=64", "--deals", "20"),
    ("sprt", "3", "2", "--set", "PLAYOUT=2", "--max-deals", "20"),
])
def test_an_unread_setting_is_one_line_and_exit_2(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    name = args[2].split("=")[0] if args[0] == "sweep" else args[4].split("=")[0]
    assert f"{name}: only rung 4 reads it" in err


def test_a_read_setting_still_sweeps(capsys):
    code, out, _ = run(capsys, "sweep", "--grid", "DEEP_TALON=0,6", "--deals", "40", "--json")
    assert code == 0 and out.count('"deals": 40') == 2
