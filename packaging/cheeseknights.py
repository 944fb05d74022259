"""The standalone build's entry point: the same ``main`` as the pip-installed command.

``freeze_support`` lets ``sim --jobs`` start its worker processes from the frozen
program, which has no Python of its own to start them with.
"""

import multiprocessing
import sys

from client.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
