"""A preferans bot of your own, for kozyr's preferans ladder and sequential test (docs/preferans-play.md).

    kozyr pref ladder examples/pref_bot.py:make_bot rules random --deals 20
    kozyr pref sprt examples/pref_bot.py:make_bot rules --delta1 5

`make_bot(seed=...)` is a factory: it returns a bot, a function from the view of the seat on turn to one of
the view's legal moves. This one bids, discards, names and whists as rung 2 does (`RulesBot`), and in the
play always gives its lowest legal card: a fine way to lose no tricks at a misère, a poor way to make a
contract, and so a bot whose score the ladder can tell from rung 2's.
"""
from kozyr.preferans.rungs import RulesBot


def make_bot(seed=0):
    """The bot for one seat of one game (`seed` is the ladder's, for bots that draw at random)."""
    rules = RulesBot(seed)

    def bot(view):
        plays = [m for m in view.legal if m.kind == "play"]
        if not plays:
            return rules(view)
        return min(plays, key=lambda m: (m.arg & 15, m.arg))   # the lowest rank, then the lowest suit

    return bot
