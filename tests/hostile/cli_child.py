"""Run ``greed-game`` command lines in this one process, each with its own captured output (see test_hostile.py).

Prints one JSON line before each case (``start``) and one after (``done``), so a
hang names its case. Memory is capped for the whole process.
"""

from __future__ import annotations

import contextlib
import io
import json
import resource
import sys

from greed_game.cli import main

resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
cases = json.loads(sys.stdin.read())
for argv in cases:
    print(json.dumps({"start": argv}), flush=True)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:  # argparse's own usage errors
        code = exc.code if isinstance(exc.code, int) else 2
    except BaseException as exc:  # a crash is the finding
        code, err = -1, io.StringIO(f"CRASH {exc.__class__.__name__}: {str(exc)[:300]}")
    print(json.dumps({"done": argv, "code": code, "out": out.getvalue()[-2000:], "err": err.getvalue()}), flush=True)
