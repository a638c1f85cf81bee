"""The table ladder: N sides at a table of N seats, every deal played N times with the sides rotated.

The C loop's games are checked against the same games played through the
Python Game API (`replay`, with Bots built from the same words), at 3,
4 and 6 seats, perevodnoy, teams and every deal mode; the rotation layout,
the arrays' independence of workers and chunks, the per-side summary, a
capped deal counted apart, Python and native bots at a table, the refusals
(nothing played) and the shell.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from _compiled import build

from kozyr.cli import main
from kozyr.durak import Move, Rules, View
from kozyr.durak.bots.sides import resolve
from kozyr.durak.ladder import TableResult, ladder, replay
from kozyr.durak.ladder._loop import Runner
from kozyr.durak.ladder.job import Job
from kozyr.durak.ladder.result import CAPPED, places
from kozyr.errors import KozyrError

ARRAYS = ("losers", "moves", "bouts", "largest", "order")
TABLES = [
    (Rules(seats=3), [3, 2, 1]),
    (Rules(seats=4), [3, 2, 2, 2]),
    (Rules(seats=6, deck=52, throw_in="neighbours"), [1, 2, 3, 1, 2, 3]),
    (Rules(seats=3, variant="perevodnoy", show_trump=True), [1, 3, 2]),
    (Rules(seats=4, variant="perevodnoy", throw_in="neighbours"), [3, 1, 2, 2]),
    (Rules(seats=4, teams=True), [3, 1, 3, 2]),
    (Rules(seats=2, deck=24, variant="perevodnoy"), [1, 3]),
]


def _expected(game: Any, rotation: int, n: int) -> tuple[int, list[int]]:
    """(losers as side bits, places by side) of a finished Game played in rotation `rotation`."""
    assert game.result is not None
    losers = sum(1 << ((s - rotation) % n) for s in game.result.losers)
    place = [n] * n
    for k, seat in enumerate(game.out):
        place[(seat - rotation) % n] = k + 1
    return losers, place


@pytest.mark.parametrize("deal", ["fast", "sha"])
@pytest.mark.parametrize(("rules", "sides"), TABLES, ids=[repr(t[0]) for t in TABLES])
def test_every_game_is_the_game_api_s_game(rules: Rules, sides: list[int], deal: str) -> None:
    n = rules.seats
    r = ladder(sides, 5, "table", rules=rules, deal=deal)
    assert isinstance(r, TableResult) and r.games == 5 * n and r.deals == 5
    got = r.places()
    for i in range(1, 6):
        for rot in range(n):
            game = replay(list(sides), "table", i, rotation=rot, rules=rules, deal=deal)
            k = (i - 1) * n + rot
            losers, place = _expected(game, rot, n)
            assert (r.losers[k], r.moves[k], r.bouts[k]) == (losers, game.moves, game.bouts), (i, rot)
            assert list(got[k]) == place, (i, rot)


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_the_rotations_of_a_deal_are_one_deal_with_the_sides_rotated(seats: int) -> None:
    # rung 1 draws its words by seat, so with rung 1 in every seat the N rotations are one and the same
    # game: only who sits where changes. Side j sits seat (j + r) % N in rotation r, so the losers and
    # the out order, read by side, turn by one side a rotation.
    rules = Rules(seats=seats, variant="perevodnoy")
    r = ladder([1] * seats, 40, "rotate", rules=rules)
    assert len(set(r.moves.reshape(-1, seats).std(axis=1))) == 1 and not r.moves.reshape(-1, seats).std(axis=1).any()
    place = r.places().reshape(40, seats, seats)
    bits = r.losers.reshape(40, seats).astype(np.int64)
    for rot in range(seats):
        assert np.array_equal(place[:, rot], np.roll(place[:, 0], -rot, axis=1)), rot
        back = ((bits[:, 0] >> rot) | (bits[:, 0] << (seats - rot))) & ((1 << seats) - 1)
        assert np.array_equal(bits[:, rot], back), rot
    # and the deal is the same shuffled deal in every rotation: the Game API's deal i, whatever the rotation
    games = [replay([1] * seats, "rotate", 3, rotation=rot, rules=rules) for rot in range(seats)]
    assert len({g.order for g in games}) == 1


def test_side_0_sits_seat_r_in_rotation_r() -> None:
    seen = []

    def spy(view: View) -> Move:
        seen.append(view.seat)
        return view.legal[0]

    rules = Rules(seats=4)
    ladder([spy, 2, 2, 2], 1, "spy", rules=rules)
    # one deal, four rotations, in order: the spy's seats change from one rotation to the next
    runs = [seen[0]] + [b for a, b in zip(seen, seen[1:], strict=False) if a != b]
    assert runs == [0, 1, 2, 3]


@pytest.mark.parametrize(("rules", "sides"), TABLES[1:5], ids=[repr(t[0]) for t in TABLES[1:5]])
def test_the_arrays_do_not_depend_on_workers_or_chunks(rules: Rules, sides: list[int]) -> None:
    one = ladder(sides, 600, "w", rules=rules)
    for workers, chunk in ((2, None), (2, 37), (3, 1)):
        other = ladder(sides, 600, "w", rules=rules, workers=workers, chunk=chunk)
        for name in ARRAYS:
            assert np.array_equal(getattr(one, name), getattr(other, name)), (name, workers, chunk)


def test_a_python_bot_plays_at_a_table_in_worker_processes() -> None:
    def first(view: View) -> Move:
        return view.legal[-1]

    rules = Rules(seats=3, variant="perevodnoy")
    one = ladder([first, 3, 2], 120, "py", rules=rules, chunk=16)
    two = ladder([first, 3, 2], 120, "py", rules=rules, workers=2, chunk=16)
    for name in ARRAYS:
        assert np.array_equal(getattr(one, name), getattr(two, name)), name
    assert one.fools[0] > 0 and one.games == 360


def test_a_native_bot_plays_at_a_table() -> None:
    cheapest = build(Path(__file__).resolve().parents[3] / "examples" / "native_bot" / "cheapest.pyx")

    def python_cheapest(view: View) -> Move:
        swaps = [m for m in view.legal if m.kind == "swap"]
        if swaps:
            return swaps[0]
        cards = [m for m in view.legal if m.card is not None and m.kind in ("attack", "beat")]
        if cards:
            return min(cards, key=lambda m: (m.card or 0) & 15)
        return next(m for m in view.legal if m.kind in ("take", "done"))

    rules = Rules(seats=4)
    native = ladder([cheapest.bot(True), 3, 2, 1], 150, "native", rules=rules, workers=2)
    python = ladder([python_cheapest, 3, 2, 1], 150, "native", rules=rules)
    for name in ARRAYS:
        assert np.array_equal(getattr(native, name), getattr(python, name)), name


def test_the_summary_per_side() -> None:
    rules = Rules(seats=4, teams=True)
    r = ladder([3, 1, 3, 1], 400, "sum", rules=rules)
    # partners lose together: sides 0 and 2 lose the same games, sides 1 and 3 too
    assert r.fools[0] == r.fools[2] and r.fools[1] == r.fools[3]
    assert r.fools[0] + r.fools[1] + r.draws == r.games - r.capped
    assert r.fool[0].total == r.games - r.capped and r.fool[0].low <= r.fool[0].rate <= r.fool[0].high
    place = r.places()
    assert sorted(set(place.ravel())) <= [1, 2, 3, 4]
    assert r.mean_place[1] == pytest.approx(place[:, 1].mean())
    s = r.summary()
    assert s["fools"] == r.fools and s["seats"] == 4 and s["rules"]["teams"] is True and s["capped"] == r.capped
    # rung 3 and its partner beat two rung 1s
    assert r.fool[0].high < r.fool[1].low


def test_places_unpack_the_out_order() -> None:
    # sides 2, 0 went out first and second; 1 and 3 still held cards: both last
    order = np.array([2 | 0 << 3 | 7 << 6 | 7 << 9], dtype=np.int32)
    assert places(order, 4).tolist() == [[2, 4, 1, 4]]


def test_a_deal_at_the_move_cap_is_counted_apart() -> None:
    rules = Rules(seats=4)
    sides = tuple(resolve(s) for s in (3, 2, 2, 2))
    job = Job(sides, rules, "cap", "fast", 10, cap=30)    # every deal is longer than 30 moves
    losers, moves, bouts, largest, order = job.arrays(10)
    assert Runner(job).chunk(0, 10, losers, moves, bouts, largest, order) == 10
    assert (losers == CAPPED).all() and (moves == 30).all()
    r = TableResult(list(sides), rules, "cap", "fast", losers, moves, bouts, largest, order, 1.0)
    assert r.capped == 40 and r.fools == [0, 0, 0, 0] and r.fool[0].total == 0 and r.mean_place[0] is None
    assert (r.scores(0) == 0.5).all()


def test_two_sides_at_the_two_seat_table_are_today_s_ladder() -> None:
    today = ladder(3, 2, 2000, "two")
    for listed in (ladder([3, 2], 2000, "two"), ladder([3, 2], 2000, "two", rules=Rules())):
        assert type(listed) is type(today)
        for name in ("fool", "moves", "bouts", "largest"):
            assert np.array_equal(getattr(today, name), getattr(listed, name)), name


def test_a_two_seat_variant_is_a_table_of_two() -> None:
    r = ladder(3, 2, 50, "two", rules=Rules(variant="perevodnoy"))
    assert isinstance(r, TableResult) and r.games == 100


@pytest.mark.parametrize(("sides", "rules", "kwargs", "code"), [
    ([3, 2, 2], Rules(seats=4), {}, "bad_sides"),
    ([3, 2, 2, 2, 2], Rules(seats=4), {}, "bad_sides"),
    ([3, 2, 2, 2], Rules(seats=4), {"pairs": True}, "bad_pairs"),
    ([3, 2, 2, 2], Rules(seats=4), {"deal": "nope"}, "bad_deal_mode"),
    ([3, 2, 2, 2], {"seats": 4, "teams": 1}, {}, "bad_options"),
    ([3, 2, 2], {"seats": 3, "teams": True}, {}, "bad_options"),
    ([3, 2, 2, 2], Rules(seats=4), {"params": {"K": 8}}, "unread_param"),
])
def test_refusals_play_nothing(sides: list[Any], rules: Any, kwargs: dict[str, Any], code: str) -> None:
    calls = []

    def spy(view: View) -> Move:
        calls.append(1)
        return view.legal[0]

    with pytest.raises(KozyrError) as err:
        ladder([*sides[:-1], spy], 10, "bad", rules=rules, **kwargs)
    assert err.value.code == code and not calls


@pytest.mark.parametrize("rules", [Rules(seats=4), Rules(seats=3, variant="perevodnoy")], ids=repr)
def test_rung_4_sits_at_a_table_as_the_python_path_plays_it(rules: Rules) -> None:
    """Rung 4's search deals every hidden hand at any table: in the C loop it plays each rotation as the
    Game API does, move for move."""
    sides = [4] + [3] * (rules.seats - 1)
    r = ladder(sides, 2, "r4", rules=rules)
    assert r.games == 2 * rules.seats
    for i in (1, 2):
        for rotation in range(rules.seats):
            game = replay(list(sides), "r4", i, rotation=rotation, rules=rules)
            k = (i - 1) * rules.seats + rotation
            assert game.moves == r.moves[k], (i, rotation)


def test_a_bot_that_goes_wrong_names_the_deal_and_rotation() -> None:
    def wrong(view: View) -> Any:
        return "take" if view.ply > 20 else view.legal[0]

    rules = Rules(seats=3)
    with pytest.raises(KozyrError) as err:
        ladder([2, wrong, 2], 20, "oops", rules=rules)
    e = err.value
    assert e.code in ("not_legal", "no_move") and e.fields["rotation"] == 0 and e.fields["side"] == 1
    assert "ladder.replay([" in e.fields["replay"] and "rotation=0" in e.fields["replay"] and "rotation 0" in str(e)
    with pytest.raises(KozyrError) as again:    # the one replay, as the refusal names it
        replay([2, wrong, 2], "oops", e.fields["deal"], rotation=0, rules=rules)
    assert again.value.code == e.code and again.value.fields["ply"] == e.fields["ply"]
    assert again.value.fields["replay"] == e.fields["replay"]


def test_the_shell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "3", "2", "2", "2", "--seats", "4", "--variant", "perevodnoy", "--throw-in",
                 "neighbours", "--deals", "300"]) == 0
    out = capsys.readouterr().out
    assert "a: rung 3" in out and "d: rung 2" in out and "capped" in out and "300 deals x 4 rotations" in out
    assert main(["ladder", "3", "2", "2", "--seats", "3", "--deals", "50", "--json"]) == 0
    import json

    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 150 and len(s["fool"]) == 3 and s["rules"]["seats"] == 3


@pytest.mark.parametrize(("argv", "words"), [
    (["3", "2", "2", "--seats", "4"], "3 sides for a table of 4 seats"),
    (["3", "2", "2", "--seats", "3", "--teams"], "teams"),
    (["3", "2", "2", "2", "--seats", "4", "--pairs"], "--pairs"),
])
def test_the_shell_refuses_in_one_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", *argv, "--deals", "10"]) == 2
    out, err = capsys.readouterr()
    assert not out and words in err and err.count("\n") == 1
