"""kozyr: a fast, checked engine for trump card games (durak, hokm, preferans).

The compiled core lives in extension modules; the package root stays light so
that `import kozyr` never pulls in an engine the caller does not use. Every
refusal of bad input, in every game, is a `kozyr.KozyrError`.
"""

from kozyr.errors import KozyrError

__version__ = "0.3.0"
__all__ = ["KozyrError", "__version__"]



def build_info() -> dict[str, object]:
    """How the compiled core was built, asked of the compiled code itself.

    `debug`: the checked build (KOZYR_DEBUG=1: bounds checks on); `cython`: the
    Cython version that generated the C; `sha_ni`: whether dealing compresses
    SHA-256 with the CPU's SHA extensions.

    >>> sorted(build_info())
    ['cython', 'debug', 'sha_ni']
    """
    from kozyr.cards import _build_facts
    from kozyr.durak.core.engine import _sha_ni

    info: dict[str, object] = dict(_build_facts())
    info["sha_ni"] = _sha_ni()
    return info
