"""The deal record: what happened in one deal, as the scorer writes it down.

A :class:`Deal` is a value (frozen, hashable) that is checked when it is made:
a record that could not have happened at a preferans table (tricks that do not
add up to ten, a half-whist on an eight, a defender listed twice, an unknown
name) cannot be built.  Whether it *scores* depends on the convention and on
the previous deals (the raspasy exit threshold); that is the scorer's job.

Seating: ``players`` is the seating order, clockwise.  With four players the
``dealer`` sits out and the three others play.  The defenders speak in seating
order starting from the declarer's left, which is the default ``whist_order``
(it matters for half-whist and for who is liable on an eight or nine).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Union

from ._frozen import FrozenMap
from .contracts import Contract, ContractLike, as_contract
from .errors import PreferansError

__all__ = ["Call", "Deal", "check_players"]


class Call(enum.Enum):
    """A defender's answer to a contract."""

    WHIST = "whist"
    PASS = "pass"
    HALF_WHIST = "half-whist"

    @classmethod
    def parse(cls, value: Call | str, *, who: str = "?") -> Call:
        if isinstance(value, Call):
            return value
        if isinstance(value, str):
            key = value.strip().lower().replace("_", "-").replace(" ", "-")
            aliases = {"whist": cls.WHIST, "pass": cls.PASS, "half-whist": cls.HALF_WHIST,
                       "halfwhist": cls.HALF_WHIST, "half": cls.HALF_WHIST}
            if key in aliases:
                return aliases[key]
        raise PreferansError(
            "bad_call", f"calls[{who!r}]: {value!r} is not whist, pass or half-whist"
        )


CallsInput = Union[Mapping[str, Union[Call, str]], Iterable[tuple[str, Union[Call, str]]]]


def check_players(players: Sequence[str] | str) -> tuple[str, ...]:
    """Validate a seating: 3 or 4 distinct non-empty names."""
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise PreferansError("bad_players", f"players: {players!r} is not a list of names")
    names = tuple(players)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise PreferansError("bad_players", f"players: {name!r} is not a player name")
    if len(names) not in (3, 4):
        raise PreferansError(
            "player_count", f"players: {list(names)!r} has {len(names)} players; preferans needs 3 or 4"
        )
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise PreferansError("duplicate_player", f"players: {name!r} is listed twice")
        seen.add(name)
    return names


def _check_count(field: str, who: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PreferansError("bad_number", f"{field}[{who!r}]: {value!r} is not a whole number")
    if value < 0:
        raise PreferansError("negative", f"{field}[{who!r}]: {value} is negative")
    if value > 10:
        raise PreferansError("too_many_tricks", f"{field}[{who!r}]: {value} is more than 10 tricks")
    return value


@dataclass(frozen=True, init=False)
class Deal:
    """One deal: a contract played (or not played), or raspasy.

    ``Deal(players=("A", "B", "C"), declarer="A", contract="6S",
    calls={"B": "whist", "C": "pass"}, tricks={"A": 7, "B": 3, "C": 0})``

    - ``players``: seating order (3 or 4 names); ``dealer`` required with 4.
    - ``declarer`` / ``contract`` (a :class:`Contract` or its text): None for raspasy.
    - ``calls``: each defender's ``whist``, ``pass`` or ``half-whist``; empty for
      misère and raspasy.  A mapping or a list of pairs (a defender may appear once).
    - ``tricks``: tricks taken by each playing player; players left out took none;
      they must add up to 10.  Not needed when nobody whists or on a half-whist
      (no play); if given anyway they are checked and ignored.
    - ``open``: the defence played with open cards (matters for the split rule).
    - ``whist_order``: the two defenders in the order they spoke; defaults to
      seating order from the declarer's left.

    Use :meth:`raspasy` for an all-pass deal.
    """

    players: tuple[str, ...]
    dealer: str | None
    declarer: str | None
    contract: Contract | None
    calls: FrozenMap[str, Call]
    tricks: FrozenMap[str, int]
    open: bool
    whist_order: tuple[str, ...]

    def __init__(
        self,
        players: Sequence[str],
        *,
        dealer: str | None = None,
        declarer: str | None = None,
        contract: ContractLike | None = None,
        calls: CallsInput | None = None,
        tricks: Mapping[str, int] | None = None,
        open: bool = False,
        whist_order: Sequence[str] | None = None,
    ) -> None:
        set_ = object.__setattr__
        names = check_players(players)
        set_(self, "players", names)

        if dealer is not None and dealer not in names:
            raise PreferansError("unknown_player", f"dealer: {dealer!r} is not one of {list(names)}")
        if len(names) == 4 and dealer is None:
            raise PreferansError("no_dealer", "dealer: with 4 players the dealer (who sits out) must be given")
        set_(self, "dealer", dealer)
        active = self.active

        if not isinstance(open, bool):
            raise PreferansError("bad_open", f"open: {open!r} is not true or false")
        set_(self, "open", open)

        if (declarer is None) != (contract is None):
            missing = "declarer" if declarer is None else "contract"
            raise PreferansError(
                f"no_{missing}", f"{missing}: missing (give both declarer and contract, or neither for raspasy)"
            )
        if declarer is not None:
            if declarer not in names:
                raise PreferansError("unknown_player", f"declarer: {declarer!r} is not one of {list(names)}")
            if declarer not in active:
                raise PreferansError("dealer_plays", f"declarer: {declarer!r} is the dealer and sits out this deal")
        set_(self, "declarer", declarer)
        parsed = None if contract is None else as_contract(contract)
        set_(self, "contract", parsed)

        # --- calls -------------------------------------------------------
        pairs: list[tuple[str, Call | str]]
        if calls is None:
            pairs = []
        elif isinstance(calls, Mapping):
            pairs = list(calls.items())
        elif isinstance(calls, (str, bytes)):
            raise PreferansError("bad_call", f"calls: {calls!r} is not a mapping of defender to call")
        else:
            pairs = []
            for item in calls:
                if not isinstance(item, (tuple, list)) or len(item) != 2:
                    raise PreferansError("bad_call", f"calls: {item!r} is not a (defender, call) pair")
                pairs.append((item[0], item[1]))
        parsed_calls: dict[str, Call] = {}
        for who, call in pairs:
            if who not in names:
                raise PreferansError("unknown_player", f"calls: {who!r} is not one of {list(names)}")
            if who in parsed_calls:
                raise PreferansError("duplicate_defender", f"calls: defender {who!r} is listed twice")
            parsed_calls[who] = Call.parse(call, who=who)

        # --- tricks --------------------------------------------------------
        if tricks is not None and not isinstance(tricks, Mapping):
            raise PreferansError("bad_tricks", f"tricks: {tricks!r} is not a mapping of player to tricks")
        given = dict(tricks or {})
        for who, n in given.items():
            if who not in names:
                raise PreferansError("unknown_player", f"tricks: {who!r} is not one of {list(names)}")
            if who not in active:
                raise PreferansError("dealer_plays", f"tricks: {who!r} is the dealer and sits out this deal")
            _check_count("tricks", who, n)
        if given:
            total = sum(given.values())
            if total != 10:
                raise PreferansError("tricks_total", f"tricks: {given!r} add up to {total}, not 10")
            set_(self, "tricks", FrozenMap((p, given.get(p, 0)) for p in active))
        else:
            set_(self, "tricks", FrozenMap())

        if whist_order is not None and not isinstance(whist_order, str) and isinstance(whist_order, Iterable):
            whist_order = tuple(whist_order)
            if not whist_order:
                whist_order = None  # dataclasses.replace passes the stored empty order back

        # --- shape by kind --------------------------------------------------
        if parsed is None or parsed.is_misere:
            what = "raspasy" if parsed is None else "misère"
            if parsed_calls:
                raise PreferansError(
                    "calls_not_allowed", f"calls: {dict((k, v.value) for k, v in parsed_calls.items())!r} "
                    f"given on {what}; nobody whists on {what}"
                )
            if whist_order is not None:
                raise PreferansError("calls_not_allowed", f"whist_order: {whist_order!r} given on {what}")
            if not self.tricks:
                raise PreferansError("no_tricks", f"tricks: missing; {what} is always played")
            set_(self, "calls", FrozenMap())
            set_(self, "whist_order", ())
            return

        assert declarer is not None
        defenders = self._defenders_of(declarer)
        for who in parsed_calls:
            if who == declarer:
                raise PreferansError("declarer_call", f"calls: {who!r} is the declarer, not a defender")
            if who not in defenders:
                raise PreferansError("dealer_plays", f"calls: {who!r} is the dealer and sits out this deal")
        for who in defenders:
            if who not in parsed_calls:
                raise PreferansError("missing_call", f"calls: defender {who!r} has no call (whist, pass or half-whist)")
        if whist_order is None:
            order = defenders
        else:
            if isinstance(whist_order, str) or not isinstance(whist_order, Iterable):
                raise PreferansError("bad_whist_order", f"whist_order: {whist_order!r} is not a list of defenders")
            order = tuple(whist_order)
            seen: set[str] = set()
            for who in order:
                if who not in names:
                    raise PreferansError("unknown_player", f"whist_order: {who!r} is not one of {list(names)}")
                if who in seen:
                    raise PreferansError("duplicate_defender", f"whist_order: defender {who!r} is listed twice")
                if who not in defenders:
                    raise PreferansError("bad_whist_order", f"whist_order: {who!r} is not a defender")
                seen.add(who)
            if len(order) != 2:
                raise PreferansError("bad_whist_order", f"whist_order: {list(order)!r} must name both defenders")
        set_(self, "whist_order", order)
        set_(self, "calls", FrozenMap((p, parsed_calls[p]) for p in order))

        halves = [p for p in order if parsed_calls[p] is Call.HALF_WHIST]
        if halves:
            assert parsed.level is not None
            if parsed.level >= 8:
                raise PreferansError(
                    "half_whist_level",
                    f"calls: half-whist by {halves[0]!r} on {parsed.pretty}; half-whist is only possible on a six or a seven",
                )
            if len(halves) == 2 or parsed_calls[order[0]] is not Call.PASS:
                raise PreferansError(
                    "half_whist_order",
                    f"calls: half-whist by {halves[-1]!r}; only the second defender may half-whist, after the first passed",
                )
        whisting = any(c is Call.WHIST for c in parsed_calls.values())
        if whisting and not self.tricks:
            raise PreferansError("no_tricks", f"tricks: missing; {parsed.pretty} was whisted and played")

    def _defenders_of(self, declarer: str) -> tuple[str, ...]:
        act = self.active
        i = act.index(declarer)
        return act[i + 1:] + act[:i]

    @classmethod
    def raspasy(
        cls,
        tricks: Mapping[str, int],
        *,
        players: Sequence[str] | None = None,
        dealer: str | None = None,
    ) -> Deal:
        """An all-pass deal.  With three players the seating may be left out:
        it is then the order of ``tricks``."""
        if players is None:
            if not isinstance(tricks, Mapping):
                raise PreferansError("bad_tricks", f"tricks: {tricks!r} is not a mapping of player to tricks")
            players = tuple(tricks)
        return cls(players, dealer=dealer, tricks=tricks)

    # --- derived views -----------------------------------------------------------

    @property
    def active(self) -> tuple[str, ...]:
        """The three players of this deal, in seating order (the dealer sits out with 4)."""
        if len(self.players) == 4:
            return tuple(p for p in self.players if p != self.dealer)
        return self.players

    @property
    def is_raspasy(self) -> bool:
        return self.contract is None

    @property
    def defenders(self) -> tuple[str, ...]:
        """The two defenders in speaking order (empty on raspasy; on misère the
        two other players)."""
        if self.declarer is None:
            return ()
        if self.whist_order:
            return self.whist_order
        return self._defenders_of(self.declarer)

    @property
    def whisters(self) -> tuple[str, ...]:
        return tuple(p for p in self.whist_order if self.calls[p] is Call.WHIST)

    @property
    def half_whister(self) -> str | None:
        for p in self.whist_order:
            if self.calls[p] is Call.HALF_WHIST:
                return p
        return None

    def __repr__(self) -> str:
        parts = [f"players={self.players!r}"]
        if self.dealer is not None:
            parts.append(f"dealer={self.dealer!r}")
        if self.contract is not None:
            parts.append(f"declarer={self.declarer!r}")
            parts.append(f"contract={str(self.contract)!r}")
        if self.calls:
            parts.append(f"calls={ {k: v.value for k, v in self.calls.items()} !r}")
        if self.tricks:
            parts.append(f"tricks={dict(self.tricks)!r}")
        if self.open:
            parts.append("open=True")
        return f"Deal({', '.join(parts)})"

    def describe(self) -> str:
        """One line for a scorer: ``A 6♠: B whist, C pass; tricks 7/3/0``."""
        if self.contract is None:
            body = "raspasy"
        else:
            body = f"{self.declarer} {self.contract.pretty}"
            if self.calls:
                body += ": " + ", ".join(f"{p} {c.value}" for p, c in self.calls.items())
        if self.tricks:
            body += "; tricks " + ", ".join(f"{p} {n}" for p, n in self.tricks.items())
        return body
