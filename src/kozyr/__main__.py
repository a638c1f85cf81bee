"""`python -m kozyr ...` is the `kozyr` console script (as `python -m kozyr.cli` is)."""
import sys

from kozyr.cli import main

sys.exit(main())
