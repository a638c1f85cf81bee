"""What is particular to reference.py: its tables, its messages, its choices where the
spec is silent, its independence from the Cython engine, and that it is fast enough."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from kozyr.cards import parse_card
from kozyr.durak import IllegalMove, pad_seed
from kozyr.durak.oracle import reference
from kozyr.durak.oracle.reference import REFERENCE_NUMBER, REFERENCE_ORDER, Game, beats, power

SRC = Path(reference.__file__).parent.parent   # kozyr/durak


def C(name):
    return parse_card(name)


def test_reference_numbers():
    assert REFERENCE_NUMBER[C("AS")] == 1 and REFERENCE_NUMBER[C("6S")] == 9
    assert REFERENCE_NUMBER[C("AH")] == 10 and REFERENCE_NUMBER[C("6C")] == 36
    assert [REFERENCE_NUMBER[c] for c in REFERENCE_ORDER] == list(range(1, 37))


def test_power():
    assert [power(C(r + "D")) for r in "6789TJQKA"] == list(range(9))


@pytest.mark.parametrize("attack, defence, trump, want", [
    ("6S", "7S", 1, True), ("7S", "6S", 1, False), ("AS", "6H", 1, True), ("6H", "AS", 1, False),
    ("6H", "7H", 1, True), ("7H", "6H", 1, False), ("KD", "AC", 1, False), ("TS", "TS", 1, False),
])
def test_beats(attack, defence, trump, want):
    assert beats(C(attack), C(defence), trump) is want


def test_messages_name_the_move_and_the_position():
    game = Game.from_seed(pad_seed("durak-one"))
    with pytest.raises(IllegalMove) as info:
        game.apply(0, "attack 2S")
    text = str(info.value)
    assert text.startswith("card_not_held: ") and "attack 2S" in text
    assert "ply 0" in text and "phase attack" in text and "seat 0 on turn" in text
    with pytest.raises(IllegalMove) as info:
        Game.replay(pad_seed("durak-one"), [(0, "resign"), (1, "take")])
    assert info.value.code == "game_over" and "replay move 1" in str(info.value)


@pytest.mark.parametrize("move", ["take AS", "done now", "swap 6H", "resign please", "attack AS KS"])
def test_cardless_kinds_with_a_card_are_not_moves(move):
    # a spec-silent choice: text that does not parse is not_legal unless it names attack/beat
    game = Game.from_seed(pad_seed("durak-one"))
    with pytest.raises(IllegalMove) as info:
        game.apply(0, move)
    assert info.value.code == ("card_not_held" if move.startswith("attack") else "not_legal")


def test_seeds_as_bytes_bytearray_and_text():
    seed = pad_seed("durak-one")
    orders = {Game.from_seed(s).order for s in (seed, bytearray(seed), seed.decode())}
    assert len(orders) == 1
    with pytest.raises(IllegalMove):
        Game.from_seed("durak-one")  # text is not padded for you


def test_the_drawer_of_the_six_owns_it_even_after_a_swap():
    """A spec-silent choice: drawing the trump six from the talon always makes the
    drawer its owner, also when it is the talon's last card after a swap (or the
    turn-up six). It changes no play: the turn-up has left the talon by then."""
    from kozyr.durak.oracle.reference_bots import best

    seen = 0
    for n in range(400):
        game = Game.from_seed(pad_seed(f"six-{n}"))
        six = 16 * game.trump + 6
        swapped = False
        while not game.over:
            seat = game.turn
            talon = game.talon
            events = game.apply(seat, best(game.view(seat), 2, 0))
            swapped |= any(e.kind == "swap" for e in events)
            if talon and talon[-1] == six and not game.talon:
                holder = 0 if six in game.hands[0] else 1
                assert game.six_owner == holder
                assert not game.view(holder).can_swap
                seen += 1 if swapped else 0
    assert seen > 10


def test_after_a_resign_the_bout_stays_as_it_was():
    game = Game.from_seed(pad_seed("durak-one"))
    move = game.legal_moves()[0]
    game.apply(0, move)
    bout = game.bout
    game.apply(1, "resign")
    assert game.bout == bout and game.bout.size == 1 and game.bout.to_beat == move.card


def test_written_independently_of_the_cython_engine():
    for name in ("oracle/reference.py", "oracle/reference_bots.py"):
        tree = ast.parse((SRC / name).read_text())
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
        assert imported <= {"__future__", "collections.abc", "hashlib", "operator", "typing", "kozyr.cards",
                            "kozyr.durak.codes", "kozyr.durak.seeds",   # plain Python: the one seed normaliser
                            "kozyr.durak.events", "kozyr.durak.moves", "kozyr.durak.rules", "kozyr.durak.views",
                            "kozyr.errors", "kozyr.shuffle"}   # plain Python: the shuffle both games state


def test_copy_is_independent():
    game = Game.from_seed(pad_seed("durak-one"))
    twin = game.copy()
    twin.apply(0, twin.legal_moves()[0])
    assert game.ply == 0 and twin.ply == 1 and game.hands != twin.hands


def test_repr_names_the_position():
    text = repr(Game.from_seed(pad_seed("durak-one")))
    assert "spades" in text and "ply 0" in text


