"""Put the corpus's hostile files in place: what stands where a file goes (``standing.json``) and a damaged
solution in the cache (``caches.json``); and tell afterwards whether anything of anyone's was lost.

Used by the command-line child, the window's child and the tests (``tests/test_hostile.py``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
STANDING: list[dict[str, str]] = json.loads((HERE / "standing.json").read_text(encoding="utf-8"))
CACHES: list[dict[str, Any]] = json.loads((HERE / "caches.json").read_text(encoding="utf-8"))
SOMEONES = "someone's own words, not the game's\n"


def _target(path: Path, spec: dict[str, str]) -> Path:
    """Where a link of ``spec`` points: beside the folder of ``path``, so nothing of the game's is in it."""
    to = spec.get("to", "")
    if to.startswith("/"):
        return Path(to)
    return path.parent.parent / f"{path.name}-{spec['name']}-{to}"


def stand(path: Path, spec: dict[str, str]) -> None:
    """Put what ``spec`` names where ``path`` goes (its folder is made)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    kind = spec["kind"]
    if kind == "folder":
        path.mkdir()
        (path / "someone's.txt").write_text(SOMEONES, encoding="utf-8")
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        target = _target(path, spec)
        if spec["to"] == "folder":
            target.mkdir(parents=True, exist_ok=True)
            (target / "someone's.txt").write_text(SOMEONES, encoding="utf-8")
        elif spec["to"] == "file":
            target.write_text(SOMEONES, encoding="utf-8")
        path.symlink_to(target)


def nothing_lost(path: Path, spec: dict[str, str]) -> bool:
    """Whether what stood at ``path`` is kept (set aside beside it, or still there) and a link's target is as
    it was."""
    kind = spec["kind"]
    if kind == "folder":
        kept = [p for p in [path, *path.parent.glob(f"{path.stem}.bad-*")] if p.is_dir()]
        return any((p / "someone's.txt").read_text(encoding="utf-8") == SOMEONES for p in kept)
    if kind == "link":
        target = _target(path, spec)
        if spec["to"] == "folder":
            return (target / "someone's.txt").read_text(encoding="utf-8") == SOMEONES
        if spec["to"] == "file":
            return target.read_text(encoding="utf-8") == SOMEONES
        if spec["to"] == "/dev/null":
            return target.is_char_device()
    return True


def damaged(text: str, spec: dict[str, Any]) -> str:
    """The text of a good solution with the damage ``spec`` names."""
    if "text" in spec:
        return str(spec["text"])
    if "cut" in spec:
        return text[: int(len(text) * float(spec["cut"]))]
    data = json.loads(text)
    keys, value = spec["set"]
    where = data
    for key in keys[:-1]:
        where = where[key]
    where[keys[-1]] = value
    return json.dumps(data)
