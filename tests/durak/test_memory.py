"""A seat's memory (kozyr.durak.memory and its C twin core/memory.pxd) against the deal it watched.

The memory is built from the seat's first view and the public events only; the
tests hold it to the truth the engine knows (the hidden hands, the talon, the
heap's cards), which the memory itself never reads.
"""
from __future__ import annotations

import pytest
from _compiled import probes
from _rung4_helpers import play_random

from kozyr.durak import Game
from kozyr.durak.memory import Memory
from kozyr.errors import KozyrError


def _truth_checks(game, memory):
    seat = memory.seat
    view = game.view(seat)
    other = set(game.hands[1 - seat])
    known = {c for c in range(64) if memory.known >> c & 1}
    assert known <= other, "a card the memory places in the other hand is not there"
    assert memory.heap == int(game.heap_cards)
    assert memory.table == int(game.bout_cards)
    talon = list(game.talon)
    if talon:
        assert memory.bottom == talon[-1]
    else:
        assert memory.bottom == -1
    expected = (other - known) | set(talon[:-1])
    assert set(memory.unseen(view)) == expected


@pytest.mark.parametrize("seed", range(60))
def test_the_memory_knows_what_the_seat_has_seen_and_nothing_false(seed):
    game, memories, _ = play_random(seed, 0)
    import random
    rnd = random.Random(seed)
    while not game.over:
        for memory in memories:
            _truth_checks(game, memory)
        for event in game.apply(game.turn, rnd.choice(game.legal_moves())):
            memories[0].update(event)
            memories[1].update(event)


def test_the_memory_learns_the_cards_of_a_take():
    import random
    takes = 0
    for seed in range(20):
        rnd = random.Random(seed)
        game = Game.from_rng(seed)
        memories = [Memory.start(game.view(0)), Memory.start(game.view(1))]
        bout = 0     # the cards played in the bout, counted from the events
        while not game.over:
            defender = game.bout.defender
            for event in game.apply(game.turn, rnd.choice(game.legal_moves())):
                for memory in memories:
                    memory.update(event)
                if event.kind in ("attack", "beat"):
                    bout |= 1 << event.card
                elif event.kind == "bout_end":
                    if event.taken:
                        takes += 1
                        assert bout & memories[1 - defender].known == bout
                        assert bout & int(game.hands[defender]) == bout
                    bout = 0
    assert takes > 20
@pytest.mark.parametrize("seed", range(40))
def test_the_c_memory_is_the_python_mirror(seed):
    import random
    rnd = random.Random(seed)
    game = Game.from_rng(seed)
    starts = [game.view(0), game.view(1)]
    memories = [Memory.start(starts[0]), Memory.start(starts[1])]
    packed = []
    while not game.over:
        events = game.apply(game.turn, rnd.choice(game.legal_moves()))
        # the events as the engine packs them for C (core/state.pxd's layout), replayed from its log
        fresh = probes().packed_events(game)[len(packed):]
        assert len(fresh) == len(events)
        for event, e in zip(events, fresh):
            packed.append(e)
            for seat in (0, 1):
                memories[seat].update(event)
                assert Memory.unpacked(probes().memory_replay(starts[seat], packed)) == memories[seat]


def test_a_memory_starts_only_at_the_deal_and_refuses_bad_events():
    game, memories, _ = play_random(5, 30)
    with pytest.raises(KozyrError) as err:
        Memory.start(game.view(0))
    assert err.value.code == "bad_view"
    from kozyr.durak.events import Event
    with pytest.raises(KozyrError):
        memories[0].update(Event("peek"))


def test_packed_refuses_a_memory_c_could_not_hold():
    memory = Memory.start(Game.from_rng(1).view(0))
    memory.known = 1 << 70
    with pytest.raises(KozyrError) as err:
        memory.packed()
    assert err.value.field == "known"
