"""Declare and cythonize kozyr's extensions; all metadata lives in pyproject.toml.

KOZYR_DEBUG=1 builds a checked variant (bounds and wraparound checks on,
no optimisation) for chasing a crash; the default build is the fast one.
`kozyr.build_info()["debug"]` says at run time which one is installed.

Cython decides whether to regenerate C by timestamps, which know nothing of
the switch: a tree built before would silently reuse its unchecked C. The mode
of the last generation is kept in src/kozyr/.build-mode, and every .pyx is
regenerated when it differs (or is missing).

Build once: pip builds in a fresh isolated environment each time, whose Cython
include files are newer than any generated C, so Cython alone would regenerate
(and the compiler then rebuild) everything on every `pip install`. When the
generated C is newer than every source of this project (the .pyx, .pxd and .h
files and this file) and was made in the same mode, it is used as it is, and
setuptools skips every extension whose compiled module is newer still: the
README's second command, run after the first, compiles nothing.
"""
import os
from glob import glob

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("KOZYR_DEBUG", "") not in ("", "0")
MODE = "debug" if DEBUG else "release"
MODE_STAMP = os.path.join("src", "kozyr", ".build-mode")


def last_mode() -> str:
    """The mode the generated C was last made in ('' when unknown)."""
    try:
        with open(MODE_STAMP) as f:
            return f.read().strip()
    except OSError:
        return ""

DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "embedsignature": True,
}
# -g0: Python's own flags ask for debug information (-g), which costs a third of the compiler's time on
# these large generated files and which no release uses (the wheels are stripped); the checked build keeps it.
COMPILE_ARGS = ["-O0", "-g"] if DEBUG else ["-O3", "-g0"]
# Cython and the C compiler run on every core (KOZYR_BUILD_JOBS=N to choose): a source install is
# most of a new user's first minute.
try:
    JOBS = max(1, int(os.environ.get("KOZYR_BUILD_JOBS", "") or len(os.sched_getaffinity(0))))
except (ValueError, AttributeError):
    JOBS = os.cpu_count() or 1


HEADER_DIRS = sorted({"src/kozyr"} | {os.path.dirname(h) for h in glob("src/kozyr/**/*.h", recursive=True)})


def extension(pyx: str) -> Extension:
    module = pyx[len("src/"):-len(".pyx")].replace("/", ".")
    return Extension(
        module,
        [pyx],
        # every folder with a header a .pxd names (cythonize finds them itself; the C-as-is path must be told)
        include_dirs=HEADER_DIRS + [numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=COMPILE_ARGS,
    )


def generated_c_is_current(pyx_files: list[str]) -> bool:
    """Whether the C beside every .pyx was generated, in this mode, after the last change to any source."""
    if last_mode() != MODE:
        return False
    c_files = [p[: -len(".pyx")] + ".c" for p in pyx_files]
    if not all(os.path.exists(c) for c in c_files):
        return False
    sources = [__file__] + [p for ext in ("pyx", "pxd", "h") for p in glob(f"src/kozyr/**/*.{ext}", recursive=True)]
    return max(os.path.getmtime(p) for p in sources) < min(os.path.getmtime(c) for c in c_files)


PYX = sorted(glob("src/kozyr/**/*.pyx", recursive=True))
if generated_c_is_current(PYX):
    modules = [extension(p) for p in PYX]
    for ext in modules:
        ext.sources = [s[: -len(".pyx")] + ".c" if s.endswith(".pyx") else s for s in ext.sources]
else:
    modules = cythonize(
        [extension(p) for p in PYX],
        compiler_directives=DIRECTIVES,
        include_path=["src"],
        force=last_mode() != MODE,
        nthreads=JOBS if JOBS > 1 else 0,
    )
with open(MODE_STAMP, "w") as f:
    f.write(MODE + "\n")


def c_size(ext: Extension) -> int:
    """The size of an extension's C source: what the compiler's time on it follows."""
    return sum(os.path.getsize(s) for s in ext.sources if os.path.exists(s))


# The largest first: build_ext hands the extensions to its JOBS threads in this order, so the longest
# compiles start at once and the short ones fill in behind them (in name order the ladder's loop and the
# batched environment, two of the three longest, came among the last four and ran alone at the end).
modules = sorted(modules, key=c_size, reverse=True)
setup(ext_modules=modules, options={"build_ext": {"parallel": JOBS}})
