"""`python -m kozyr.cli ...` is the `kozyr` console script."""
import sys

from kozyr.cli import main

sys.exit(main())
