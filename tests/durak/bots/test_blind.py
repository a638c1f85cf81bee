"""The rungs module is blind by construction: it can reach the view and nothing else.

A bot that peeked (at the other hand, the talon's order, the seed, the game's
history) would still pass every strength test, and would silently stop being
the spec's bot. So this reads the module's source and its compiled form and
fails on anything that could reach beyond the `DView` it is handed:

- imports: only the view struct, the card helpers, libc's integer types and
  the shared vocabulary (`Move`, `PHASES`) and the settings (`Params`) are allowed;
- names of the engine and its state (`_engine`, `State`, `st_*`, `Game`,
  `history`, `seed`, `order`, `reference`, the talon's and heap's fields);
- escape hatches a peek would need in C or Python: pointer casts, pointer
  arithmetic on the view, `sizeof`, `extern`, `include`, `gc`, `sys`,
  `ctypes`, `__import__`, dunder attributes, `getattr`, `globals` ...

The checker itself is tested on planted peeks, so it is known to bite.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import pytest

import kozyr.durak.bots.rungs as rungs

SRC = Path(__file__).resolve().parents[3] / "src" / "kozyr" / "durak"
# core/power.pxd: the duel's card layout (bit arithmetic only), which the kernel reads masks in
SOURCES = ("bots/rungs.pyx", "bots/rungs.pxd", "bots/rungs.pyi", "core/power.pxd")

# _gameview: the view object Game.view hands out, a copy of one seat's DView and nothing else
ALLOWED_CIMPORTS = {"libc.stdint", "kozyr.cards", "kozyr.durak.core.view", "kozyr.durak.bots.rungs",
                    "kozyr.durak.core.gameview", "kozyr.durak.core.power"}
ALLOWED_IMPORTS = {
    "kozyr.durak.codes": {"PHASES"}, "kozyr.durak.moves": {"Move"}, "kozyr.durak.views": {"View"},
    # the one range check (kozyr.errors.whole) holds no game state
    "kozyr.errors": {"KozyrError", "shown", "whole"}, "typing": {"Optional", "Mapping", "Union"},
    "operator": {"index"},
    "collections.abc": {"Mapping"},
    # the rungs' settings: a frozen dataclass of ints with their ranges, which holds no game state
    "kozyr.durak.params": {"Params"},
}

# the engine and what only it holds: forbidden to every bot's source (FORBIDDEN, LEARNED_FORBIDDEN)
ENGINE_NAMES = [
    (r"(?i)engine", "names the engine"),
    (r"\bState\b", "names the engine's State"),
    (r"\bst_\w", "calls an engine st_ function"),
    (r"\bSink\b|\bfast_(next|below)\b", "names engine internals"),
    (r"\bGame\b", "names a Game"),
    (r"(?i)histor", "names a history"),
]
FORBIDDEN = ENGINE_NAMES + [
    (r"(?i)seed", "names a seed"),
    (r"(?i)\border", "names an order (the talon's or the shuffle's)"),
    (r"(?i)reference", "names the reference engine"),
    (r"\bhands\b|talon_last|\bdrawn\b|heap_cards|six_owner|\bturnups?_?in",
     "names another seat's or the talon's cards"),
    (r"(?i)shuffl|\bdeck\b", "names the deck"),
    # C escape hatches
    (r"<\s*(const\s+)?[A-Za-z_][\w\s]*\*+\s*>", "casts to a pointer"),
    (r"\bsizeof\b|\boffsetof\b", "measures memory"),
    (r"\bextern\b|\binclude\b", "pulls in outside C"),
    (r"\bmem(cpy|move|cmp)\b|cython\.operator|\baddress\b", "copies or addresses raw memory"),
    (r"\bcpython\b|\bPyObject\b", "reaches into CPython"),
    # Python escape hatches
    (r"\b(gc|sys|inspect|ctypes|importlib|builtins)\b", "imports an introspection module"),
    (r"__\w+__", "uses a dunder (introspection)"),
    (r"\b(getattr|globals|locals|vars|eval|exec|compile|open)\s*\(", "calls an introspection builtin"),
]


def _imports(text: str) -> list[tuple[str, str, set[str]]]:
    """(kind, module, names) for every import statement; kind is 'import' or 'cimport'."""
    found = []
    flat = re.sub(r"\(\s*([^)]*)\)", lambda m: m.group(1).replace("\n", " "), text)
    for line in flat.splitlines():
        line = line.split("#", 1)[0].strip()
        m = re.match(r"from\s+(\S+)\s+(c?import)\s+(.+)$", line)
        if m:
            names = {n.strip().split(" as ")[0].strip() for n in m.group(3).split(",") if n.strip()}
            found.append((m.group(2), m.group(1), names))
            continue
        m = re.match(r"(c?import)\s+(.+)$", line)
        if m:
            for mod in m.group(2).split(","):
                found.append((m.group(1), mod.strip().split(" as ")[0].strip(), set()))
    return found


def _pointer_names(text: str) -> set[str]:
    return set(re.findall(r"DView\s*\*\s*(\w+)", text))


def peeks(text: str) -> list[str]:
    """Every way `text` could reach beyond the view; empty when it is blind."""
    problems = []
    for kind, module, names in _imports(text):
        if kind == "cimport":
            if module not in ALLOWED_CIMPORTS:
                problems.append(f"cimports {module}")
        elif module not in ALLOWED_IMPORTS or not names or not names <= ALLOWED_IMPORTS[module]:
            problems.append(f"imports {module} {sorted(names)}")
    for pattern, why in FORBIDDEN:
        for m in re.finditer(pattern, text):
            line = text.count("\n", 0, m.start()) + 1
            problems.append(f"line {line}: {why}: {m.group(0)!r}")
    for name in _pointer_names(text):
        for m in re.finditer(rf"\b{name}\s*(\[|[+-](?!=))", text):
            line = text.count("\n", 0, m.start()) + 1
            problems.append(f"line {line}: pointer arithmetic on the view {name!r}")
    return problems


@pytest.mark.parametrize("name", SOURCES)
def test_the_rungs_source_reaches_only_the_view(name):
    text = (SRC / name).read_text()
    assert peeks(text) == []


def test_the_compiled_module_links_nothing_but_the_view():
    blob = Path(rungs.__file__).read_bytes()
    for needle in (b"kozyr.durak.core.engine", b"kozyr.durak.oracle.reference", b"kozyr.durak.ladder", b"st_view",
                   b"st_apply"):
        assert needle not in blob, needle


def test_the_loaded_module_holds_no_game_objects():
    allowed_modules = set()
    for name, value in vars(rungs).items():
        if name.startswith("__"):
            continue
        module = getattr(value, "__module__", None) or getattr(type(value), "__module__", "")
        assert type(value).__name__ != "module" or value.__name__ in allowed_modules, name
        assert not str(module).startswith(("kozyr.durak.core.engine", "kozyr.durak.oracle.reference")), name


PLANTED = [
    "from kozyr.durak.core.engine cimport State\n",
    "from kozyr.durak.core.engine cimport (\n    st_view,\n)\n",
    "cimport kozyr.durak.core.engine as e\n",
    "from kozyr.durak import reference\n",
    "import gc\n",
    "x = __import__('kozyr.durak.ladder')\n",
    "cdef const unsigned char *raw = <const unsigned char *>v\n",
    "cdef int other = (v + 1).hand\n",
    "cdef int other = v[1].hand\n",
    "cdef extern from 'peek.h':\n    int peek()\n",
    "if game.history: pass\n",
    "cdef int nxt = talon_last\n",
    "w = view.__class__\n",
    "hidden = getattr(view, '_game')\n",
    "from kozyr.durak.seeds import pad_seed\n",
    "from kozyr.durak.core.state cimport State\n",
    "from kozyr.durak.core.rules cimport st_view\n",
]


@pytest.mark.parametrize("plant", PLANTED)
def test_the_checker_catches_a_planted_peek(plant):
    text = (SRC / "bots/rungs.pxd").read_text()  # the kernel lives there, so that the ladder inlines it
    cut = text.index("cdef inline int best_move(")
    body = text.index("\n", text.index("cdef int n = v.nlegal", cut)) + 1
    planted = text[:body] + "    " + plant.replace("\n", "\n    ").rstrip() + "\n" + text[body:]
    top = plant + text
    assert peeks(planted), plant
    assert peeks(top), plant


# -- rung 4: the search and the determinization it plays on ----------------------------------------
#
# Rung 4 decides from the seat's DView alone, as rungs 1..3 do, but it searches on whole imagined
# deals, so its sources name the State and the rules. That is legitimate as long as every State it
# plays on is one it built itself from the seat's DView (dt_build_public: the view's public memory,
# the heap's cards, the cards known in the other hand, the bottom card, the unseen cards): an
# imagined deal holds only what the seat knows plus random draws. So the checks are structural: the
# entry points take a view and never a State; no State lives at module level; the only cimports
# are the view, the determinization, the rules that play a State forward and the rungs for the
# playouts (nothing that deals, reads the real deal's view of another seat, or writes events); the
# memory code (core/memory.pxd, which determinize.pxd still cimports for Game.determinize's
# memory form, and memory.py) never names a State at all; and the escape hatches stay shut.

R4_SOURCES = ("bots/rung4.pyx", "bots/rung4.pxd", "bots/rung4.pyi", "core/determinize.pxd", "core/memory.pxd",
              "memory.py", "bots/bot4.py", "bots/analysis.py")
R4_MEMORY = ("core/memory.pxd", "memory.py")
R4_ANY = None
R4_CIMPORTS: dict[str, set[str] | None] = {
    "libc.stdint": R4_ANY, "libc.stdlib": {"calloc", "free"}, "libc.string": {"memset"}, "kozyr.cards": R4_ANY,
    # the tree search's UCB (Params.TREE): numbers only
    "libc.math": {"log", "sqrt"},
    # the clock of the time budget per decision (Params.MICROS): a number of nanoseconds, no game
    "posix.time": {"CLOCK_MONOTONIC", "clock_gettime", "timespec"},
    "kozyr.durak.core.view": R4_ANY,
    "kozyr.durak.core.memory": R4_ANY,
    "kozyr.durak.core.determinize": {"dt_build_public", "dt_build_belief", "dt_settled"},
    "kozyr.durak.core.seeds": {"fast_next", "fast_below", "mix64"},
    "kozyr.durak.core.state": {"State", "EV_ATTACK", "EV_BEAT", "EV_BOUT_END", "EV_REFILL", "EV_SWAP",
                               # the readers of a packed event's public fields (the layout's one home)
                               "ev_card", "ev_drawn", "ev_kind", "ev_seat", "ev_taken", "ev_talon"},
    # (st_ask, st_table_ask: the decision of the seat on turn of an imagined deal, as the rungs read it)
    "kozyr.durak.core.rules": {"st_apply_legal", "st_ask", "st_legal", "st_table_ask", "st_turn"},
    # (ask_of: a decision read from the view, for the playouts' opponent models' test face; table_move: the
    # rungs' table rules in the playouts of a table other than the two-seat game)
    "kozyr.durak.bots.rungs": {"RungParams", "ask_move", "ask_of", "params_from", "fill_view", "table_move"},
    # (the rest of a two-seat imagined deal played in the ladder's duel: handed the imagined State, as
    # st_apply_legal is, never the deal's own)
    "kozyr.durak.bots._duel": {"Duel", "Player", "duel", "duel_from_bout"},
    "kozyr.durak.bots.rung4": R4_ANY,
    # the stop of a long search: an atomic flag read and the Ctrl-C poll (test_the_stop_module_knows_no_game)
    "kozyr.durak.bots._stop": {"kz_stop_get", "poll_fn", "poll_context", "poll_signals"},
}
R4_IMPORTS: dict[str, set[str] | None] = {
    "__future__": {"annotations"}, "dataclasses": {"KW_ONLY", "dataclass", "field"},
    "typing": {"Optional"}, "collections.abc": {"Iterable", "Mapping"}, "operator": {"index"},
    # a bot's endgame table per thread (a scratch emptied at every decision)
    "threading": {"local"},
    "kozyr.errors": {"KozyrError", "shown", "whole"},
    "kozyr.cards": {"CardSet"}, "kozyr.durak.codes": {"PHASES"}, "kozyr.durak.moves": {"Move"},
    "kozyr.durak.views": {"View"}, "kozyr.durak.events": {"Event"}, "kozyr.durak.memory": {"Memory"},
    "kozyr.durak.bots.rung4": {"BUDGET", "ENDGAME", "K", "PARAM_RANGES", "PLAYOUT", "Scratch", "analyse", "best4"},
    # the one deprecation message (the searches' old keyword table=, until kozyr 0.5): text, no game state
    "kozyr.durak._moved": {"warn_old_name"},
    # what the search saw, as plain data (analysis.py: frozen dataclasses of moves and numbers)
    "kozyr.durak.bots.analysis": {"Analysis", "Estimate"},
    "kozyr.durak.bots.rungs": {"PARAM_RANGES", "CHEAP_POWER", "DEEP_TALON"},
    # the rungs' settings (a frozen dataclass of ints with their ranges; no game state)
    "kozyr.durak.params": {"PARAM_RANGES", "Params"},
    # the bot's own seed (its draws), never the deal's: bot4.py only
    "kozyr.durak.seeds": {"BotSeed", "fast_key", "seed_text", "word"},
}
# entry points: what they are handed is all the search can know
R4_ENTRIES = ("r4_best", "r4_search", "r4_flat", "r4_tree", "r4_decide", "r4_endgame", "r4_solvable", "r4_rng",
              "best4", "analyse", "solve",
              "r4_style", "r4_model", "r4_cycle", "r4_now", "_style",
              "dt_public", "dt_settled", "_fits", "_public", "_view",
              "mem_start", "mem_event", "mem_unseen", "mem_from_tuple")
R4_DUNDERS = {"__future__", "__post_init__", "__call__", "__cinit__", "__dealloc__", "__all__", "__init__", "__str__"}
R4_FORBIDDEN = [
    (r"(?i)engine", "names the engine"),
    (r"\bGame\b", "names a Game"),
    (r"(?i)histor", "names a history"),
    (r"(?i)reference", "names the reference engine"),
    (r"(?i)shuffl|\bdeck\b", "names the deck"),
    (r"\bSink\b|\bst_apply\b(?!_)|\bst_view\b(?!_)|\bst_deal|\bst_random", "names engine internals beyond playing on"),
    # (the scratch's own allocations: the solver's table, the tree's pool and logarithms, r4_alloc)
    (r"<\s*(const\s+)?(?!R4Entry\b|R4Node\b|R4Logs\b)[A-Za-z_][\w\s]*\*+\s*>", "casts to a pointer"),
    (r"\bsizeof\b(?!\(R4Entry\)|\(R4Node\)|\(R4Logs\))|\boffsetof\b", "measures memory"),
    (r"\bextern\b|\binclude\b", "pulls in outside C"),
    (r"\bmem(cpy|move|cmp)\b|cython\.operator|\baddress\b", "copies or addresses raw memory"),
    (r"\bcpython\b|\bPyObject\b", "reaches into CPython"),
    (r"\b(gc|sys|inspect|ctypes|importlib|builtins)\b", "imports an introspection module"),
    (r"\b(globals|locals|vars|eval|exec|compile|open)\s*\(|getattr\((?!self,)", "calls an introspection builtin"),
]
# names of the real deal's hidden parts; dt_build fills them in the copy it builds, so it alone may
R4_HIDDEN = [
    (r"(?i)(?<!durak\.core\.)seed", "names a seed"),
    (r"(?i)\border", "names an order (the talon's or the shuffle's)"),
    # (a refill event's public counts, event.drawn, are the memory's to read)
    # (the view's heap_cards are public: the view's field, v.heap_cards or d.heap_cards, and its name may be read)
    (r"\bhands\b|talon_last|(?<!event\.)\bdrawn\b|(?<!v\.)(?<!d\.)(?<![\"'])heap_cards|six_owner",
     "names another seat's or the talon's cards"),
]


def _signature(text: str, name: str) -> str:
    m = re.search(rf"\b(?:def|cdef[^\n(]*?)\s+{name}\s*\(", text)
    if not m:
        return ""
    depth, i = 0, m.end() - 1
    for j in range(i, len(text)):
        depth += {"(": 1, ")": -1}.get(text[j], 0)
        if depth == 0:
            return text[i:j + 1]
    return text[i:]


def _peeks(text: str, cimports: Mapping[str, set[str] | None], imports: Mapping[str, set[str] | None],
           rules: list[tuple[str, str]], dunders: set[str]) -> list[str]:
    """The checks every searching bot's source shares: its imports against the allowed names, the
    forbidden patterns, the dunders it may use, and no pointer arithmetic on the view."""
    problems = []
    for kind, module, names in _imports(text):
        table = cimports if kind == "cimport" else imports
        if module not in table:
            problems.append(f"{kind}s {module}")
            continue
        allowed = table[module]
        if allowed is not None and (not names or not names <= allowed):
            problems.append(f"{kind}s {module} {sorted(names - allowed) or '*'}")
    for pattern, why in rules:
        for m in re.finditer(pattern, text):
            problems.append(f"line {text.count(chr(10), 0, m.start()) + 1}: {why}: {m.group(0)!r}")
    for m in re.finditer(r"__\w+__", text):
        if m.group(0) not in dunders:
            problems.append(f"uses a dunder: {m.group(0)!r}")
    for pname in _pointer_names(text):
        for _ in re.finditer(rf"\b{pname}\s*(\[|[+-](?!=))", text):
            problems.append(f"pointer arithmetic on the view {pname!r}")
    return problems


def r4_peeks(name: str, text: str) -> list[str]:
    """Every way rung-4 source `name` could reach beyond its seat's view and memory."""
    rules = list(R4_FORBIDDEN)
    if name != "core/determinize.pxd":
        rules += [r for r in R4_HIDDEN if not (name == "bots/bot4.py" and "seed" in r[0])]
    problems = _peeks(text, R4_CIMPORTS, R4_IMPORTS, rules, R4_DUNDERS)
    if name != "bots/bot4.py" and any(module == "kozyr.durak.seeds" for _, module, _ in _imports(text)):
        problems.append("imports the seeds module outside the bot")
    for entry in R4_ENTRIES:
        if re.search(r"\bState\b", _signature(text, entry)):
            problems.append(f"entry point {entry} is handed a State")
    if re.search(r"(?m)^cdef\s+(?:public\s+|readonly\s+)?(?:const\s+)?State\b", text):
        problems.append("a State at module level")
    if name in R4_MEMORY and re.search(r"\bState\b", text):
        problems.append("the memory names a State")
    return problems


@pytest.mark.parametrize("name", R4_SOURCES)
def test_the_rung4_sources_reach_only_the_view_and_memory(name):
    assert r4_peeks(name, (SRC / name).read_text()) == []


def test_the_compiled_rung4_links_no_engine():
    import kozyr.durak.bots.rung4 as rung4
    blob = Path(rung4.__file__).read_bytes()
    for needle in (b"kozyr.durak.core.engine", b"kozyr.durak.oracle.reference", b"kozyr.durak.ladder", b"st_deal"):
        assert needle not in blob, needle


R4_PLANTED = [
    ('bots/rung4.pxd',
     'cdef inline int r4_best(const DView *v,',
     'cdef inline int r4_best(const State *real, const DView *v,'),
    ('bots/rung4.pxd',    # an opponent model handed the real deal to read the other hand from
     'cdef inline int r4_style(const Ask *a,',
     'cdef inline int r4_style(const State *real, const Ask *a,'),
    ('bots/rung4.pyx',    # the models' test face handed the real deal
     'def _style(view, str name, params=None):',
     'def _style(view, str name, State *real):'),
    ('bots/rung4.pxd',
     '\ncdef enum:',
     '\ncdef State peek\ncdef enum:'),
    ('bots/rung4.pxd',
     'from kozyr.durak.core.determinize cimport dt_build_belief',
     'from kozyr.durak.core.engine cimport Game\nfrom kozyr.durak.core.determinize cimport dt_build_belief'),
    ('bots/rung4.pxd',    # the search handed the real deal to read the other hand from
     'cdef inline int r4_flat(const DView *v,',
     'cdef inline int r4_flat(const State *real, const DView *v,'),
    ('bots/rung4.pxd',    # the memory's determinization back (it takes the deal's events)
     'from kozyr.durak.core.determinize cimport dt_build_belief',
     'from kozyr.durak.core.determinize cimport dt_build, dt_build_belief'),
    ('bots/rung4.pxd',    # the analysed search handed the real deal
     'cdef inline int r4_search(const DView *v,',
     'cdef inline int r4_search(const State *real, const DView *v,'),
    ('bots/rung4.pyx',    # the analysis handed a game to read the hidden hands from
     'def analyse(view, key, params=None, *, Scratch scratch=None, table=None):',
     'def analyse(view, key, params=None, *, Scratch scratch=None, table=None, game=None):\n    hidden = game.hands'),
    ('bots/rung4.pyx',    # the legal-list check handed the real deal's State
     'cdef int _fits(const DView *d) except -1:',
     'cdef int _fits(const DView *d, const State *real) except -1:'),
    ('bots/analysis.py',
     'from kozyr.durak.moves import Move',
     'from kozyr.durak.moves import Move\nfrom kozyr.durak import Game'),
    ('bots/analysis.py',
     '        return self.fool + self.draw / 2',
     '        return self.fool + self.draw / 2 + len(self.move.__dict__)'),
    ('core/determinize.pxd',   # the settled test handed the real deal to look at the talon
     'cdef inline bint dt_settled(const DView *v)',
     'cdef inline bint dt_settled(const State *real, const DView *v)'),
    ('core/determinize.pxd',   # the view's builder handed a State to copy the other hand from
     'cdef inline void dt_public(const DView *v,',
     'cdef inline void dt_public(const State *real, const DView *v,'),
    ('bots/rung4.pxd',
     'st_apply_legal, st_ask, st_legal,',
     'st_apply_legal, st_ask, st_view, st_legal,'),
    ('bots/rung4.pxd',
     'from kozyr.durak.core.seeds cimport fast_next, mix64',
     'from kozyr.durak.core.seeds cimport fast_next, mix64, sha_word'),
    ('bots/rung4.pxd',
     '    cdef State s, t\n',
     '    cdef State s, t\n    cdef const unsigned char *raw = <const unsigned char *>v\n'),
    ('bots/rung4.pyx',
     'def solve(view, *, budget=BUDGET, Scratch scratch=None, table=None):',
     'def solve(view, State *real):'),
    ('bots/rung4.pyx',
     'from kozyr.durak.moves import Move',
     'from kozyr.durak.moves import Move\nfrom kozyr.durak import Game'),
    ('core/memory.pxd',
     'from kozyr.durak.core.view cimport DView',
     'from kozyr.durak.core.view cimport DView\nfrom kozyr.durak.core.state cimport State'),
    ('core/memory.pxd',
     'cdef inline void mem_start(Memory *m, const DView *v)',
     'cdef inline void mem_start(Memory *m, const DView *v, const State *s)'),
    ('core/memory.pxd',
     '    cdef uint64_t b\n',
     "    cdef uint64_t b\n    cdef extern from 'peek.h':\n        int peek()\n"),
    ('core/determinize.pxd',
     'from kozyr.durak.core.state cimport State',
     'from kozyr.durak.core.state cimport State\nfrom kozyr.durak.core.deal cimport st_deal_rng'),
    ('memory.py',
     'from kozyr.durak.views import View',
     'from kozyr.durak.views import View\nfrom kozyr.durak import Game'),
    ('memory.py',
     '        other = 1 - self.seat\n',
     '        other = 1 - self.seat\n        hidden = event.__dict__\n'),
    ('bots/bot4.py',
     '        seed_text(self.seed)  # validates',
     '        seed_text(self.seed)\n        self.hidden = self.game.hands'),
    ('bots/bot4.py',
     'from kozyr.durak.views import View',
     'from kozyr.durak.views import View\nfrom kozyr.durak.seeds import pad_seed'),
    ('bots/bot4.py',      # the bot reading the other hand off a game it was handed
     '        scratch = self._scratches.scratch\n',
     '        scratch = self._scratches.scratch\n        other = self.game.hands[1 - view.seat]\n'),
]


def test_the_stop_module_knows_no_game():
    """rung 4 cimports `_stop` (its stop flag and Ctrl-C poll), which the checks above do not read:
    it must name nothing of a deal and cimport nothing but the signal check."""
    text = (SRC / "bots/_stop.pxd").read_text()
    assert [(kind, module) for kind, module, _ in _imports(text)] == [("cimport", "cpython.exc")]
    for pattern in (r"\bState\b", r"\bDView\b", r"\bMemory\b", r"(?i)\bdurak\.core", r"\bst_\w", r"(?i)engine",
                    r"\bGame\b", r"\binclude\b", r"\bmem(cpy|move)\b"):
        assert not re.search(pattern, text), pattern


@pytest.mark.parametrize("name,find,plant", R4_PLANTED)
def test_the_rung4_checker_catches_a_planted_peek(name, find, plant):
    text = (SRC / name).read_text()
    assert find in text, find
    assert r4_peeks(name, text.replace(find, plant, 1))


# -- the views themselves: at any table, what a seat has not seen cannot show in its view -------------
#
# Two deals that differ only in where two cards lie that a seat has never seen (in other hands beyond
# what everyone saw go there, or in the talon above its bottom card) have the same public history as
# long as their events and the seat on turn agree; the seat's view must then be the same, move for
# move, at every table.

BLIND_TABLES = [
    {}, {"seats": 3}, {"seats": 4}, {"seats": 5, "deck": 52, "throw_in": "neighbours"},
    {"seats": 6, "variant": "perevodnoy", "show_trump": True}, {"seats": 4, "deck": 24},
    {"seats": 6, "teams": True}, {"seats": 2, "deck": 24, "variant": "perevodnoy", "show_trump": True},
]


def _hidden_twin_views(options, seed):
    """(steps compared, whether the whole prefix replayed) for one deal and its hidden twin."""
    import random

    from kozyr.durak import Game, Rules

    rules = Rules(**options)
    rnd = random.Random(seed)
    game = Game.from_rng(seed, rules=rules)
    moves = []
    for _ in range(rnd.randrange(5, 120)):
        if game.over:
            break
        move = rnd.choice(game.legal_moves())
        moves.append((game.turn, move))
        game.apply(game.turn, move)
    seat = rnd.randrange(rules.seats)
    unseen = sorted(game.view(seat).unseen)
    where = {}
    for s, hand in enumerate(game.hands):
        for c in hand:
            where[c] = s
    pairs = [(a, b) for a in unseen for b in unseen if a < b and where.get(a, -1) != where.get(b, -1)]
    if not pairs:
        return 0, True
    a, b = rnd.choice(pairs)
    order = list(game.order)
    i, j = order.index(a), order.index(b)
    order[i], order[j] = order[j], order[i]
    real, twin = Game.from_order(game.order, rules=rules), Game.from_order(order, rules=rules)
    steps = 0
    for s, move in moves:
        if real.events != twin.events or (real.turn, real.phase) != (twin.turn, twin.phase):
            return steps, False                # the public histories part (an automatic take or pass
                                               # writes no event but moves the turn): the views may too
        assert real.view(seat) == twin.view(seat), (options, seed, steps)
        steps += 1
        real.apply(s, move)
        if twin.refusal(s, move) is not None:
            return steps, False
        twin.apply(s, move)
    if real.events == twin.events and (real.turn, real.phase) == (twin.turn, twin.phase):
        assert real.view(seat) == twin.view(seat), (options, seed, "end")
    return steps, True


@pytest.mark.parametrize("options", BLIND_TABLES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "two")
def test_twins_that_differ_only_in_hidden_cards_give_the_seat_the_same_view(options):
    compared = whole = 0
    for seed in range(40):
        steps, full = _hidden_twin_views(options, seed)
        compared += steps
        whole += full
    assert compared > 100 and whole > 10, (compared, whole)   # the check is not vacuous


def test_the_twin_check_catches_a_view_that_peeks():
    """A view that let slip a hidden card (here: the next talon card's suit, through a GameView
    whose unseen field is replaced by the talon) differs between such twins."""
    from kozyr.durak import Game, Rules

    rules = Rules(seats=4)
    game = Game.from_rng(3, rules=rules)
    order = list(game.order)
    k = 6 * rules.seats + 1                       # the first talon card and one below it: both unseen
    order[k], order[k + 1] = order[k + 1], order[k]
    twin = Game.from_order(order, rules=rules)
    assert game.view(0) == twin.view(0)
    assert game.talon != twin.talon               # what a peeking view would show


# -- the panel (kozyr.durak.bots.panel): Python bots of the view alone ------------------------------------
#
# The same checks as the rungs', read from the panel's source: it may import the view's vocabulary
# (`Move`, `View`), the settings (`Params`) and `Bot` (spsa3, the tuned rung 3, is a rung with other settings,
# and rungs 1-3 are held blind above); `__future__` and `__all__` are its only dunders.

PANEL_IMPORTS = {**ALLOWED_IMPORTS, "__future__": {"annotations"}, "kozyr.durak.bots.bot": {"Bot"},
                 "collections.abc": {"Mapping", "Callable"}}
PANEL_DUNDERS = {"__future__", "__all__"}


def panel_peeks(text: str) -> list[str]:
    """Every way panel source `text` could reach beyond the view it is handed."""
    problems = []
    for kind, module, names in _imports(text):
        if kind == "cimport" or module not in PANEL_IMPORTS or not names or not names <= PANEL_IMPORTS[module]:
            problems.append(f"{kind}s {module} {sorted(names)}")
    for pattern, why in FORBIDDEN:
        for m in re.finditer(pattern, text):
            if pattern == r"__\w+__" and m.group(0) in PANEL_DUNDERS:
                continue
            problems.append(f"line {text.count(chr(10), 0, m.start()) + 1}: {why}: {m.group(0)!r}")
    return problems


def test_the_panel_reaches_only_the_view():
    assert panel_peeks((SRC / "bots/panel.py").read_text()) == []


def test_the_loaded_panel_holds_no_game_objects():
    import kozyr.durak.bots.panel as panel

    for name, value in vars(panel).items():
        if name.startswith("__"):
            continue
        module = getattr(value, "__module__", None) or getattr(type(value), "__module__", "")
        assert type(value).__name__ != "module", name
        assert not str(module).startswith((
            "kozyr.durak.core", "kozyr.durak.oracle.reference", "kozyr.durak.ladder")), name


PANEL_PLANTED = [
    "from kozyr.durak import Game\n",
    "from kozyr.durak.ladder.replays import deal_game\n",
    "import gc\n",
    "hidden = view.__class__\n",
    "hidden = getattr(view, '_game')\n",
    "from kozyr.durak.seeds import pad_seed\n",
    "from kozyr.durak.oracle.reference import Game as Twin\n",
    "import kozyr.durak.core.engine\n",
]


@pytest.mark.parametrize("plant", PANEL_PLANTED)
def test_the_panel_checker_catches_a_planted_peek(plant):
    text = (SRC / "bots/panel.py").read_text()
    cut = text.index("def shedder(")
    body = text.index("\n", text.index('"""', text.index('"""', cut) + 3)) + 1
    planted = text[:body] + "    " + plant.rstrip() + "\n" + text[body:]
    assert panel_peeks(planted), plant
    assert panel_peeks(plant + text), plant


# -- the learned rung (kozyr.durak.learn._learned, kozyr.durak.learn.learned): a network over the observation ---
#
# Its C (`net_move`, a native bot's function) is handed the seat's DView and reads it only through the
# encoder every RL face uses (_encode.pxd: enc_obs, the observation of the view alone); the rest is the
# network's arithmetic on its own weights. So its cimports are the view struct, the encoder's names, the
# allocator and the capsule functions (the weights live in a capsule), and nothing names the engine, a State,
# a Game, a seed or another seat's cards. The Python face (learned.py) reads the view through `observe`.

LEARNED_SOURCES = ("learn/_learned.pyx", "learn/_learned.pyi", "learn/learned.py")
LEARNED_CIMPORTS = {
    "cpython.pycapsule": {"PyCapsule_GetPointer", "PyCapsule_IsValid", "PyCapsule_New"},
    "libc.stdlib": {"free", "malloc"}, "libc.string": {"memcpy"},
    "kozyr.durak.learn._encode": {"N_ACTIONS", "OBS_SIZE", "action_of_code", "enc_obs", "enc_table_ok"},
    "kozyr.durak.core.view": {"DView"},
}
LEARNED_IMPORTS: dict[str, set[str] | None] = {
    "__future__": {"annotations"}, "numpy": None, "numpy.typing": None, "typing": {"Any"},
    "hashlib": None, "io": None, "zipfile": None, "dataclasses": {"dataclass"}, "pathlib": {"Path"},
    "kozyr.errors": {"KozyrError", "shown"}, "kozyr.files": {"read_bytes"},
    "kozyr.durak.learn": {"_learned"}, "kozyr.durak.moves": {"Move"},
    "kozyr.durak.learn.encoding": {"N_ACTIONS", "OBS_SIZE", "observe", "move_of",
                             "table_encoding"},   # which tables it plays: of the Rules, not of a deal
    # a native bot's Python face (its capsules, its words: the learned rung draws none)
    "kozyr.durak.bots.sides": {"NativeBot"},
    # the type a view of the compiled engine has (the C path takes it, as the ladder does)
    "kozyr.durak.core.gameview": {"GameView"},
}
LEARNED_FORBIDDEN = ENGINE_NAMES + [
    (r"(?i)reference", "names the reference engine"),
    (r"\bhands\b|talon_last|\bdrawn\b|six_owner|\.order\b|\bunseen\b", "names another seat's or the talon's cards"),
    (r"(?i)shuffl|\bdeck\b", "names the deck"),
    (r"\bextern\b|\binclude\b", "pulls in outside C"),
    # casts only to the network's own block, the capsule's void pointer or the floats it holds
    (r"<\s*(?!(?:const\s+)?(?:Net|void|float)\s*\*+\s*>)(const\s+)?[A-Za-z_][\w\s]*\*+\s*>", "casts to a pointer"),
    (r"\b(gc|sys|inspect|ctypes|importlib|builtins)\b", "imports an introspection module"),
    # (a builtin, not a method: the weights' zip members are read by `zipped.open(member)`)
    (r"(?<![.\w])(globals|locals|vars|eval|exec|compile|open)\s*\(|getattr\(", "calls an introspection builtin"),
]
# (__file__: where the shipped weights file lies, beside the module)
LEARNED_DUNDERS = {"__future__", "__all__", "__init__", "__call__", "__reduce__", "__repr__", "__file__"}


def learned_peeks(text: str) -> list[str]:
    """Every way the learned rung's source `text` could reach beyond the seat's view."""
    problems = _peeks(text, LEARNED_CIMPORTS, LEARNED_IMPORTS, LEARNED_FORBIDDEN, LEARNED_DUNDERS)
    if re.search(r"\bState\b", _signature(text, "net_move")) or "DView" not in _signature(text, "net_move") \
            and "net_move" in text and "cdef int net_move" in text:
        problems.append("net_move is handed more than the view")
    return problems


@pytest.mark.parametrize("name", LEARNED_SOURCES)
def test_the_learned_rung_reaches_only_the_view(name):
    assert learned_peeks((SRC / name).read_text()) == []


def test_the_compiled_learned_rung_links_no_engine():
    import kozyr.durak.learn._learned as learned

    blob = Path(learned.__file__).read_bytes()
    for needle in (b"kozyr.durak.core.engine", b"kozyr.durak.oracle.reference", b"st_view", b"st_apply", b"st_deal"):
        assert needle not in blob, needle


LEARNED_PLANTED = [
    ("learn/_learned.pyx", "from kozyr.durak.core.view cimport DView",
     "from kozyr.durak.core.view cimport DView\nfrom kozyr.durak.core.state cimport State"),
    ("learn/_learned.pyx", "cdef int net_move(const DView *v,", "cdef int net_move(const State *real, const DView *v,"),
    ("learn/_learned.pyx", "    enc_obs(v, obs)\n", "    enc_obs(v, obs)\n    obs[0] = (v + 1).hand\n"),
    ("learn/_learned.pyx", "    enc_obs(v, obs)\n",
     "    enc_obs(v, obs)\n    obs[0] = (<const unsigned char *>v)[900]\n"),
    ("learn/_learned.pyx", "from kozyr.durak.learn._encode cimport",
     "from kozyr.durak.core.rules cimport st_view\nfrom kozyr.durak.learn._encode cimport"),
    ("learn/learned.py", "from kozyr.durak.moves import Move",
     "from kozyr.durak.moves import Move\nfrom kozyr.durak import Game"),
    ("learn/learned.py", "        obs, mask = observe(view)\n",
     "        obs, mask = observe(view)\n        hidden = view._game.hands\n"),
    ("learn/learned.py", "from kozyr.durak.moves import Move", "from kozyr.durak.moves import Move\nimport gc"),
    ("learn/learned.py", "        obs, mask = observe(view)\n",
     "        obs, mask = observe(view)\n        other = view.__class__\n"),
]


@pytest.mark.parametrize(("name", "find", "plant"), LEARNED_PLANTED)
def test_the_learned_checker_catches_a_planted_peek(name, find, plant):
    text = (SRC / name).read_text()
    assert find in text, find
    assert learned_peeks(text.replace(find, plant, 1)), plant
