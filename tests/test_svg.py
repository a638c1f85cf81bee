"""kozyr.svg (issue 27, item 5): every picture is well-formed SVG that shows what the view holds, draws the
suits as paths (no font needed), and looks the same as its snapshot; notebooks get it via `_repr_svg_`.

Snapshots live in tests/svg_snapshots/; after a deliberate change to a picture, rewrite them with
`KOZYR_SNAPSHOTS=write python -m pytest tests/test_svg.py` and look at the pictures before committing.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import kozyr.durak as durak
from kozyr import svg
from kozyr.cards import CardSet, card_name
from kozyr.durak.ladder import replay
from kozyr.durak.records import picture, to_record
from kozyr.errors import KozyrError
from kozyr.hokm import GreedyBot, Hand, Trick
from kozyr.hokm.trick import resolve_trick

NS = {"s": "http://www.w3.org/2000/svg"}
SNAPSHOTS = Path(__file__).resolve().parent / "svg_snapshots"


def _parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert float(root.get("width", "0")) > 0 and float(root.get("height", "0")) > 0
    return root


def _cards_drawn(root: ET.Element) -> list[str]:
    return [g.get("data-card", "") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "card"]


def _no_font_suits(text: str) -> None:
    """Suits are paths: no text node may hold a suit symbol or a playing-card character (U+1F0A0..U+1F0FF)."""
    for el in _parse(text).iter("{http://www.w3.org/2000/svg}text"):
        words = el.text or ""
        assert not set(words) & set("♠♥♦♣♤♡♢♧"), words
        assert not any(0x1F0A0 <= ord(ch) <= 0x1F0FF for ch in words), words


def _durak_game() -> durak.Game:
    game = durak.Game.from_seed(durak.pad_seed("durak-one"))
    game.apply(0, "attack 8H")
    return game


def _hokm_hand() -> Hand:
    hand = Hand(0, rng=7)
    hand.choose_trump(0, GreedyBot().choose_trump(hand.view(0)))
    for _ in range(6):                 # one whole trick and two cards of the next
        seat = _to_act(hand)
        hand.play(seat, GreedyBot().play(hand.view(seat)))
    return hand


def _to_act(hand: Hand) -> int:
    assert hand.to_act is not None
    return hand.to_act


def test_a_row_of_cards_draws_each_card_once_with_its_suit_as_a_path() -> None:
    text = svg.cards_svg(CardSet("AS TD 6C"))
    root = _parse(text)
    assert sorted(_cards_drawn(root)) == ["6C", "AS", "TD"]
    paths = [p.get("class") for p in root.iter("{http://www.w3.org/2000/svg}path")]
    assert paths.count("suit-S") == 2 and paths.count("suit-D") == 2 and paths.count("suit-C") == 2
    ranks = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert ranks == ["A", "10", "6"]       # the ten is written 10, not T
    _no_font_suits(text)
    assert svg.cards_svg([]).count('class="card"') == 0


def test_the_durak_picture_shows_what_the_view_holds() -> None:
    game = _durak_game()
    view = game.view(1)
    root = _parse(svg.durak_svg(view))
    drawn = _cards_drawn(root)
    hand = [card_name(c) for c in view.hand]
    table = [card_name(c) for pair in view.bout.pairs for c in pair if c is not None]
    turnup = [card_name(view.turnup)] if view.turnup is not None else []
    assert view.bout.to_beat is not None
    assert sorted(drawn) == sorted(hand + table + turnup)
    backs = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class", "").startswith("back")]
    assert sum(g.get("class") == "back other" for g in backs) == view.counts[0]
    words = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert f"talon {view.talon}" in words and f"heap {view.heap}" in words
    # the legal cards of the seat on turn are marked; the seat not on turn has none marked
    marked = {g.get("data-card") for g in root.iter("{http://www.w3.org/2000/svg}g")
              if g.get("class") == "card" and g.findall("s:rect", NS)[0].get("stroke-width") == "2.5"}
    legal = {card_name(m.card) for m in view.legal if m.card is not None}
    assert marked == legal | {card_name(view.bout.to_beat)}
    assert svg.durak_svg(view) == svg.durak_svg(view.as_view())      # the dataclass draws the same
    _no_font_suits(svg.durak_svg(game.view(0)))


def test_the_durak_picture_of_a_finished_deal_names_the_fool() -> None:
    game = replay(3, 2, "ladder", 17)
    words = " ".join(t.text or "" for t in _parse(svg.durak_svg(game.view(0))).iter("{http://www.w3.org/2000/svg}text"))
    assert f"seat {game.result.fool} is the fool" in words


def test_the_record_strip_has_a_column_per_bout_and_every_table_card() -> None:
    game = replay(3, 2, "ladder", 17)
    strip = picture(game)
    root = _parse(strip)
    ends = [e for e in game.events if e.kind == "bout_end"]
    labels = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")
              if t.text in ("taken", "beaten off", "open")]
    assert labels == ["taken" if e.taken else "beaten off" for e in ends]
    played = sorted(card_name(e.card) for e in game.events if e.kind in ("attack", "beat"))
    assert sorted(_cards_drawn(root)) == played
    assert picture(to_record(game)) == strip      # a record dict is replayed first
    _no_font_suits(strip)


def test_hokm_trick_and_view_pictures() -> None:
    hand = _hokm_hand()
    view = hand.view(_to_act(hand))
    done = view.completed[0]
    root = _parse(svg.hokm_trick_svg(done))
    assert sorted(_cards_drawn(root)) == sorted(card_name(c) for _, c in done.plays)
    words = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert f"seat {done.result.seat} (team {done.result.team}) takes it" in words
    root = _parse(svg.hokm_view_svg(view))
    assert sorted(_cards_drawn(root)) == sorted([card_name(c) for c in view.hand] +
                                                [card_name(c) for _, c in view.trick])
    # an unfinished Trick is drawn with whoever holds it so far
    t = Trick(0, [(0, 12), (1, 14)])
    root = _parse(svg.hokm_trick_svg(t))
    assert len(_cards_drawn(root)) == 2


def test_notebooks_get_the_pictures() -> None:
    game = _durak_game()
    hand = _hokm_hand()
    view = hand.view(_to_act(hand))
    trick = Trick(0, [(0, 12), (1, 14), (2, 30), (3, 2)])
    assert CardSet("AS KH")._repr_svg_() == svg.cards_svg(CardSet("AS KH"))
    assert game.view(0)._repr_svg_() == svg.durak_svg(game.view(0))
    assert game.view(0).as_view()._repr_svg_() == svg.durak_svg(game.view(0))
    assert view._repr_svg_() == svg.hokm_view_svg(view)
    assert view.completed[0]._repr_svg_() == svg.hokm_trick_svg(view.completed[0])
    assert trick._repr_svg_() == svg.hokm_trick_svg(trick, winner=resolve_trick(trick))   # who holds it, outlined


@pytest.mark.parametrize("call", [
    lambda: svg.durak_svg(42), lambda: picture("not a game"),  # type: ignore[arg-type]
    lambda: svg.durak_record_svg(None, trump=0),
    lambda: svg.hokm_trick_svg(None),
    lambda: svg.hokm_view_svg(CardSet("AS")), lambda: svg.cards_svg([99]), lambda: svg.cards_svg("XZ"),
    lambda: svg.preferans_svg(CardSet("AS")),
])
def test_bad_input_is_one_kozyr_error(call) -> None:
    with pytest.raises(KozyrError):
        call()


def _preferans_game(moves: int = 10):
    """Example 1 of the preferans rules, after `moves` moves: B whists alone and open; at 10, B chooses C's card."""
    from kozyr.preferans import Game

    game = Game.from_seed(b"kozyr-preferans-3".ljust(32), 1, players=("A", "B", "C"), dealer=2)
    script = [(0, "bid 6S"), (1, "pass"), (2, "pass"), (0, "discard QS 7D"), (0, "name 6H"), (1, "whist"),
              (2, "pass"), (1, "open"), (0, "play AH"), (1, "play JH")]
    for seat, move in script[:moves]:
        game.apply(seat, move)
    return game


def test_the_preferans_picture_shows_only_what_the_view_holds() -> None:
    game = _preferans_game()
    for seat in range(3):
        view = game.view(seat)
        text = svg.preferans_svg(view)
        _no_font_suits(text)
        drawn = _cards_drawn(_parse(text))
        visible = set(view.hand) | {c for h in view.open_hands.values() for c in h} | set(view.talon)
        visible |= {c for _, c in view.trick.plays} if view.trick is not None else set()
        assert set(drawn) == {card_name(c) for c in visible}, (seat, drawn)
        assert view._repr_svg_() == text
    # B, on turn for C: C's hand is face up in B's picture, A's hand is backs (A is the declarer, never open)
    b = _parse(svg.preferans_svg(game.view(1)))
    assert "KS" in _cards_drawn(b) and "QC" not in _cards_drawn(b)          # QC is A's, hidden
    backs = [g for g in b.iter("{http://www.w3.org/2000/svg}g") if (g.get("class") or "").startswith("back")]
    assert len(backs) == 9                                                  # A's nine cards face down
    # the declarer at the talon: twelve cards, the talon shown face up
    talon = _parse(svg.preferans_svg(_preferans_game(3).view(0)))
    assert len(_cards_drawn(talon)) == 12 + 2


SNAPSHOT_CASES = {
    "cards": lambda: svg.cards_svg("AS TD 6C QH"),
    "durak_view": lambda: svg.durak_svg(_durak_game().view(1)),
    "durak_record": lambda: picture(replay(3, 2, "ladder", 17)),
    "hokm_view": lambda: (lambda hand: svg.hokm_view_svg(hand.view(_to_act(hand))))(_hokm_hand()),
    "preferans_view": lambda: svg.preferans_svg(_preferans_game().view(1)),
}


@pytest.mark.parametrize("name", sorted(SNAPSHOT_CASES))
def test_snapshot(name: str) -> None:
    text = SNAPSHOT_CASES[name]()
    path = SNAPSHOTS / f"{name}.svg"
    if os.environ.get("KOZYR_SNAPSHOTS") == "write":
        SNAPSHOTS.mkdir(exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(text + "\n", encoding="utf-8")
        os.replace(tmp, path)
    assert path.read_text(encoding="utf-8") == text + "\n", f"{name} changed; see this module's docstring"


def _browser() -> str | None:
    for name in ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome", "headless_shell"):
        found = shutil.which(name)
        if found:
            return found
    lib = Path("/usr/lib/chromium/headless_shell")
    return str(lib) if lib.exists() else None


@pytest.mark.skipif(_browser() is None,
                    reason="no headless Chromium here (apt-get install chromium-headless-shell)")
def test_a_headless_browser_draws_the_position(tmp_path: Path) -> None:
    """One real look: Chromium renders the picture; the red of the hearts and the blue of the backs are there."""
    image = pytest.importorskip("matplotlib.image")
    page = tmp_path / "view.svg"
    page.write_text(svg.durak_svg(_durak_game().view(1)), encoding="utf-8")
    shot = tmp_path / "view.png"
    browser = _browser()
    assert browser is not None
    run = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                          f"--screenshot={shot}", "--window-size=600,360", page.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert shot.is_file(), run.stderr[-2000:]
    px = image.imread(str(shot))[..., :3]
    red = ((px[..., 0] > 0.7) & (px[..., 1] < 0.2) & (px[..., 2] < 0.3)).sum()
    blue = ((px[..., 2] > 0.45) & (px[..., 0] < 0.25) & (px[..., 1] < 0.4)).sum()
    felt = ((abs(px[..., 0] - 0.91) < 0.02) & (abs(px[..., 1] - 0.945) < 0.02)).sum()
    assert red > 300, red          # 8♥ on the table and the hearts in the hand
    assert blue > 2000, blue       # the other seat's five backs and the talon
    assert felt > 0.3 * px.shape[0] * px.shape[1]
