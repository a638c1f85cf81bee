"""A bot of your own, for kozyr's ladder, sequential test and tuner (docs/own-bot.md walks it through).

    kozyr ladder mybots:make_bot 2                        # from this folder
    kozyr sprt mybots:make_bot 2 --elo0 0 --elo1 5
    kozyr tune mybots:make_bot --param deep=6:0:24 --opponent 2
    kozyr ladder mybots:policy 2                          # an RL policy as a side

`make_bot` is a factory with one knob: it returns a bot, a function from the
view of the seat on turn to a move. The rule: play the cheapest card, plain
suits before trumps; but while the talon still holds more than `deep` cards,
take rather than beat with a trump (a trump spent early is missed late).

`policy` is the other kind of bot: a function from the learning environments'
observation and legal mask (`kozyr.durak.learn.encoding`) to an action, made a side
by `policy_side`, as a trained agent would be.
"""
import numpy as np

from kozyr.durak import Move
from kozyr.durak.learn.encoding import LAYOUT
from kozyr.durak.learn.policy import policy_side

TAKE, DONE, SWAP = Move("take"), Move("done"), Move("swap")


def make_bot(deep=6):
    """The bot for a knob value: `deep` is the talon size above which a trump is not spent on a beat."""

    def bot(view):
        if SWAP in view.legal:                        # the trump six for the turn-up: always worth it
            return SWAP
        trump = view.trump

        def cost(move):                               # plain cards before trumps, low ranks first
            return (move.card >> 4 == trump, move.card & 15)

        cards = sorted((m for m in view.legal if m.card is not None), key=cost)
        if view.phase == "defend":
            if not cards:
                return TAKE
            cheapest = cards[0]
            if cheapest.card >> 4 == trump and view.talon > deep:
                return TAKE                           # keep the trump for later
            return cheapest
        plain = [m for m in cards if m.card >> 4 != trump]
        if plain:
            return plain[0]
        if DONE in view.legal:                        # only trumps left to throw in: stop
            return DONE
        return cards[0] if cards else view.legal[0]

    return bot


def take_bot(view):
    """The same rule with the knob at its default, as a plain bot (a callable view -> Move)."""
    return DEFAULT(view)


DEFAULT = make_bot()


def lowest_card(obs, mask):
    """A stand-in for a trained network: a policy `observation, mask -> action` (the encoding's 76
    actions). It plays the legal attack or beat whose card ranks lowest (trumps count 9 ranks higher),
    and takes, or says done, only when it has no card to play; it reads the trump from the observation."""
    legal = np.flatnonzero(mask)
    cards = legal[legal < 72]                     # 0..35 attack with card a, 36..71 beat with card a - 36
    if not len(cards):
        return int(legal[0])                      # take, done or swap
    trump = int(np.argmax(obs[LAYOUT["trump"]]))
    index = cards % 36                            # card index: suit * 9 + rank - 6
    cost = index % 9 + 9 * (index // 9 == trump)
    return int(cards[np.argmin(cost)])


policy = policy_side(lowest_card)

