"""Sphinx configuration for the kozyr docs site (MyST Markdown, furo theme).

Build (warnings are errors, as in the test suite):

    python setup.py build_ext --inplace      # autodoc imports the compiled modules
    python -m sphinx -W --keep-going -b html docs /tmp/docs-out
"""
from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

# autodoc documents the source tree when its extensions are built in place
# (`python setup.py build_ext --inplace`); otherwise the installed kozyr (`pip install .`,
# as CI does). A source tree without its compiled modules cannot be imported at all.
SRC = Path(__file__).resolve().parent.parent / "src"
if any((SRC / "kozyr" / f"cards{suffix}").exists() for suffix in EXTENSION_SUFFIXES):
    sys.path.insert(0, str(SRC))

# Sphinx 9 documents a compiled module from its .pyi stub when one sits next to it, and
# executes the stub in place of the module (breaking every import of kozyr.cards after it).
# The compiled modules carry their own docstrings and embedded signatures: use them.
os.environ["SPHINX_AUTODOC_IGNORE_NATIVE_MODULE_TYPE_STUBS"] = "1"

import kozyr  # noqa: E402

try:
    import kozyr.cards  # noqa: E402, F401
except ImportError as exc:  # pragma: no cover - a message for whoever builds the docs
    raise RuntimeError("install kozyr or build it in place: python setup.py build_ext --inplace") from exc

project = "kozyr"
author = "the kozyr authors"
copyright = "kozyr authors"
release = kozyr.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

myst_enable_extensions: list[str] = []
myst_heading_anchors = 3

html_theme = "furo"
html_title = f"kozyr {release}"

# The docstrings write `name` (one backtick) for code, in the Markdown habit. In reST that
# is the default role, which would render it as italic "title" text: show it as code.
# (Not "py:obj": short names such as `.code` match several classes, and the link would
# pick one of them silently.)
default_role = "literal"

# -- autodoc -----------------------------------------------------------------
# The Cython modules are compiled with embedsignature, so their first docstring
# line is the signature: autodoc_docstring_signature (on by default) lifts it.
autodoc_docstring_signature = True
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# Show defaults as written (`config=DEFAULT_CONFIG`), not the repr of a whole configuration.
autodoc_preserve_defaults = True
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}
# Only optional extras may be mocked; the core (numpy, the compiled modules) must import for real.
autodoc_mock_imports: list[str] = []


def _drop_opaque_class_signature(app, what, name, obj, options, signature, return_annotation):
    """A compiled class without an __init__ of its own reports `(*args, **kwargs)`, which says
    nothing (durak's `Game` is built with `from_seed`, `from_order` or `from_rng`): show none."""
    if what in ("class", "exception") and signature == "(*args, **kwargs)":
        return "", return_annotation
    return None


def _drop_object_base(app, name, obj, options, bases):
    """`Bases: object` on every plain class is noise; real bases (`ValueError`, ...) stay."""
    if list(bases) == [object]:
        bases.clear()


def _draw_pictures(app):
    """docs/pictures.md shows what kozyr.svg draws now: the pictures are made at each build, never stored."""
    from kozyr import svg
    from kozyr.durak import Game, pad_seed
    from kozyr.durak.ladder import replay
    from kozyr.durak.records import picture
    from kozyr.hokm import GreedyBot, Hand

    game = Game.from_seed(pad_seed("durak-one"))
    game.apply(0, "attack 8H")
    hand = Hand(0, rng=7)
    hand.choose_trump(0, GreedyBot().choose_trump(hand.view(0)))
    for _ in range(6):
        hand.play(hand.to_act, GreedyBot().play(hand.view(hand.to_act)))
    pictures = {
        "durak_view": svg.durak_svg(game.view(1)),
        "durak_record": picture(replay(3, 2, "ladder", 17)),
        "hokm_view": svg.hokm_view_svg(hand.view(hand.to_act)),
        "cards": svg.cards_svg("AS TD 6C QH"),
    }
    out = Path(app.srcdir) / "_generated"
    out.mkdir(exist_ok=True)
    for name, text in pictures.items():
        tmp = out / f".{name}.svg.tmp"
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, out / f"{name}.svg")


def _drop_empty_bases(app, doctree):
    """With `object` dropped (above), autodoc still writes an empty "Bases:" line under such a class
    (Sphinx 9 renders it whatever the bases): take those paragraphs out of the page."""
    from docutils import nodes

    for para in list(doctree.findall(nodes.paragraph)):
        if para.astext().strip() == "Bases:":
            para.parent.remove(para)


def setup(app):
    app.connect("doctree-read", _drop_empty_bases)
    app.connect("builder-inited", _draw_pictures)
    app.connect("autodoc-process-signature", _drop_opaque_class_signature)
    app.connect("autodoc-process-bases", _drop_object_base)
