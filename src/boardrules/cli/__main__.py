"""``python -m boardrules.cli``: the command line, as the ``boardrules`` script runs it."""

from . import main

main()
