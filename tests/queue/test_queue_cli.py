"""`kozyr queue add/run/ls/show/cancel` in-process: a run queued, played, listed, shown; refusals store nothing."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from _cli_run import run  # noqa: E402

from kozyr.queue import Store  # noqa: E402

Cap = pytest.CaptureFixture[str]


def test_add_run_ls_show(tmp_path: Path, capsys: Cap) -> None:
    store = str(tmp_path / "q.sqlite")
    code, out, err = run(capsys, "queue", "add", "sprt", "3", "1", "--elo0", "0", "--elo1", "50", "--batch", "200",
                         "--max-deals", "4000", "--seed", "cli", "--store", store)
    assert code == 0, err
    assert "run 1 queued" in out
    code, out, _ = run(capsys, "queue", "ls", "--store", store)
    assert code == 0 and "rung 3" in out and "queued" in out
    code, out, err = run(capsys, "queue", "run", "--store", store)
    assert code == 0, err
    assert "run 1 durak sprt rung 3 vs rung 1" in out and ": H1" in out and "bytes" in out
    assert "batch 1," in err                                        # a line a batch on stderr
    code, out, _ = run(capsys, "queue", "show", "1", "--store", store, "--link", "http://127.0.0.1:8000")
    assert code == 0
    assert "sprt: rung 3 vs rung 1: H1 accepted" in out and "http://127.0.0.1:8000/runs/1" in out
    code, out, _ = run(capsys, "queue", "show", "1", "--store", store, "--json")
    shown = json.loads(out)
    assert shown["result"] == "H1" and sum(shown["counts"]) * 2 == shown["deals"]
    assert shown["sources"]["a"]["kozyr"]
    code, out, _ = run(capsys, "queue", "ls", "--store", store, "--result", "H1", "--json")
    assert [r["id"] for r in json.loads(out)] == [1]
    code, out, _ = run(capsys, "queue", "ls", "--store", store, "--bot", "rung 4", "--json")
    assert json.loads(out) == []


def test_a_bot_of_yours_is_queued_with_its_source_hash_and_knobs(tmp_path: Path, capsys: Cap) -> None:
    import hashlib

    bot = tmp_path / "mine.py"
    bot.write_text("from kozyr.durak import Bot\n\ndef make_bot(*, rung=2):\n    return Bot(rung)\n")
    store = str(tmp_path / "q.sqlite")
    code, out, err = run(capsys, "queue", "add", "sprt", f"{bot}:make_bot", "2", "--bot-set", "rung=3",
                         "--store", store, "--batch", "100", "--max-deals", "200")
    assert code == 0, err
    with Store(store) as s:
        r = s.get(1)
    assert r.a == f"{bot}:make_bot(rung=3)"
    assert r.sources["a"]["sha256"] == hashlib.sha256(bot.read_bytes()).hexdigest()
    assert r.spec["sides"]["a"] == {"bot": f"{bot}:make_bot", "knobs": {"rung": 3}}
    code, out, err = run(capsys, "queue", "run", "--store", store)
    assert code == 0, err and "none" in out


@pytest.mark.parametrize("argv, words", [
    (["sprt", "3", "nowhere:bot"], "cannot import nowhere"),
    (["sprt", "3", "2", "--batch", "101"], "is odd"),
    (["sprt", "3", "2", "--elo0", "5", "--elo1", "1"], "elo"),
    (["sprt", "3", "2", "--seed", "x" * 40], "longer than"),
    (["ladder", "3", "2", "--deals", "7"], "is odd"),
    (["pref-sprt", "rules", "nobody"], "nobody"),
    (["tune"], "--param"),
])
def test_a_refused_run_is_one_line_and_nothing_is_stored(tmp_path: Path, capsys: Cap, argv: list[str],
                                                         words: str) -> None:
    store = tmp_path / "q.sqlite"
    code, out, err = run(capsys, "queue", "add", *argv, "--store", str(store))
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
    with Store(store) as s:
        assert s.runs() == []


def test_cancel_and_show_of_a_missing_run(tmp_path: Path, capsys: Cap) -> None:
    store = str(tmp_path / "q.sqlite")
    run(capsys, "queue", "add", "ladder", "3", "2", "--deals", "200", "--batch", "100", "--store", store)
    code, out, _ = run(capsys, "queue", "cancel", "1", "--store", store)
    assert code == 0 and "cancelled" in out
    code, _, err = run(capsys, "queue", "cancel", "1", "--store", store)
    assert code == 2 and "already cancelled" in err
    code, _, err = run(capsys, "queue", "show", "7", "--store", store)
    assert code == 2 and "no run 7" in err


def test_a_corrupt_store_is_one_line(tmp_path: Path, capsys: Cap) -> None:
    store = tmp_path / "q.sqlite"
    store.write_bytes(b"not sqlite" * 50)
    code, _, err = run(capsys, "queue", "ls", "--store", str(store))
    assert code == 2 and "not a readable SQLite file" in err and len(err.strip().splitlines()) == 1


def test_the_other_kinds_play(tmp_path: Path, capsys: Cap) -> None:
    store = str(tmp_path / "q.sqlite")
    for argv in (["ladder", "3", "2", "--deals", "400", "--batch", "100"],
                 ["tune", "--param", "CHEAP_POWER=3:0:8", "--iterations", "2", "--deals-per-iteration", "20"],
                 ["pref-ladder", "rules", "random", "random", "--deals", "4", "--batch", "2"],
                 ["pref-sprt", "rules", "random", "--batch", "2", "--max-deals", "4", "--min-deals", "2"]):
        code, _, err = run(capsys, "queue", "add", *argv, "--store", store)
        assert code == 0, err
    code, out, err = run(capsys, "queue", "run", "--store", store)
    assert code == 0, err
    with Store(store) as s:
        ladder, tune, pl, ps = (s.get(i) for i in (1, 2, 3, 4))
        assert ladder.totals is not None and tune.totals is not None and pl.totals is not None
        assert (ladder.result, ladder.deals, ladder.batches) == ("played", 400, 4)
        assert sum(ladder.totals["counts"]) == 200
        assert tune.result == "played" and "CHEAP_POWER" in tune.totals["final"]
        assert (pl.result, pl.deals, pl.batches) == ("played", 4, 2) and pl.totals["games"] == 24
        assert ps.state == "done" and ps.deals >= 2


def test_a_gauntlet_and_a_table_are_queued_and_decided(tmp_path: Path, capsys: Cap) -> None:
    store = str(tmp_path / "q.sqlite")
    for argv in (["sprt", "3", "1", "--against", "2", "--against", "taker", "--elo0", "0", "--elo1", "50",
                  "--batch", "200", "--max-deals", "4000"],
                 ["sprt", "3", "1", "--seats", "3", "--elo0", "0", "--elo1", "50", "--batch", "60",
                  "--max-deals", "3000"]):
        code, _, err = run(capsys, "queue", "add", *argv, "--store", store)
        assert code == 0, err
    code, _, err = run(capsys, "queue", "run", "--store", store)
    assert code == 0, err
    with Store(store) as s:
        gauntlet, table = s.get(1), s.get(2)
    assert gauntlet.result == "H1" and table.result == "H1", (gauntlet.error, table.error)
    assert gauntlet.totals is not None and len(gauntlet.totals["counts"]) == 9 and gauntlet.totals["group"] == 4
    assert "against 2" in gauntlet.sources and table.spec["rules"]["seats"] == 3
    code, out, _ = run(capsys, "queue", "show", "1", "--store", store)
    assert "against rung 2 / " in out and "G0..G8" in out
    code, out, _ = run(capsys, "queue", "show", "2", "--store", store)
    assert "rotations" in out
    code, _, err = run(capsys, "queue", "add", "sprt", "3", "1", "--seats", "3", "--against", "2", "--batch", "120",
                       "--max-deals", "1200", "--store", store)      # a gauntlet at a table: 6 games a unit
    assert code == 0, err
    code, _, err = run(capsys, "queue", "run", "--store", store)
    with Store(store) as s:
        both = s.get(3)
    assert code == 0 and both.result == "H1", (err, both.error)
    assert both.totals is not None and len(both.totals["counts"]) == 13 and both.totals["group"] == 6
