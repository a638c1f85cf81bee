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
from pathlib import Path

import pytest

import kozyr.durak.rungs as rungs

SRC = Path(__file__).resolve().parents[2] / "src" / "kozyr" / "durak"
SOURCES = ("rungs.pyx", "rungs.pxd", "rungs.pyi")

# _gameview: the view object Game.view hands out, a copy of one seat's DView and nothing else
ALLOWED_CIMPORTS = {"libc.stdint", "kozyr.cards", "kozyr.durak._view", "kozyr.durak.rungs",
                    "kozyr.durak._gameview"}
ALLOWED_IMPORTS = {
    "kozyr.durak.codes": {"PHASES"}, "kozyr.durak.moves": {"Move"}, "kozyr.durak.views": {"View"},
    "kozyr.errors": {"KozyrError", "shown"}, "typing": {"Optional", "Mapping", "Union"}, "operator": {"index"},
    "collections.abc": {"Mapping"},
    # the rungs' settings: a frozen dataclass of ints with their ranges, which holds no game state
    "kozyr.durak.params": {"Params"},
}

FORBIDDEN = [
    # the engine and what only it holds
    (r"(?i)engine", "names the engine"),
    (r"\bState\b", "names the engine's State"),
    (r"\bst_\w", "calls an engine st_ function"),
    (r"\bSink\b|\bfast_(next|below)\b", "names engine internals"),
    (r"\bGame\b", "names a Game"),
    (r"(?i)histor", "names a history"),
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
    for needle in (b"kozyr.durak._engine", b"kozyr.durak.reference", b"kozyr.durak.ladder", b"st_view", b"st_apply"):
        assert needle not in blob, needle


def test_the_loaded_module_holds_no_game_objects():
    allowed_modules = set()
    for name, value in vars(rungs).items():
        if name.startswith("__"):
            continue
        module = getattr(value, "__module__", None) or getattr(type(value), "__module__", "")
        assert type(value).__name__ != "module" or value.__name__ in allowed_modules, name
        assert not str(module).startswith(("kozyr.durak._engine", "kozyr.durak.reference")), name


PLANTED = [
    "from kozyr.durak._engine cimport State\n",
    "from kozyr.durak._engine cimport (\n    st_view,\n)\n",
    "cimport kozyr.durak._engine as e\n",
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
    "from kozyr.durak._state cimport State\n",
    "from kozyr.durak._rules cimport st_view\n",
]


@pytest.mark.parametrize("plant", PLANTED)
def test_the_checker_catches_a_planted_peek(plant):
    text = (SRC / "rungs.pxd").read_text()  # the kernel lives there, so that the ladder inlines it
    cut = text.index("cdef inline int best_move(")
    body = text.index("\n", text.index("cdef int n = v.nlegal", cut)) + 1
    planted = text[:body] + "    " + plant.replace("\n", "\n    ").rstrip() + "\n" + text[body:]
    top = plant + text
    assert peeks(planted), plant
    assert peeks(top), plant
