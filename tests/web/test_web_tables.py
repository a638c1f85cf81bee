"""Issue 24, item 6: the web table plays durak at every table the engine plays (seats and variant chosen on the
page): whole deals through the HTTP API at 3, 4 and 6 seats and in perevodnoy, honest state, records, refusals."""
from __future__ import annotations

from typing import Any

import pytest
from _served import Table, held

from kozyr.durak import Game, Rules, pad_seed
from kozyr.durak.records import from_record
from kozyr.web.load import first_durak_move, play_durak

TABLES = [{"seats": 3}, {"seats": 4, "variant": "perevodnoy"}, {"seats": 6, "throw_in": "neighbours"},
          {"seats": 4, "variant": "perevodnoy", "show_trump": True, "deck": 52}, {"seats": 4, "teams": True}]


@pytest.mark.parametrize("rules", TABLES, ids=[str(r) for r in TABLES])
def test_a_whole_deal_at_a_table_is_the_engines_deal(table: Table, rules: dict[str, Any]) -> None:
    client = table.client()
    seat = rules["seats"] - 1
    gid, state = play_durak(client, rung=2, seat=seat, seed="web-tables", rules=rules)
    table_rules = Rules.of(rules)
    assert state["over"] and state["verdict"] and state["status"] == "Game over."
    assert state["seats"] == table_rules.seats and state["rules"] == rules and state["you"] == seat
    assert len(state["counts"]) == table_rules.seats and sorted(state["out"]) == sorted(set(state["out"]))
    record = client.json("GET", f"/api/games/{gid}/record")
    game: Any = from_record(record)
    assert game.over and game.rules == table_rules and state["moves"] == game.moves
    assert game.order == Game.from_seed(pad_seed("web-tables"), rules=table_rules).order
    assert state["replay"].startswith("kozyr play --seed web-tables --seats ") and f"--seat {seat}" in state["replay"]
    losers = game.result.losers
    if len(losers) > 1:
        assert "team" in state["verdict"]


def test_the_state_shows_every_seat_and_offers_transfers(table: Table) -> None:
    """Only your view: every seat's count, who is out, the throwers; a transfer is one of a card's moves."""
    client = table.client()
    answer = client.json("POST", "/api/games", {"game": "durak", "rung": 1, "seat": 0, "seed": "offers",
                                                "rules": {"seats": 4, "variant": "perevodnoy"}})
    gid, state = answer["id"], answer["state"]
    offered = set()
    hinted = 0
    for _ in range(300):
        if state["over"]:
            break
        game = held(table, client, gid).game                 # the server's own deal
        view = game.view(0)
        assert state["counts"] == list(view.counts) and state["out"] == list(view.out)
        assert state["throwers"] == list(view.bout.throwers) and state["turn"] == view.turn
        offered |= {m.split()[0] for card in state["hand"] for m in card["moves"]}
        if state["turn"] == 0 and hinted < 3:       # the hint is a legal move of your seat (rung 4, else rung 3)
            hint = client.json("GET", f"/api/games/{gid}/hint")["hint"]
            assert hint["move"] in {str(m) for m in view.legal} and "Hint (" in hint["text"]
            hinted += 1
        transfer = next((m for card in state["hand"] for m in card["moves"] if m.startswith("transfer")), None)
        move = {"move": transfer} if transfer else first_durak_move(state)
        state = client.json("POST", f"/api/games/{gid}/move", move)["state"]
    assert "transfer" in offered and hinted == 3


def test_a_table_the_rules_refuse_and_a_rung_that_cannot_sit_are_400(table: Table) -> None:
    client = table.client()
    for rules, code in (({"seats": 7}, "bad_seats"), ({"show_trump": True}, "bad_options"),
                        ({"seats": 3, "teams": True}, "bad_options")):
        answer = client.request("POST", "/api/games", {"game": "durak", "rules": rules})
        assert answer.status == 400 and answer.data["error"] == code, rules
    answer = client.request("POST", "/api/games", {"game": "durak", "rung": 2, "seat": 4, "rules": {"seats": 4}})
    assert answer.status == 400 and answer.data["error"] == "bad_seat"
    answer = client.request("POST", "/api/games", {"game": "durak", "rung": 4, "rules": {"seats": 3}})
    assert answer.status == 201 and answer.data["state"]["seats"] == 3     # rung 4 sits at every table
