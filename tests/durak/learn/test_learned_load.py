"""`learned.load` reads a weights file's declared shapes before numpy allocates anything, refuses a name
given twice, and its shape refusals say what was found and what was expected."""
from __future__ import annotations

import io
import warnings
import zipfile
from pathlib import Path

import numpy as np
import pytest

from kozyr.durak.learn.encoding import N_ACTIONS, OBS_SIZE
from kozyr.durak.learn.learned import FORMAT_VERSION, Weights, load, save
from kozyr.errors import KozyrError


def weights(sizes: tuple[int, ...] = (OBS_SIZE, 16, N_ACTIONS)) -> Weights:
    rng = np.random.default_rng(1)
    arrays = {"format": np.array([FORMAT_VERSION, OBS_SIZE, N_ACTIONS, len(sizes) - 1], dtype=np.int64)}
    for k, (i, o) in enumerate(zip(sizes, sizes[1:])):
        arrays[f"w{k}"] = rng.standard_normal((i, o)).astype(np.float32)
        arrays[f"b{k}"] = rng.standard_normal(o).astype(np.float32)
    return Weights.of(arrays)


def npy_header(shape: tuple[int, ...], dtype: str = "<f4") -> bytes:
    """A .npy file's first bytes declaring `shape` (and no data after them)."""
    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(out, {"descr": dtype, "fortran_order": False, "shape": shape})
    return b"\x93NUMPY\x01\x00" + out.getvalue()[8:] if not out.getvalue().startswith(b"\x93NUMPY") else \
        out.getvalue()


def archive(path: Path, members: list[tuple[str, bytes]]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # zipfile warns of a duplicate name: that is the point
        with zipfile.ZipFile(path, "w") as z:
            for name, data in members:
                z.writestr(name, data)


def members_of(w: Weights) -> list[tuple[str, bytes]]:
    out = []
    for name, a in w.arrays().items():
        buffer = io.BytesIO()
        np.save(buffer, a)
        out.append((f"{name}.npy", buffer.getvalue()))
    return out


def test_a_huge_declared_shape_is_refused_before_it_is_allocated(tmp_path: Path) -> None:
    path = tmp_path / "huge.npz"
    members = members_of(weights())
    members = [(n, npy_header((1_000_000, 1_000_000)) if n == "w0.npy" else d) for n, d in members]
    archive(path, members)
    assert path.stat().st_size < 20_000           # declaring 4 TB
    with pytest.raises(KozyrError) as info:
        load(path)
    assert info.value.code == "bad_weights" and "w0" in str(info.value) and "huge.npz" in str(info.value)


def test_a_declared_shape_larger_than_its_bytes_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "short.npz"
    members = [(n, npy_header((OBS_SIZE, 16)) + b"\0" * 64 if n == "w0.npy" else d)
               for n, d in members_of(weights())]
    archive(path, members)
    with pytest.raises(KozyrError) as info:
        load(path)
    assert info.value.code == "bad_weights" and "w0" in str(info.value)


def test_a_name_given_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "twice.npz"
    members = members_of(weights())
    other = members_of(weights((OBS_SIZE, 16, N_ACTIONS)))
    archive(path, members + [m for m in other if m[0] == "w0.npy"])
    with pytest.raises(KozyrError) as info:
        load(path)
    assert info.value.code == "bad_weights" and "twice" in str(info.value) and "w0" in str(info.value)


def test_a_shape_refusal_says_what_was_found_and_what_was_expected(tmp_path: Path) -> None:
    w = weights().arrays()
    w["w0"] = np.zeros((OBS_SIZE, 1025), np.float32)
    w["b0"] = np.zeros(1025, np.float32)
    w["w1"] = np.zeros((1025, N_ACTIONS), np.float32)
    path = tmp_path / "wide.npz"
    np.savez(path, **w)  # type: ignore[arg-type]
    with pytest.raises(KozyrError) as info:
        load(path)
    text = str(info.value)
    assert "1025" in text and "expected float32[270, 1025]" not in text and "1 to 1024" in text
    w = weights().arrays()
    w["b0"] = np.zeros(17, np.float32)
    path = tmp_path / "bias.npz"
    np.savez(path, **w)  # type: ignore[arg-type]
    with pytest.raises(KozyrError) as info:
        load(path)
    assert "float32[17]" in str(info.value) and "expected float32[16]" in str(info.value)


def test_a_good_file_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "good.npz"
    save(weights(), path)
    assert load(path).sha256() == weights().sha256()
    archive(tmp_path / "zipped.npz", members_of(weights()))
    assert load(tmp_path / "zipped.npz").sha256() == weights().sha256()
