"""kozyr: a fast, checked engine for trump card games (durak, hokm, preferans).

The compiled core lives in extension modules; the package root stays light so
that `import kozyr` never pulls in an engine the caller does not use. Every
refusal of bad input, in every game, is a `kozyr.KozyrError`.
"""

from kozyr.errors import KozyrError

__version__ = "0.3.0"
__all__ = ["KozyrError", "__version__", "build_info"]


def build_info() -> dict[str, object]:
    """What this kozyr is and how its compiled core was built, asked of the code itself.

    `kozyr`: the version; `commit`: the git commit of the checkout it runs
    from (a source tree, or an install that recorded one: pip's
    ``direct_url.json``), else None; `repaired`: whether it is a repaired
    wheel (auditwheel, delocate or delvewheel bundled shared libraries beside
    it); `debug`: the checked build (KOZYR_DEBUG=1: bounds checks on);
    `cython`: the Cython version that generated the C; `sha_ni`: whether
    dealing compresses SHA-256 with the CPU's SHA extensions.

    >>> sorted(build_info())
    ['commit', 'cython', 'debug', 'kozyr', 'repaired', 'sha_ni']
    """
    from kozyr._provenance import commit, repaired
    from kozyr.cards import _build_facts
    from kozyr.durak.core.engine import _sha_ni

    info: dict[str, object] = {"kozyr": __version__, "commit": commit(), "repaired": repaired()}
    info.update(_build_facts())
    info["sha_ni"] = _sha_ni()
    return info
