"""Load: 50 games at once against the web table on 127.0.0.1, every answer checked, bounded in count and time.

Speed is not asserted (benchmarks/web_load.py measures it, with the load average); what is asserted is that
50 sessions playing at the same time all finish their games with no error, and that no session saw another's.
"""
from __future__ import annotations

import pytest
from _served import Table

from kozyr.web.load import MAX_REQUESTS_PER_GAME, load

GAMES = 50


@pytest.mark.soak
def test_fifty_games_at_once(table: Table) -> None:
    result = load("127.0.0.1", table.port, games=GAMES, deadline=240.0)
    print(result.line())
    assert result.errors == (), result.errors[:5]
    assert result.games == GAMES and GAMES * 5 <= result.requests <= GAMES * MAX_REQUESTS_PER_GAME
    assert len(table.app.sessions) == GAMES
    assert all(len(s.games) == 1 for s in table.app.sessions._by_token.values())
