"""kozyr: a fast, checked engine for trump card games (durak, hokm, preferans).

The compiled core lives in extension modules; the package root stays light so
that `import kozyr` never pulls in an engine the caller does not use. Every
refusal of bad input, in every game, is a `kozyr.KozyrError`.
"""

from kozyr.errors import KozyrError

__version__ = "0.2.0"
__all__ = ["KozyrError", "__version__"]
