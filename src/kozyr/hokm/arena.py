"""Bots at a table: play whole hands and matches, seat by seat, and the runs that measure bots.

The arena is the only place where game objects and bots meet. It asks the
match whose turn it is, builds that seat's `View`, and passes the bot's
answer back through the same `choose_trump`/`play` a person would use, so a
bot gets no privileges and an illegal answer is refused like any other.

`run_matches` plays two bots (by name) against each other over many seeded
matches, and `sprt_batch` plays deal pairs for `kozyr.stats.run_sprt`: the
measurements `kozyr hokm match` and `kozyr hokm sprt` print, available to any
program.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from kozyr.hokm.bots import Bot
from kozyr.hokm.config import DEFAULT_CONFIG, HokmConfig
from kozyr.hokm.hand import Hand
from kozyr.hokm.match import Match
from kozyr.hokm.randomness import RandomSource
from kozyr.hokm.roster import make_bot
from kozyr.hokm.view import Phase
from kozyr.stats import counts_from_scores

__all__ = ["play_hand", "play_match", "play_pair", "hash_seed", "run_matches", "sprt_batch"]


def _step(game: Hand | Match, bots: Sequence[Bot]) -> None:
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    if game.phase is Phase.CHOOSE_TRUMP:
        game.choose_trump(seat, bots[seat].choose_trump(view))
    else:
        game.play(seat, bots[seat].play(view))


def play_hand(hand: Hand, bots: Sequence[Bot]) -> Hand:
    """Play `hand` to its end with `bots[seat]` in each seat; returns it."""
    if len(bots) != 4:
        raise ValueError(f"need 4 bots, one per seat, got {len(bots)}")
    while not hand.over:
        _step(hand, bots)
    return hand


def play_match(
    bots: Sequence[Bot],
    *,
    config: HokmConfig = DEFAULT_CONFIG,
    rng: RandomSource | int | None = None,
) -> Match:
    """Play a whole match with `bots[seat]` in each seat; returns the match."""
    if len(bots) != 4:
        raise ValueError(f"need 4 bots, one per seat, got {len(bots)}")
    match = Match(config=config, rng=rng)
    while not match.over:
        _step(match, bots)
    return match


def play_pair(
    first: Callable[[int], Bot],
    second: Callable[[int], Bot],
    seed: int | str,
    *,
    config: HokmConfig = DEFAULT_CONFIG,
) -> tuple[int, int, tuple[Match, Match]]:
    """Two matches on the same deals with the partnerships swapped, so the cards do not decide.

    Match one seats `first(...)` in seats 0 and 2 and `second(...)` in 1 and 3;
    match two swaps them. Both matches draw their deals from the same seed, so
    hand n of both is dealt from the same shuffled deck (who is hakem may
    differ once the results differ). Each factory gets a seed of its own per
    match. Returns the matches won by `first` (0..2), the hands won by
    `first`, and the two matches.
    """
    matches = []
    won = hands = 0
    for first_team in (0, 1):
        a = first(hash_seed(seed, first_team, "a"))
        b = second(hash_seed(seed, first_team, "b"))
        bots = [a, b, a, b] if first_team == 0 else [b, a, b, a]
        match = play_match(bots, config=config, rng=random.Random(f"pair:{seed}:deal"))
        won += match.winner == first_team
        hands += sum(r.winner == first_team for r in match.results)
        matches.append(match)
    return won, hands, (matches[0], matches[1])


def hash_seed(*parts: object) -> int:
    """A 64-bit seed from any parts, stable across runs and platforms (not Python's salted hash)."""
    return random.Random(":".join(map(str, parts))).getrandbits(64)


def run_matches(
    first: str,
    second: str,
    matches: int,
    seed: int,
    config: HokmConfig | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, int]:
    """Play `matches` matches of bot `first` against bot `second` (bots by name, `kozyr.hokm.roster`).

    The two bots swap sides every match (match i: `first` in seats 0 and 2
    when i is even, in seats 1 and 3 when i is odd), and match i has its own
    seeds, derived from `seed` and i, so any one match can be replayed.
    Returns counts from the first bot's side: matches won, hands won, hands
    played, and points scored by each side. `progress(done, total)` is called
    after every match. A KeyboardInterrupt propagates at once and nothing is
    returned: a partial count is never handed back as if it were the run.
    """
    cfg = config or HokmConfig()
    won = hands_won = hands = points_first = points_second = 0
    for i in range(matches):
        a = make_bot(first, random.Random(f"hokm:{seed}:{i}:a"))
        b = make_bot(second, random.Random(f"hokm:{seed}:{i}:b"))
        first_team = i % 2
        bots = [a, b, a, b] if first_team == 0 else [b, a, b, a]
        match = play_match(bots, config=cfg, rng=random.Random(f"hokm:{seed}:{i}:deal"))
        won += match.winner == first_team
        hands += len(match.results)
        hands_won += sum(r.winner == first_team for r in match.results)
        points_first += match.scores[first_team]
        points_second += match.scores[1 - first_team]
        if progress is not None:
            progress(i + 1, matches)
    return {
        "matches": matches,
        "matches_won": won,
        "hands": hands,
        "hands_won": hands_won,
        "points_first": points_first,
        "points_second": points_second,
    }


def sprt_batch(first: str, second: str, unit: str, seed: int,
               config: HokmConfig | None = None) -> Callable[[int, int], list[int]]:
    """`play_batch(first_index, count)` for `kozyr.stats.run_sprt`: pentanomial counts of `count` pairs.

    A pair is one deal (unit "hands": one hand) or one deal sequence (unit
    "matches": one match) played twice with the partnerships swapped, bot
    `first` in seats 0+2 and then in seats 1+3, so the cards cancel out. The
    first bot's score is 1 for a hand (or match) its team wins, 0 otherwise;
    a pair sums to 0, 1 or 2. Pair i's seeds derive from `seed` and i only.
    """
    cfg = config or HokmConfig()

    def play(start: int, count: int) -> list[int]:
        sums = []
        for i in range(start, start + count):
            if unit == "matches":
                won, _, _ = play_pair(lambda s: make_bot(first, random.Random(s)),
                                      lambda s: make_bot(second, random.Random(s)),
                                      f"sprt:{seed}:{i}", config=cfg)
                sums.append(won)
                continue
            won = 0
            for team in (0, 1):
                a = make_bot(first, random.Random(f"sprt:{seed}:{i}:{team}:a"))
                b = make_bot(second, random.Random(f"sprt:{seed}:{i}:{team}:b"))
                hand = Hand(i % 4, config=cfg, rng=random.Random(f"sprt:{seed}:{i}:deal"))
                play_hand(hand, [a, b, a, b] if team == 0 else [b, a, b, a])
                assert hand.result is not None
                won += hand.result.winner == team
            sums.append(won)
        return counts_from_scores(sums, pairs=True)

    return play
