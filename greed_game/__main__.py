"""``python -m greed_game`` runs the same command line as ``greed-game``."""

import sys

from greed_game.cli import main

sys.exit(main())
