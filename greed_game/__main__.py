"""``python -m greed_game`` runs the same command line as ``greed-game``."""

import sys

if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        # The frozen executable starts its own background solver as a copy of itself; this lets that copy run.
        # Only there: multiprocessing costs the window's start 10 ms, and the source tree's children need nothing.
        import multiprocessing

        multiprocessing.freeze_support()
    from greed_game.cli import main

    sys.exit(main())
