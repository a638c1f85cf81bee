"""`kozyr replay --file` prints saved records exactly as it did before the table replay and the two-seat replay
were put on the one bout grouping (`kozyr.durak.records.bouts`).

`replay_records/` holds records of every kind of deal the shell replays: two-seat deals from `kozyr play`, from
the ladder (`ladder.replay`, dealt as the shuffled order) and from seeded bots, finished, unfinished and resigned
(before the first card, and in a bout); tables of 2 (perevodnoy), 3, 4, 5 and 6 seats with transfers, shows,
throw-ins by other seats, teams and neighbours. Each `NAME.out` is what the replay printed for `NAME.json`
before the change, captured as this test captures it.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from kozyr.cli import main

HERE = Path(__file__).parent / "replay_records"
RECORDS = sorted(HERE.glob("*.json"))


def test_the_records_cover_the_tables() -> None:
    assert len(RECORDS) >= 20 and all(p.with_suffix(".out").is_file() for p in RECORDS)
    text = "".join(p.with_suffix(".out").read_text(encoding="utf-8") for p in RECORDS)
    for what in ("transfers with", "shows", "still open", "(resign)", "is out", "taken by seat", "seats "):
        assert what in text, what


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_record_replays_as_it_always_did(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--file", str(path)]) == 0
    out = capsys.readouterr().out.replace(f"{HERE}/", "")
    assert out == path.with_suffix(".out").read_text(encoding="utf-8")
