"""Run ``greed-game`` command lines in this one process, each with its own captured output (see test_hostile.py).

Prints one JSON line before each case (``start``) and one after (``done``), so a
hang names its case. Memory is capped for the whole process.

A case is a command line, or a table: ``argv``, ``env`` (set for that case
only), and ``at`` with ``text`` (a file written there) or ``stand`` (a spec of
``standing.json``, placed by ``place.py``); its ``done`` line then says whether
a file stands at ``at`` afterwards, what was set aside beside it, and whether
anything of anyone's was lost.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import sys
from pathlib import Path
from typing import Any

from place import nothing_lost, stand

from greed_game.cli import main

resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
cases = json.loads(sys.stdin.read())


def _prepare(case: dict[str, Any]) -> None:
    at = Path(case["at"])
    at.parent.mkdir(parents=True, exist_ok=True)
    if "text" in case:
        at.write_text(case["text"], encoding="utf-8")
    else:
        stand(at, case["stand"])


def _after(case: dict[str, Any]) -> dict[str, Any]:
    at = Path(case["at"])
    return {"is_file": at.is_file() and not at.is_symlink(),
            "aside": sorted(p.name for p in at.parent.glob(f"{at.stem}.bad-*")),
            "nothing_lost": nothing_lost(at, case["stand"]) if "stand" in case else True}


for case in cases:
    argv = case if isinstance(case, list) else case["argv"]
    print(json.dumps({"start": argv}), flush=True)
    before = dict(os.environ)
    if isinstance(case, dict):
        os.environ.update(case.get("env", {}))
        if "at" in case:
            _prepare(case)
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exc:  # argparse's own usage errors
        code = exc.code if isinstance(exc.code, int) else 2
    except BaseException as exc:  # a crash is the finding
        code, err = -1, io.StringIO(f"CRASH {exc.__class__.__name__}: {str(exc)[:300]}")
    finally:
        os.environ.clear()
        os.environ.update(before)
    extra = _after(case) if isinstance(case, dict) and "at" in case else {}
    print(json.dumps({"done": argv, "code": code, "out": out.getvalue()[-2000:], "err": err.getvalue(), **extra}),
          flush=True)
