"""`python -m companion`: the same command as `cat-table-companion` (companion/cli.py)."""
import sys

from .cli import main

sys.exit(main(prog="python -m companion"))
