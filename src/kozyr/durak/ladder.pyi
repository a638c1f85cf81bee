from typing import Any, Callable, Mapping, NamedTuple, Optional, Union

import numpy as np
import numpy.typing as npt

from kozyr.durak.bots import Bot
from kozyr.durak.types import Move, View

Player = Callable[[View], Optional[Move]]
Side = Union[int, Bot, Player]
Seed = Union[str, int]

PARAMS: tuple[str, str]

class Rate(NamedTuple):
    rate: float
    low: float
    high: float
    hits: int
    total: int

class LadderResult:
    a: Side
    b: Side
    seed: Seed
    mode: str
    fool: npt.NDArray[np.int8]
    moves: npt.NDArray[np.int32]
    bouts: npt.NDArray[np.int16]
    largest: npt.NDArray[np.int8]
    seconds: float
    deals: int
    a_fools: int
    b_fools: int
    draws: int
    a_fool: Rate
    b_fool: Rate
    draw_rate: Rate
    a_fool_decided: Rate
    b_fool_decided: Rate
    mean_moves: float
    mean_bouts: float
    max_largest: int
    deals_per_second: float
    def a_seat(self, i: int) -> int: ...
    def summary(self) -> dict[str, Any]: ...

def ladder(
    a: Side,
    b: Side,
    deals: int,
    seed: Seed = ...,
    *,
    reference: bool = ...,
    fast: bool = ...,
    workers: int = ...,
    params: Optional[Mapping[str, int]] = ...,
    progress: Optional[Callable[[int, int], object]] = ...,
    chunk: Optional[int] = ...,
) -> LadderResult: ...
def deal_seed(seed: Seed, i: int, *, reference: bool = ..., fast: bool = ...) -> Union[int, bytes]: ...
def a_seat(i: int) -> int: ...
def deal_game(seed: Seed, i: int, *, reference: bool = ..., fast: bool = ..., engine: Any = ...) -> Any: ...
def players(
    a: Side, b: Side, seed: Seed, i: int, *, reference: bool = ..., fast: bool = ...,
    params: Optional[Mapping[str, int]] = ...,
) -> tuple[Player, Player]: ...
def replay(
    a: Side, b: Side, seed: Seed, i: int, *, reference: bool = ..., fast: bool = ...,
    params: Optional[Mapping[str, int]] = ..., engine: Any = ...,
) -> Any: ...
def table_bots(seed: Union[str, bytes], a: Union[int, Bot], b: Union[int, Bot]) -> tuple[Bot, Bot]: ...
def play(seed: Union[str, bytes], a: Union[int, Bot], b: Union[int, Bot], *, number: int = ...) -> dict[str, Any]: ...
def c_word(bot_seed: Union[str, bytes, int], seat: int, ply: int) -> int: ...
def c_fast_word(key: int, seat: int, ply: int) -> int: ...
