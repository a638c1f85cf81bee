"""kozyr: a fast, checked engine for trump card games (durak, hokm, preferans).

The compiled core lives in extension modules; the package root stays light so
that `import kozyr` never pulls in an engine the caller does not use.
"""

__version__ = "0.1.0"
