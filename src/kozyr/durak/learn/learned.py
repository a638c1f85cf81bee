"""The learned rung: a small network trained on kozyr's own environments, played in C like any native bot.

`LearnedBot()` is the shipped policy (the weights file `learned.npz` beside this
module); `LearnedBot(path)` another file of the same format. It is a
`NativeBot`, so it plays wherever a native bot plays: inside the ladder's nogil
loop (workers scale), in the sequential test, `replay`, the terminal game, the
environments' opponents and the OpenSpiel game. The shell names it `learned`
(`kozyr ladder learned 3`, `kozyr sprt learned 3`), which stands for
`kozyr.durak.learn.learned:LearnedBot` (a factory whose knob `path` names another weights file).

A decision reads the seat's view alone: its observation (`encoding.observe`,
270 floats, the public memory included) goes through the network, and the move
is the legal action of the largest output, ties to the lowest action index.
It uses no random word: the same view gives the same move, so `replay`
reproduces a deal. The network speaks the two-seat 36-card podkidnoy tables
(the 270 floats and 76 actions); at any other table it has no move (the ladder
reports the seat's answer -1 as a fault).

Training needs PyTorch (the optional extra `kozyr[train]`); playing does not:
the file is numpy's `.npz` read with `allow_pickle=False`, read bounded
(`kozyr.files.read_bytes`), and every array checked before C sees it. The
format (version 1):

- ``format``: int64 [version, observation size, actions, layers] = [1, 270, 76, L];
- ``w0, b0, ..., w{L-1}, b{L-1}``: float32, ``w_k`` of shape (inputs, outputs),
  ``b_k`` (outputs,); ReLU after every layer but the last; 1 to 4 layers,
  hidden widths up to 1024, all values finite.

Anything else (a missing or extra array, a wrong shape, dtype or version, a
corrupted archive, a file too large) is one ``bad_weights`` KozyrError naming
the file and the array. `SHIPPED_SHA256` is the shipped file's digest: a test
fails when the file and the record disagree.
"""
from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from kozyr.durak.bots.sides import NativeBot
from kozyr.durak.learn import _learned
from kozyr.durak.learn.encoding import N_ACTIONS, OBS_SIZE, observe
from kozyr.durak.moves import Move
from kozyr.errors import KozyrError, shown
from kozyr.files import read_bytes

__all__ = ["LearnedBot", "Weights", "load", "save", "forward", "SHIPPED", "SHIPPED_SHA256", "FORMAT_VERSION",
           "MAX_BYTES"]

FORMAT_VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
"""The largest weights file read (the shipped one is well under 2 MB)."""
MAX_UNPACKED = 4 * MAX_BYTES
"""The most bytes a (compressed) archive may unpack to."""
SHIPPED = Path(__file__).with_name("learned.npz")
SHIPPED_SHA256 = "56186f314a8fe654d3f1d88219d3fc1e3691718b52d8b83770f9a84acaf1f209"
"""SHA-256 of the shipped `learned.npz` (tests/durak/learn/test_learned.py checks the file against it)."""


@dataclass(frozen=True, eq=False)
class Weights:
    """A network's checked arrays: `layers` is ((w0, b0), (w1, b1), ...), float32, w of shape (in, out)."""

    layers: tuple[tuple[np.ndarray, np.ndarray], ...]
    source: str = "arrays"

    @property
    def sizes(self) -> tuple[int, ...]:
        """(270, hidden widths ..., 76)."""
        return (self.layers[0][0].shape[0],) + tuple(w.shape[1] for w, _ in self.layers)

    def arrays(self) -> dict[str, np.ndarray]:
        """The file's arrays by name (`save` writes them)."""
        out = {"format": np.array([FORMAT_VERSION, OBS_SIZE, N_ACTIONS, len(self.layers)], dtype=np.int64)}
        for k, (w, b) in enumerate(self.layers):
            out[f"w{k}"], out[f"b{k}"] = w, b
        return out

    @classmethod
    def of(cls, arrays: dict[str, Any], source: str = "arrays") -> Weights:
        """Checked weights from a mapping of the file's arrays (a bad_weights KozyrError naming `source`
        and the array otherwise)."""
        def bad(message: str, name: str) -> KozyrError:
            return KozyrError("bad_weights", f"{source}: {message}", field=name)

        if "format" not in arrays:
            raise bad("no 'format' array: not a kozyr weights file", "format")
        fmt = np.asarray(arrays["format"])
        if fmt.dtype != np.int64 or fmt.shape != (4,):
            raise bad(f"'format' is {shown(fmt)}, not int64 [version, 270, 76, layers]", "format")
        version, obs, actions, n = (int(x) for x in fmt)
        if version != FORMAT_VERSION:
            raise bad(f"format version {version}, this kozyr reads version {FORMAT_VERSION}", "format")
        if obs != OBS_SIZE or actions != N_ACTIONS:
            raise bad(f"a network of {obs} inputs and {actions} actions; the learned rung speaks "
                      f"{OBS_SIZE} and {N_ACTIONS}", "format")
        if not 1 <= n <= _learned.MAX_LAYERS:
            raise bad(f"{n} layers; 1 to {_learned.MAX_LAYERS} are read", "format")
        names = {"format"} | {f"{p}{k}" for k in range(n) for p in "wb"}
        extra, missing = sorted(set(arrays) - names), sorted(names - set(arrays))
        if missing or extra:
            name = (missing or extra)[0]
            raise bad(f"array {name!r} is {'missing' if missing else 'not one of the format'}", name)
        layers = []
        width = OBS_SIZE
        for k in range(n):
            w, b = np.asarray(arrays[f"w{k}"]), np.asarray(arrays[f"b{k}"])
            out = N_ACTIONS if k == n - 1 else (w.shape[1] if w.ndim == 2 else -1)
            if w.ndim != 2:
                raise bad(f"w{k} is {w.dtype}{list(w.shape)}, expected a float32 matrix [{width}, outputs]", f"w{k}")
            if not 1 <= out <= _learned.MAX_WIDTH:
                raise bad(f"w{k} is {w.dtype}{list(w.shape)}: {out:,} outputs, and a hidden layer's width is 1 "
                          f"to {_learned.MAX_WIDTH}", f"w{k}")
            for name, a, shape in ((f"w{k}", w, (width, out)), (f"b{k}", b, (out,))):
                if a.dtype != np.float32 or a.shape != shape:
                    raise bad(f"{name} is {a.dtype}{list(a.shape)}, expected float32{list(shape)}", name)
                if not np.isfinite(a).all():
                    raise bad(f"{name} holds a value that is not finite", name)
            layers.append((np.ascontiguousarray(w), np.ascontiguousarray(b)))
            width = out
        return cls(tuple(layers), source)

    def sha256(self) -> str:
        """The digest of the arrays (shapes and values), independent of the archive's bytes."""
        h = hashlib.sha256()
        for w, b in self.layers:
            for a in (w, b):
                h.update(str(a.shape).encode())
                h.update(a.tobytes())
        return h.hexdigest()


def load(path: str | Path | None = None) -> Weights:
    """The checked weights of a file (None: the shipped one), read bounded; a bad_weights KozyrError
    naming the file when it is not a weights file of this format (bad_file when it cannot be read)."""
    path = SHIPPED if path is None else path
    label = f"weights file {str(path)!r}"
    data = read_bytes(path, label=label, limit=MAX_BYTES)
    if not data.startswith(b"PK"):
        raise KozyrError("bad_weights", f"{label} is not an .npz archive (it does not start as a zip file does)",
                         field="path", value=str(path))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zipped:
            infos = zipped.infolist()
            # a compressed archive could unpack to far more than its bytes: bound what it says it holds
            if sum(info.file_size for info in infos) > MAX_UNPACKED:
                raise ValueError(f"it unpacks to more than {MAX_UNPACKED} bytes")
            arrays: dict[str, np.ndarray] = {}
            for info in infos:
                name = info.filename.removesuffix(".npy")
                if name in arrays:       # numpy would keep one of the two silently
                    raise KozyrError("bad_weights", f"{label} holds the array {name!r} twice", field=name,
                                     value=str(path))
                arrays[name] = _member(zipped, info, label)
    except (ValueError, OSError, EOFError, KeyError, zipfile.BadZipFile, zipfile.LargeZipFile) as exc:
        raise KozyrError("bad_weights", f"{label} is not a readable .npz archive ({exc})".replace("\n", " "),
                         field="path", value=str(path)) from None
    return Weights.of(arrays, label)


def _member(zipped: zipfile.ZipFile, info: zipfile.ZipInfo, label: str) -> np.ndarray:
    """One array of an archive, its .npy header read first: the shape and dtype it declares must fit the bytes
    the member holds (and MAX_UNPACKED) before anything is allocated; no object arrays (no pickles)."""
    name = info.filename.removesuffix(".npy")
    if not info.filename.endswith(".npy"):
        raise ValueError(f"member {info.filename!r} is not an .npy array")
    with zipped.open(info) as f:
        version = np.lib.format.read_magic(f)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
        elif version == (2, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(f)
        else:
            raise ValueError(f"array {name!r} is .npy version {version}, not 1.0 or 2.0")
        if dtype.hasobject:
            raise ValueError(f"array {name!r} holds Python objects")
        count = 1
        for n in shape:
            count *= int(n)
        need = count * dtype.itemsize
        held = info.file_size - f.tell()
        if need > MAX_UNPACKED or need != held:
            raise KozyrError("bad_weights", f"{label}: array {name!r} declares {dtype}{list(shape)} ({need:,} "
                             f"bytes), but its member holds {held:,} bytes", field=name)
        raw = f.read(need)
    if len(raw) != need:
        raise ValueError(f"array {name!r} is cut short")
    return np.frombuffer(raw, dtype=dtype).reshape(shape, order="F" if fortran else "C").copy()


def save(weights: Weights, path: str | Path) -> None:
    """Write `weights` in the format `load` reads (uncompressed .npz; numpy's own writer)."""
    # the stub reads the first keyword as allow_pickle, which only newer numpy's savez takes (numpy 1.x,
    # which kozyr allows, would save an allow_pickle= as one more array): so none is passed
    np.savez(path, **weights.arrays())  # type: ignore[arg-type]


def forward(weights: Weights, obs: np.ndarray) -> np.ndarray:
    """The network's outputs for observations (n, 270) in plain numpy (float32): what the C inference
    is tested against."""
    x = np.asarray(obs, dtype=np.float32)
    for k, (w, b) in enumerate(weights.layers):
        x = x @ w + b
        if k < len(weights.layers) - 1:
            x = np.maximum(x, 0.0)
    return x


class LearnedBot(NativeBot):
    """The learned rung: a network's policy as a native bot (the shipped weights by default).

    `LearnedBot()`, `LearnedBot(path)` or `LearnedBot(weights=Weights)`. It is
    deterministic and reads the view alone; see the module's docstring."""

    tables = "the tables of two seats, 36 cards and podkidnoy (Rules() and its other options)"

    def plays(self, rules: Any) -> bool:
        """Whether the network speaks `rules`' table (its 270 floats and 76 actions: two seats, 36 cards, no
        transfers); the ladder, the tests and the tuners refuse any other before play (`check_table`)."""
        from kozyr.durak.learn.encoding import table_encoding

        return bool(table_encoding(rules).two_seat)

    def __init__(self, path: str | Path | None = None, *, weights: Weights | None = None,
                 name: str = "learned") -> None:
        if weights is None:
            weights = load(path)
        elif not isinstance(weights, Weights):
            raise KozyrError("bad_weights", f"weights={shown(weights)} is not a Weights", field="weights")
        self.weights = weights
        flat = [a for layer in weights.layers for a in layer]
        super().__init__(_learned.capsules(), _learned.make_net(flat), seed="learned", fast=True, name=name)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """The network's outputs (float32 (76,) or (n, 76)) for observations (float32 (270,) or (n, 270)),
        from the C the ladder runs; a bad_obs KozyrError for any other shape or type."""
        return _learned.logits(self.state, obs)

    def __call__(self, view: Any) -> Move | None:
        """The move on `view`: a GameView (the compiled game's view) through the C loop's very call; any
        other View through its observation (the same floats, the same choice)."""
        from kozyr.durak.core.gameview import GameView

        if isinstance(view, GameView):
            return super().__call__(view)
        obs, mask = observe(view)
        if len(mask) != N_ACTIONS:
            return None
        action = _learned.choose(self.state, obs, mask)
        if action < 0:
            return None
        from kozyr.durak.learn.encoding import move_of

        return move_of(action)

    choose = __call__

    def __reduce__(self) -> Any:
        """Pickled as its arrays (a worker process builds the same bot)."""
        return (_rebuild, (self.weights.arrays(), self.weights.source, self.name))

    def __repr__(self) -> str:
        return f"LearnedBot({self.name!r}, sizes={self.weights.sizes})"


def _rebuild(arrays: dict[str, np.ndarray], source: str, name: str) -> LearnedBot:
    return LearnedBot(weights=Weights.of(arrays, source), name=name)

