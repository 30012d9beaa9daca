"""The command line: no arguments opens the game window; subcommands expose the core.

Every subcommand prints JSON on stdout (``rules ID`` prints readable text);
errors are one clear line on stderr with exit status 2.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, NoReturn, cast

if TYPE_CHECKING:
    import argparse

    from greed_game.rules import RuleSet
    from greed_game.said import Said
    from greed_game.solutions import Solutions


class UsageError(Exception):
    """A mistake in what the user typed; shown as one line, exit status 2."""


def _fail(message: str) -> NoReturn:
    raise UsageError(message)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data) + "\n")


def load_rules_arg(spec: str) -> RuleSet:
    """A ``--rules`` value: a preset id or a path to a rules file."""
    from greed_game.presets import load_rules_file, preset
    from greed_game.rules import PRESET_IDS, RulesError

    try:
        if spec in PRESET_IDS:
            return preset(spec)
        if spec.endswith(".toml") or "/" in spec or "\\" in spec:
            return load_rules_file(spec)
    except RulesError as exc:
        _fail(str(exc))
    _fail(f"no preset called {spec!r} (presets: {', '.join(PRESET_IDS)}; or give a .toml file)")


def _parse_dice(words: Sequence[str], rules: RuleSet) -> list[int]:
    dice: list[int] = []
    for word in words:
        for part in word.replace(",", " ").split():
            if part not in ("1", "2", "3", "4", "5", "6"):  # not isdigit(): it takes '³' and '１'
                shown_part = part if len(part) <= 12 else part[:12] + "…"
                _fail(f"a die is a number from 1 to 6, not {shown_part!r}")
            dice.append(int(part))
    if not dice:
        _fail("give the dice of a throw, e.g. 1 5 3 3 3 2")
    if len(dice) > rules.dice:
        _fail(f"{rules.name} is played with {rules.dice} dice; {len(dice)} were given")
    return dice


def score_data(rules_id: str, rules: RuleSet, dice: list[int]) -> dict[str, Any]:
    """The ``score`` answer for one throw."""
    from greed_game.rules import counts_of

    options = rules.table.options(counts_of(dice))
    return {
        "rules": rules_id,
        "dice": dice,
        "bust": not options,
        "best": options[0].points if options else 0,
        "options": [{"keep": list(o.dice), "points": o.points} for o in options],
    }


MAX_BATCH_LINE = 1000
"""The longest line ``score --batch`` reads: a throw is a few dozen characters, spaces and commas included."""


def cmd_score(args: argparse.Namespace, solutions: Solutions) -> int:
    rules = load_rules_arg(args.rules)
    if args.batch:
        n = 0
        while True:
            # Read in bounded pieces: a line longer than any throw (an endless stream) is refused, not gathered.
            line = sys.stdin.readline(MAX_BATCH_LINE + 1)
            if not line:
                break
            n += 1
            if len(line) > MAX_BATCH_LINE:
                _fail(f"line {n}: longer than any throw (at most {MAX_BATCH_LINE:,} characters a line)")
            if not line.strip():
                continue
            try:
                dice = _parse_dice([line], rules)
            except UsageError as exc:
                _fail(f"line {n}: {exc}")
            _print_json(score_data(args.rules, rules, dice))
        return 0
    _print_json(score_data(args.rules, rules, _parse_dice(args.dice, rules)))
    return 0


def _read_text(path: str) -> str:
    from greed_game.rules.ruleset import shown
    from greed_game.textfile import MAX_FILE_BYTES, TextFileError, read_text

    if path == "-":
        text = sys.stdin.read(MAX_FILE_BYTES + 1)
        if len(text) > MAX_FILE_BYTES:
            _fail(f"the record on stdin is too large (at most {MAX_FILE_BYTES // 1024:,} KB)")
        return text
    try:
        return read_text(Path(path))
    except FileNotFoundError:
        _fail(f"{shown(path)}: no such file")
    except TextFileError as exc:
        _fail(f"{shown(path)}: {exc}")


def cmd_replay(args: argparse.Namespace, solutions: Solutions) -> int:
    from greed_game.presets import replay
    from greed_game.rules import RecordError, read_record
    from greed_game.rules.record import summary

    text = _read_text(args.file)
    try:
        record = read_record(text)
        game = replay(record)
    except RecordError as exc:
        _fail(f"{args.file}: {exc}")
    _print_json(summary(game))
    return 0


def cmd_rules(args: argparse.Namespace, solutions: Solutions) -> int:
    from greed_game.narrator.rules_text import description, rules_text
    from greed_game.presets import presets

    if args.id is None:
        _print_json(
            [
                {"id": r.id, "name": r.name, "dice": r.dice, "target": r.target, "description": description(r)}
                for r in presets()
            ]
        )
        return 0
    rules = load_rules_arg(args.id)
    if args.json:
        _print_json(rules.to_dict())
    else:
        from greed_game import i18n

        # The readable text speaks the player's language; JSON stays English, for programs to read.
        i18n.use(i18n.choose(_chosen_language()))
        sys.stdout.write(rules_text(rules))
    return 0


def _chosen_language() -> str:
    """The language the settings choose (``auto`` when there are none, or they cannot be read: nothing is said
    about them here, the window does that)."""
    try:
        from greed_game.storage import Storage, parse_json, read_text, settings_from_data

        settings, _bad = settings_from_data(parse_json(read_text(Storage().settings_path)), salvage=True)
    except (OSError, ValueError, RecursionError):
        return "auto"
    return settings.language


def _say_notes(notes: list[Said]) -> None:
    """What the solution cache set aside during the command, one line each (the output itself is unchanged)."""
    for note in notes:
        sys.stderr.write(f"greed-game: note: {note}\n")


def _with_target(rules: RuleSet, target: int | None) -> RuleSet:
    if target is None:
        return rules
    return rules.with_overrides({"target": target}, origin="--target")


def _solving_bar() -> Callable[[str, float], None] | None:
    """A progress line on stderr for a long solve, or None when stderr is not a terminal."""
    if not sys.stderr.isatty():
        return None
    last = [-1]

    def show(stage: str, done: float) -> None:
        pct = int(done * 100)
        if pct != last[0]:
            last[0] = pct
            sys.stderr.write(f"\rsolving ({stage}) {pct:3d}%")
            sys.stderr.flush()

    return show


def _win_tables(solutions: Solutions, rules: RuleSet) -> Any:
    """The win tables the optimal level and the coach read: the book shipped for a preset at its own target,
    else the solve of ``rules`` (with a progress line on a terminal)."""
    book = solutions.shipped(rules)
    if book is not None:
        return book
    try:
        import greed_game.ai.win  # noqa: F401 - only to learn whether numpy is there
    except ImportError:
        _fail("the exact win solver needs numpy: pip install 'greed-game[solve]'")
    from greed_game.ai.progress import listening

    bar = _solving_bar()
    if bar is None:
        return solutions.win(rules)
    with listening(bar):
        solution = solutions.win(rules)
    sys.stderr.write("\n")
    return solution


def cmd_solve(args: argparse.Namespace, solutions: Solutions) -> int:
    rules = _with_target(load_rules_arg(args.rules), args.target)
    if args.win:
        from greed_game.ai.winbook import WinBook

        start = time.perf_counter()
        # A preset at its own target ships its solved table: read in a second, not solved for minutes.
        tables = _win_tables(solutions, rules)
        shipped = isinstance(tables, WinBook)
        _print_json(
            {
                "rules": args.rules,
                "target": rules.target,
                "first_player_win": round(tables.start(0, 0), 12),
                "states": None if shipped else tables.states,
                "seconds": round(time.perf_counter() - start, 3),
                "shipped": shipped,
            }
        )
        return 0
    start = time.perf_counter()
    solution = solutions.turn(rules)
    data = {"rules": args.rules, **solution.to_data()}
    data["seconds"] = round(time.perf_counter() - start, 4)  # this run's time: a read when cached
    _print_json(data)
    return 0


def cmd_simulate(args: argparse.Namespace, solutions: Solutions) -> int:
    from greed_game.ai import ALL_LEVELS
    from greed_game.ai.simulate import progress_bar, simulate

    rules = _with_target(load_rules_arg(args.rules), args.target)
    names = [p.strip() for p in args.players.split(",") if p.strip()]
    unknown = [n for n in names if n not in ALL_LEVELS]
    if unknown:
        _fail(f"unknown computer level {unknown[0]!r} (levels: {', '.join(ALL_LEVELS)})")
    if not 2 <= len(names) <= 8:
        _fail("--players lists 2 to 8 computer levels, e.g. expert,bold (a game alone has no one to beat)")
    if "optimal" in names:
        _win_tables(solutions, rules)  # solved before the games start (when not shipped), with its own progress line
    result = simulate(rules, names, args.games, args.seed, progress=progress_bar(), tables=solutions)
    result["rules"] = args.rules
    _print_json(result)
    return 0


def cmd_advise(args: argparse.Namespace, solutions: Solutions) -> int:
    from greed_game.ai.advice import advise
    from greed_game.narrator import Narrator
    from greed_game.presets import replay
    from greed_game.rules import RecordError, read_record

    try:
        game = replay(read_record(_read_text(args.file)))
    except RecordError as exc:
        _fail(f"{args.file}: {exc}")
    if game.finished:
        _fail(f"{args.file}: the game is over; there is nothing to advise")
    state = game.state
    narrator = Narrator(game.rules, [p.name for p in game.players], "pips")

    def words(actions: Sequence[Any]) -> str:
        return narrator.hints.choice(actions, state)

    if args.level == "optimal":
        from greed_game.ai.optimal import Optimal, win_advice

        win = _win_tables(solutions, game.rules)
        advice = win_advice(game.rules, state, Optimal(game.rules, win))
        data = advice.to_data(words)
        # Win chances need more places than points do.
        for shown_choice, choice in zip(data["choices"], advice.choices, strict=True):
            shown_choice["value"] = round(choice.value, 6)
        _print_json({"level": "optimal", **data})
        return 0
    _print_json(advise(game.rules, state, solutions.turn(game.rules)).to_data(words))
    return 0


def cmd_review(args: argparse.Namespace, solutions: Solutions) -> int:
    from greed_game.narrator import Narrator
    from greed_game.presets import replay
    from greed_game.rules import RecordError, read_record

    try:
        record = read_record(_read_text(args.file))
        game = replay(record)
    except RecordError as exc:
        _fail(f"{args.file}: {exc}")
    if len(game.players) != 2:
        _fail(f"{args.file}: a review needs a two-player game (this one has {len(game.players)} players)")
    from greed_game.ai.coach import review
    from greed_game.ai.optimal import Optimal

    win = _win_tables(solutions, game.rules)
    result = review(game.rules, game.players, game.events, Optimal(game.rules, win))
    narrator = Narrator(game.rules, [p.name for p in game.players], "pips")
    players = []
    for seat, player in enumerate(game.players):
        accuracy = result.accuracy(seat)
        worst = [
            {
                "event": d.event,
                "chosen": narrator.hints.choice(d.chosen, d.state),
                "best": narrator.hints.choice(d.best, d.state),
                "lost": round(d.lost, 6),
            }
            for d in result.worst(seat, args.worst)
        ]
        players.append(
            {
                "name": player.name,
                "decisions": len(result.of(seat)),
                "accuracy": None if accuracy is None else round(accuracy, 4),
                "worst": worst,
            }
        )
    _print_json({"players": players})
    return 0


def cmd_throws(args: argparse.Namespace, solutions: Solutions) -> int:
    from greed_game.physics.lab import run

    _print_json(run(args.dice, args.count, args.seed, args.voids))
    return 0


def cmd_window(args: argparse.Namespace, solutions: Solutions) -> int:
    try:
        from greed_game.app.main import run
    except ImportError as exc:
        _fail(f"the game window is not available ({exc}); see 'greed-game --help' for the command line")
    shots = getattr(args, "screenshots", None)
    if shots is not None:
        _check_folder(shots)
    if getattr(args, "smoke", False):
        from greed_game.app.smoke import smoke_run

        return run(smoke=smoke_run, screenshots=shots, solutions=solutions)
    status: int = run(screenshots=shots, solutions=solutions)
    return status


def _check_folder(folder: str) -> None:
    """Refuse, in one line and before the window opens, a --screenshots folder that cannot take a file."""
    import tempfile

    from greed_game.rules.ruleset import shown

    path = Path(folder)
    if path.exists() and not path.is_dir():
        _fail(f"--screenshots: {shown(folder)} is not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path, prefix=".greed-check-"):
            pass
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or "not a folder that can be written to"
        _fail(f"--screenshots: {shown(folder)} cannot hold the screenshots ({reason})")


Handler = Callable[["argparse.Namespace", "Solutions"], int]


HANDLERS: dict[str, Handler] = {
    "score": cmd_score, "replay": cmd_replay, "rules": cmd_rules, "solve": cmd_solve, "simulate": cmd_simulate,
    "advise": cmd_advise, "review": cmd_review, "throws": cmd_throws,
}
"""What carries out each subcommand of :func:`greed_game.cli_args.build_parser` (none: the window)."""


def _handler(args: argparse.Namespace) -> Handler:
    return HANDLERS.get(getattr(args, "command", None) or "", cmd_window)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``greed-game``; returns the exit status."""
    from greed_game.solutions import Solutions

    arguments = sys.argv[1:] if argv is None else list(argv)
    # No arguments opens the window: it starts without building every subcommand's parser first.
    if arguments:
        from greed_game.cli_args import build_parser

        args = build_parser().parse_args(arguments)
    else:
        args = cast("argparse.Namespace", SimpleNamespace())
    # The one solutions service of this run: shipped books, then the disk cache, then a solve.
    solutions = Solutions.for_program()
    try:
        return _handler(args)(args, solutions)
    except UsageError as exc:
        from greed_game.rules.ruleset import shown

        sys.stderr.write(f"greed-game: {shown(str(exc))}\n")
        return 2
    except ValueError as exc:
        from greed_game.ai.progress import TooHard
        from greed_game.rules import RecordError, RulesError
        from greed_game.rules.ruleset import shown

        if not isinstance(exc, (RulesError, RecordError, TooHard)):
            raise
        sys.stderr.write(f"greed-game: {shown(str(exc))}\n")
        return 2
    except (MemoryError, RecursionError, OverflowError):
        # A last guard: every input is bounded before the work starts, so this means a limit was missed.
        sys.stderr.write("greed-game: the input is too large or too deeply nested to handle\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    finally:
        _say_notes(solutions.notes)


if __name__ == "__main__":
    sys.exit(main())
