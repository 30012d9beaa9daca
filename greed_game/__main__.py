"""``python -m greed_game`` runs the same command line as ``greed-game``."""

import multiprocessing
import sys

if __name__ == "__main__":
    # The frozen executable starts its own background solver as a copy of itself; this lets that copy run.
    multiprocessing.freeze_support()
    from greed_game.cli import main

    sys.exit(main())
