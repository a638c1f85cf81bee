"""A policy is a side: a function `observation -> action` plays wherever a bot plays.

An agent trained on kozyr's environments (PettingZoo, Gymnasium, the batched
C env, OpenSpiel) is a function from the 270-float observation (and the
76-entry legal mask) to one of the 76 actions of `kozyr.durak.learn.encoding`.
`policy_side(fn)` wraps it as a `PolicyBot`, a callable `view -> Move`: at
each decision it encodes the view with `encoding.observe` (exactly the
environments' observation, the view's public memory included), asks `fn`,
and answers `encoding.move_of(action)`. So the ladder, the sequential test,
the tuners' opponents, the cluster, `replay` and the terminal game evaluate a
policy as they do any Python bot, and `workers=N` plays it in N processes.

What `fn` answers is checked where every bot's answer is (`ladder.faults`):
an action that is not an int from 0 to 75 is refused by `move_of` inside the
bot (a `bot_error` fault whose cause is the bad_action KozyrError), and an
action whose move is not legal there (resign, 75, never is) a `not_legal`
fault; both name the deal and the replay that plays it again.

At a table of more seats (or another deck, or perevodnoy) the observation,
the mask and the actions are that table's (`encoding.table_encoding(view.rules)`):
the same function plays there if it speaks that layout.

>>> from kozyr.durak import Game
>>> import numpy as np
>>> first_legal = policy_side(lambda obs, mask: int(np.flatnonzero(mask)[0]))
>>> view = Game.from_seed("d" * 32).view(0)
>>> first_legal.action(view), first_legal(view) in view.legal
(5, True)
"""
from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from kozyr.durak.learn.encoding import move_of, observe
from kozyr.durak.moves import Move
from kozyr.errors import KozyrError, shown

__all__ = ["PolicyBot", "policy_side"]


class PolicyBot:
    """A policy `fn(observation, mask) -> action` (``mask=False``: `fn(observation)`) as a bot `view -> Move`.

    The observation is a fresh float32[270] and the mask a fresh uint8[76] at every decision (the
    policy may keep them). `name` is how tables and refusals name it (default: ``policy <fn's name>``).
    A PolicyBot pickles as its function (by module and name), so worker processes that are spawned,
    not forked, need `fn` defined at module level.
    """

    def __init__(self, fn: Callable[..., Any], *, mask: bool = True, name: str | None = None) -> None:
        if not callable(fn):
            raise KozyrError("bad_bot", f"a policy is a callable observation -> action, not {shown(fn)}", value=fn)
        if not isinstance(mask, bool):
            raise KozyrError("bad_param", f"mask={shown(mask)}: expected True (fn(observation, mask)) or False "
                             "(fn(observation))", field="mask", value=mask)
        if name is not None and (not isinstance(name, str) or not name.strip()):
            raise KozyrError("bad_param", f"name={shown(name)} is not a name", field="name", value=name)
        self.fn, self.mask = fn, mask
        self.__name__ = name or f"policy {getattr(fn, '__name__', None) or type(fn).__name__}"

    def action(self, view: Any) -> int:
        """The policy's action on `view`, checked to be an int 0..75 (a bad_action KozyrError otherwise)."""
        obs, legal = observe(view)
        answer = self.fn(obs, legal) if self.mask else self.fn(obs)
        try:
            action = operator.index(answer)
        except TypeError:
            raise KozyrError("bad_action", f"{self.__name__} answered {shown(answer)}, not an action (an int "
                             "from 0 to 75)", value=answer) from None
        move_of(action, getattr(view, "rules", None))   # the range check, one home (the view's table's)
        return int(action)

    def __call__(self, view: Any) -> Move:
        """The move of the policy's action on `view` (in the layout of the view's table)."""
        return move_of(self.action(view), getattr(view, "rules", None))

    def __repr__(self) -> str:
        return f"PolicyBot({self.__name__!r})"


def policy_side(fn: Callable[..., Any], *, mask: bool = True, name: str | None = None) -> PolicyBot:
    """`fn` (observation [, mask] -> action, the encoding's numbering) as a side: a `PolicyBot`.

    Pass the result wherever a bot goes (`ladder`, `sprt`, `spsa`'s opponent, `replay`, `play`),
    or name it from the shell as `module:attr` when a module holds ``attr = policy_side(fn)``."""
    if isinstance(fn, PolicyBot):
        return fn
    return PolicyBot(fn, mask=mask, name=name)
