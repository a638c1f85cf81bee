"""Every name renamed so that a word means one thing keeps working for one release, and warns.

In kozyr "table" means a `Rules` of N seats and nothing else, and the panel's
bot no longer shares its name with the tuning room: rung 4's `Table` is
`Scratch` (and its searches' `table=` is `scratch=`), `Game.table` is
`Game.bout_cards`, the setting `TABLE_RULES` is `VARIANT_PLAY`, and the panel
bot `tuned` is `spsa3` (`TUNED` its settings' `SPSA3_SETTINGS`). Each old name
gives what the new one gives, with a DeprecationWarning naming both and
kozyr 0.5 (`kozyr.durak._moved.warn_old_name`, the one message); the shell takes the
panel's old name with a one-line note.
"""
from __future__ import annotations

import json

import pytest

from kozyr.durak import Game, Params, Rules, View
from kozyr.errors import KozyrError

OLD_GOES = r"the old name works until kozyr 0\.5"


def _endgame_view() -> View:
    """A two-seat view of a deal whose talon is empty and whose seat on turn has a choice (the solver plays it)."""
    for seed in range(200):
        game = Game.from_rng(seed)
        while not game.over and (game.talon or len(game.legal_moves()) < 2):
            turn = game.turn
            assert turn is not None
            game.apply(turn, game.legal_moves()[0])
        if not game.over:
            assert game.turn is not None
            return game.view(game.turn)
    raise AssertionError("no endgame with a choice in 200 deals")


# -- rung 4's Table is Scratch ---------------------------------------------------------------------------


def test_rung4_table_is_scratch_with_a_warning() -> None:
    from kozyr.durak.bots import rung4

    with pytest.warns(DeprecationWarning, match=rf"rung4\.Table is kozyr\.durak\.bots\.rung4\.Scratch now; {OLD_GOES}"):
        from kozyr.durak.bots.rung4 import Table
    assert Table is rung4.Scratch
    assert "Scratch" in rung4.__all__ and "Table" not in rung4.__all__
    with pytest.raises(AttributeError, match="no attribute 'Tables'"):
        rung4.Tables  # type: ignore[attr-defined]  # noqa: B018 (only the old names are answered)


def test_the_searches_take_table_as_scratch_with_a_warning() -> None:
    from kozyr.durak.bots.rung4 import Scratch, analyse, best4, solve

    view = _endgame_view()
    for name, call in (("best4", lambda **kw: best4(view, 7, **kw)), ("analyse", lambda **kw: analyse(view, 7, **kw)),
                       ("solve", lambda **kw: solve(view, **kw))):
        new = call(scratch=Scratch())
        says = rf"rung4\.{name}\(table=\.\.\.\) is kozyr\.durak\.bots\.rung4\.{name}\(scratch=\.\.\.\) now"
        with pytest.warns(DeprecationWarning, match=says):
            old = call(table=Scratch())
        assert old == new, name
        with pytest.raises(TypeError, match="both scratch= and table="):
            call(scratch=Scratch(), table=Scratch())


# -- Game.table is Game.bout_cards ---------------------------------------------------------------------


def test_game_table_is_bout_cards_with_a_warning() -> None:
    game = Game.from_rng(5)
    turn = game.turn
    assert turn is not None
    game.apply(turn, next(m for m in game.legal_moves() if m.kind == "attack"))
    assert len(game.bout_cards) == 1
    says = rf"kozyr\.durak\.Game\.table is kozyr\.durak\.Game\.bout_cards now; {OLD_GOES}"
    with pytest.warns(DeprecationWarning, match=says):
        assert game.table == game.bout_cards


def test_the_oracle_twin_s_table_is_bout_cards_with_a_warning() -> None:
    from kozyr.durak.oracle.reference_variants import Game as Twin

    rules = Rules(seats=3)
    engine = Game.from_rng(5, rules=rules)
    twin = Twin.from_order(engine.order, rules=rules)
    turn = twin.turn
    assert turn is not None
    move = next(m for m in twin.legal_moves() if m.kind == "attack")
    twin.apply(turn, move)
    engine.apply(turn, move)
    assert len(twin.bout_cards) == 1 and twin.bout_cards == engine.bout_cards
    with pytest.warns(DeprecationWarning, match=r"reference_variants\.Game\.table is .*Game\.bout_cards now"):
        assert twin.table == twin.bout_cards


# -- the setting TABLE_RULES is VARIANT_PLAY ------------------------------------------------------------

VARIANT = rf"the setting TABLE_RULES is VARIANT_PLAY now; {OLD_GOES}"


def test_params_take_table_rules_as_variant_play_with_a_warning() -> None:
    from kozyr.durak.params import param_name

    with pytest.warns(DeprecationWarning, match=VARIANT):
        assert Params(TABLE_RULES=13) == Params(VARIANT_PLAY=13)  # type: ignore[call-arg]
    with pytest.warns(DeprecationWarning, match=VARIANT):
        assert Params.of({"table_rules": 5}) == Params(VARIANT_PLAY=5)
    with pytest.warns(DeprecationWarning, match=VARIANT):
        assert Params().replace(TABLE_RULES=3) == Params(VARIANT_PLAY=3)
    with pytest.warns(DeprecationWarning, match=VARIANT):
        assert param_name(" Table_Rules ") == "VARIANT_PLAY"
    says = rf"kozyr\.durak\.Params\.TABLE_RULES is kozyr\.durak\.Params\.VARIANT_PLAY now; {OLD_GOES}"
    with pytest.warns(DeprecationWarning, match=says):
        assert Params(VARIANT_PLAY=6).TABLE_RULES == 6


def test_the_old_setting_name_is_checked_as_the_new_one() -> None:
    with pytest.warns(DeprecationWarning, match=VARIANT), pytest.raises(KozyrError) as info:
        Params(TABLE_RULES=16)  # type: ignore[call-arg]
    assert info.value.code == "bad_variant_play"
    with pytest.warns(DeprecationWarning, match=VARIANT), pytest.raises(KozyrError) as info:
        Params(TABLE_RULES=1, VARIANT_PLAY=2)  # type: ignore[call-arg]
    assert info.value.code == "bad_param" and "given twice" in str(info.value)


def test_a_tuning_space_and_the_shell_take_the_old_setting_name(capsys: pytest.CaptureFixture[str]) -> None:
    from kozyr import cli
    from kozyr.durak.tuning.space import rung_space

    with pytest.warns(DeprecationWarning, match=VARIANT):
        assert rung_space(["table_rules"], None, rung=3, base=None, lower=None, upper=None).names == ["VARIANT_PLAY"]
    args = ["ladder", "3", "2", "--seats", "3", "--deals", "30", "--json"]
    with pytest.warns(DeprecationWarning, match=VARIANT):
        old = cli.main([*args, "--set", "TABLE_RULES=13"])
    old_out = _played(capsys.readouterr().out)
    new = cli.main([*args, "--set", "VARIANT_PLAY=13"])
    assert old == new == 0 and old_out == _played(capsys.readouterr().out)
    assert old_out["params"] == {"VARIANT_PLAY": 13}


def _played(out: str) -> dict[str, object]:
    """A ladder's --json without its timings (the run's own, not what was played)."""
    return {k: v for k, v in json.loads(out).items() if k not in ("seconds", "cpu_seconds", "deals_per_second")}


# -- the panel's tuned is spsa3 ----------------------------------------------------------------------------


def test_the_panel_s_tuned_is_spsa3_with_a_warning() -> None:
    from kozyr.durak.bots import panel
    from kozyr.durak.bots.sides import NAMES, resolve
    from kozyr.durak.bots.userbots import BotSpec

    with pytest.warns(DeprecationWarning, match=rf"panel\.tuned is kozyr\.durak\.bots\.panel\.spsa3 now; {OLD_GOES}"):
        from kozyr.durak.bots.panel import tuned  # type: ignore[attr-defined]
    assert tuned is panel.spsa3
    with pytest.warns(DeprecationWarning, match=r"panel\.TUNED is kozyr\.durak\.bots\.panel\.SPSA3_SETTINGS now"):
        assert panel.TUNED == panel.SPSA3_SETTINGS  # type: ignore[attr-defined]
    assert panel.SPSA3_SETTINGS == Params(CHEAP_POWER=-1, DEEP_TALON=4)
    with pytest.warns(DeprecationWarning, match=rf"the panel bot 'tuned' is 'spsa3' now; {OLD_GOES}"):
        assert resolve("tuned") == resolve("spsa3")
    # a record's spec of it still opens
    with pytest.warns(DeprecationWarning, match=r"panel\.tuned is kozyr\.durak\.bots\.panel\.spsa3 now"):
        assert BotSpec("kozyr.durak.bots.panel:tuned").open() is panel.spsa3
    assert "spsa3" in NAMES and "tuned" not in NAMES and "tuned" not in panel.PANEL
    with pytest.raises(AttributeError):
        panel.tuning  # type: ignore[attr-defined]  # noqa: B018


def test_the_shell_takes_tuned_with_a_one_line_note(capsys: pytest.CaptureFixture[str]) -> None:
    from kozyr.cli import durak_sides

    assert durak_sides.side("tuned") == durak_sides.side("spsa3") == "kozyr.durak.bots.panel:spsa3"
    err = capsys.readouterr().err
    assert err == "kozyr: the panel bot 'tuned' is 'spsa3' now; the old name works until kozyr 0.5\n"
    assert "tuned" not in durak_sides.SIDE_HELP


def test_an_old_name_plays_as_the_new_one() -> None:
    from kozyr.durak.ladder import ladder

    with pytest.warns(DeprecationWarning):
        old = ladder("tuned", 2, 200, "renamed")
    new = ladder("spsa3", 2, 200, "renamed")
    assert (old.fool == new.fool).all() and (old.moves == new.moves).all()
