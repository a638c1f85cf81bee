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
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from kozyr.errors import shown
from kozyr.preferans._frozen import FrozenMap
from kozyr.preferans.contracts import Contract, ContractLike, as_contract
from kozyr.preferans.errors import PreferansError

__all__ = ["Call", "Deal", "check_players", "checked_dealer", "known_player", "name_key", "MAX_NAME"]


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
            "bad_call", f"calls[{who!r}]: {shown(value)} is not whist, pass or half-whist", field="calls", value=value
        )


CallsInput = Mapping[str, Call | str] | Iterable[tuple[str, Call | str]]

MAX_NAME = 40
"""The longest player name, in characters: a name is a column of every table."""

_INVISIBLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def name_key(value: object) -> object:
    """A name as the sheet keys it: text in NFC, so ``José`` typed either way is one player.
    Anything else is returned as it is (and refused where a name is looked up)."""
    return unicodedata.normalize("NFC", value) if isinstance(value, str) else value


def _check_name(name: object) -> str:
    """One player name: non-empty text of at most :data:`MAX_NAME` characters, in NFC, with no
    character that prints as nothing or as a different space (controls, format characters such as
    the zero-width space, line separators, unassigned code points, spaces other than U+0020),
    and no space at either end.  Two names that print alike are then the same name."""
    if not isinstance(name, str) or not name.strip():
        raise PreferansError("bad_players", f"players: {shown(name)} is not a player name", field="players", value=name)
    text = unicodedata.normalize("NFC", name)
    if len(text) > MAX_NAME:
        raise PreferansError("bad_name", f"players: {shown(name)} is longer than {MAX_NAME} characters",
                             field="players", value=name)
    for ch in text:
        category = unicodedata.category(ch)
        if category in _INVISIBLE or (category == "Zs" and ch != " "):
            raise PreferansError(
                "bad_name", f"players: {shown(name)} contains the invisible or unusual character U+{ord(ch):04X}",
                field="players", value=name,
            )
    if text != text.strip(" "):
        raise PreferansError("bad_name", f"players: {shown(name)} starts or ends with a space",
                             field="players", value=name)
    return text


def check_players(players: Sequence[str] | str) -> tuple[str, ...]:
    """Validate a seating: 3 or 4 distinct names (see :func:`_check_name`), returned in NFC."""
    if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Iterable):
        raise PreferansError("bad_players", f"players: {shown(players)} is not a list of names",
                             field="players", value=players)
    names = tuple(_check_name(name) for name in players)
    if len(names) not in (3, 4):
        raise PreferansError(
            "player_count", f"players: {shown(list(names))} has {len(names)} players; preferans needs 3 or 4",
            field="players", value=names,
        )
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise PreferansError("duplicate_player", f"players: {name!r} is listed twice", field="players", value=name)
        seen.add(name)
    return names


def _check_count(field: str, who: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PreferansError("bad_number", f"{field}[{who!r}]: {shown(value)} is not a whole number",
                             field=field, value=value)
    if value < 0:
        raise PreferansError("negative", f"{field}[{who!r}]: {value} is negative", field=field, value=value)
    if value > 10:
        raise PreferansError("too_many_tricks", f"{field}[{who!r}]: {shown(value)} is more than 10 tricks",
                             field=field, value=value)
    return value


# --- the checks a deal record passes, one rule each, in the order they are made -------------


def known_player(field: str, who: object, names: tuple[str, ...]) -> str:
    """``who`` (in NFC) if it is one of ``names``, else ``unknown_player`` naming the field."""
    key = name_key(who)
    if not isinstance(key, str) or key not in names:
        raise PreferansError("unknown_player", f"{field}: {shown(who)} is not one of {list(names)}",
                             field=field, value=who)
    return key


def _playing(field: str, who: str, active: tuple[str, ...]) -> str:
    """``who`` if he plays this deal; the dealer of a 4-player game sits out (``dealer_plays``)."""
    if who not in active:
        raise PreferansError("dealer_plays", f"{field}: {who!r} is the dealer and sits out this deal",
                             field=field, value=who)
    return who


def checked_dealer(names: tuple[str, ...], dealer: object) -> str | None:
    """The dealer is one of the players (in NFC), and must be given with four (he sits out).
    The deal and the auction both check their dealer here."""
    if dealer is not None:
        return known_player("dealer", dealer, names)
    if len(names) == 4:
        raise PreferansError("no_dealer", "dealer: with 4 players the dealer (who sits out) must be given",
                             field="dealer")
    return None


def _checked_open(value: object) -> bool:
    """``open`` is a real boolean: the text "false" is not false."""
    if not isinstance(value, bool):
        raise PreferansError("bad_open", f"open: {shown(value)} is not true or false", field="open", value=value)
    return value


def _checked_declarer(
    names: tuple[str, ...], active: tuple[str, ...], declarer: object, contract: object
) -> str | None:
    """Declarer and contract come together (neither: raspasy); the declarer plays this deal."""
    if (declarer is None) != (contract is None):
        missing = "declarer" if declarer is None else "contract"
        raise PreferansError(
            f"no_{missing}", f"{missing}: missing (give both declarer and contract, or neither for raspasy)",
            field=missing,
        )
    if declarer is None:
        return None
    return _playing("declarer", known_player("declarer", declarer, names), active)


def _call_pairs(calls: object) -> list[tuple[object, object]]:
    """The calls as (defender, call) pairs: from a mapping or a list of pairs."""
    if calls is None:
        return []
    if isinstance(calls, Mapping):
        return list(calls.items())
    if isinstance(calls, (str, bytes)) or not isinstance(calls, Iterable):
        raise PreferansError("bad_call", f"calls: {shown(calls)} is not a mapping of defender to call",
                             field="calls", value=calls)
    pairs = []
    for item in calls:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise PreferansError("bad_call", f"calls: {shown(item)} is not a (defender, call) pair",
                                 field="calls", value=item)
        pairs.append((item[0], item[1]))
    return pairs


def _parsed_calls(names: tuple[str, ...], calls: object) -> dict[str, Call]:
    """Each named player once, each call whist, pass or half-whist."""
    parsed: dict[str, Call] = {}
    for who, call in _call_pairs(calls):
        key = known_player("calls", who, names)
        if key in parsed:
            raise PreferansError("duplicate_defender", f"calls: defender {key!r} is listed twice",
                                 field="calls", value=who)
        parsed[key] = Call.parse(call, who=key)  # type: ignore[arg-type]
    return parsed


def _checked_tricks(names: tuple[str, ...], active: tuple[str, ...], tricks: object) -> FrozenMap[str, int]:
    """Tricks of the playing players, each 0-10, adding up to 10; players left out took none."""
    if tricks is not None and not isinstance(tricks, Mapping):
        raise PreferansError("bad_tricks", f"tricks: {shown(tricks)} is not a mapping of player to tricks",
                             field="tricks", value=tricks)
    given: dict[str, int] = {}
    for who, n in (tricks or {}).items():
        key = _playing("tricks", known_player("tricks", who, names), active)
        if key in given:
            raise PreferansError("duplicate_player", f"tricks: {key!r} is listed twice", field="tricks", value=who)
        given[key] = _check_count("tricks", key, n)
    if not given:
        return FrozenMap()
    total = sum(given.values())
    if total != 10:
        raise PreferansError("tricks_total", f"tricks: {given!r} add up to {total}, not 10",
                             field="tricks", value=given)
    return FrozenMap((p, given.get(p, 0)) for p in active)


def _given_whist_order(whist_order: object) -> object:
    """The order as given, a sequence made a tuple; an empty one is no order
    (``dataclasses.replace`` passes the stored empty order back)."""
    if whist_order is not None and not isinstance(whist_order, (str, bytes)) and isinstance(whist_order, Iterable):
        return tuple(whist_order) or None
    return whist_order


def _check_unwhisted(what: str, calls: dict[str, Call], whist_order: object, tricks: FrozenMap[str, int]) -> None:
    """Raspasy and misère: nobody whists, so no calls and no whist order; they are always played."""
    if calls:
        raise PreferansError(
            "calls_not_allowed",
            f"calls: {dict((k, v.value) for k, v in calls.items())!r} given on {what}; nobody whists on {what}",
            field="calls", value=calls,
        )
    if whist_order is not None:
        raise PreferansError("calls_not_allowed", f"whist_order: {shown(whist_order)} given on {what}",
                             field="whist_order", value=whist_order)
    if not tricks:
        raise PreferansError("no_tricks", f"tricks: missing; {what} is always played", field="tricks")


def _check_defenders_called(declarer: str, defenders: tuple[str, ...], calls: dict[str, Call]) -> None:
    """Calls come from the two defenders, and from both."""
    for who in calls:
        if who == declarer:
            raise PreferansError("declarer_call", f"calls: {who!r} is the declarer, not a defender",
                                 field="calls", value=who)
        _playing("calls", who, defenders)
    for who in defenders:
        if who not in calls:
            raise PreferansError("missing_call", f"calls: defender {who!r} has no call (whist, pass or half-whist)",
                                 field="calls", value=who)


def _checked_whist_order(names: tuple[str, ...], defenders: tuple[str, ...], whist_order: object) -> tuple[str, ...]:
    """The two defenders in the order they spoke, each once; by default seating order from the declarer's left."""
    if whist_order is None:
        return defenders
    if not isinstance(whist_order, tuple):
        raise PreferansError("bad_whist_order", f"whist_order: {shown(whist_order)} is not a list of defenders",
                             field="whist_order", value=whist_order)
    order: list[str] = []
    for who in whist_order:
        key = known_player("whist_order", who, names)
        if key in order:
            raise PreferansError("duplicate_defender", f"whist_order: defender {key!r} is listed twice",
                                 field="whist_order", value=who)
        if key not in defenders:
            raise PreferansError("bad_whist_order", f"whist_order: {key!r} is not a defender",
                                 field="whist_order", value=who)
        order.append(key)
    if len(order) != 2:
        raise PreferansError("bad_whist_order", f"whist_order: {order!r} must name both defenders",
                             field="whist_order", value=whist_order)
    return tuple(order)


def _check_half_whist(contract: Contract, order: tuple[str, ...], calls: dict[str, Call]) -> None:
    """Half-whist only on a six or a seven, and only by the second defender after the first passed."""
    halves = [p for p in order if calls[p] is Call.HALF_WHIST]
    if not halves:
        return
    assert contract.level is not None
    if contract.level >= 8:
        raise PreferansError(
            "half_whist_level",
            f"calls: half-whist by {halves[0]!r} on {contract.pretty}; half-whist is only possible on a six or a seven",
            field="calls", value=halves[0],
        )
    if len(halves) == 2 or calls[order[0]] is not Call.PASS:
        raise PreferansError(
            "half_whist_order",
            f"calls: half-whist by {halves[-1]!r}; only the second defender may half-whist, after the first passed",
            field="calls", value=halves[-1],
        )


def _check_played_has_tricks(contract: Contract, calls: dict[str, Call], tricks: FrozenMap[str, int]) -> None:
    """A whisted contract was played, so its tricks must be given."""
    if any(c is Call.WHIST for c in calls.values()) and not tricks:
        raise PreferansError("no_tricks", f"tricks: missing; {contract.pretty} was whisted and played", field="tricks")


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
        set_(self, "dealer", checked_dealer(names, dealer))
        active = self.active
        set_(self, "open", _checked_open(open))
        checked_declarer = _checked_declarer(names, active, declarer, contract)
        set_(self, "declarer", checked_declarer)
        parsed = None if contract is None else as_contract(contract)
        set_(self, "contract", parsed)
        parsed_calls = _parsed_calls(names, calls)
        set_(self, "tricks", _checked_tricks(names, active, tricks))
        given_order = _given_whist_order(whist_order)

        if parsed is None or parsed.is_misere:
            _check_unwhisted("raspasy" if parsed is None else "misère", parsed_calls, given_order, self.tricks)
            set_(self, "calls", FrozenMap())
            set_(self, "whist_order", ())
            return
        assert checked_declarer is not None
        defenders = self._defenders_of(checked_declarer)
        _check_defenders_called(checked_declarer, defenders, parsed_calls)
        order = _checked_whist_order(names, defenders, given_order)
        set_(self, "whist_order", order)
        set_(self, "calls", FrozenMap((p, parsed_calls[p]) for p in order))
        _check_half_whist(parsed, order, parsed_calls)
        _check_played_has_tricks(parsed, parsed_calls, self.tricks)

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
                raise PreferansError("bad_tricks", f"tricks: {shown(tricks)} is not a mapping of player to tricks",
                                     field="tricks", value=tricks)
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
