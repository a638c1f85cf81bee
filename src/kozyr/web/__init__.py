"""kozyr.web: a web table where a person plays durak and hokm against the bots, and replays deals.

`kozyr serve` starts it on 127.0.0.1: a page (its own small script, no
framework) talks JSON to a WSGI application (`kozyr.web.app.WebApp`) served
by the standard library (`kozyr.web.server`). Every game is played by the
same engine API as everywhere (`kozyr.durak.Game`, `kozyr.hokm.Match`), with
the same refusals; each browser session has its own games; records are saved
atomically into one folder and replayed from there or from an upload; a
ladder's deal can be watched by its seed and index. The page is described in
docs/web.md.

The package is part of the shell: it uses the libraries and the terminal
games' wording (`kozyr.web.words`); no library imports it.
"""
from kozyr.web.app import WebApp
from kozyr.web.server import make_server, serve

__all__ = ["WebApp", "make_server", "serve"]
