"""Statistics across games: per player name, per computer level, and how fair the dice have been.

Everything here is pure: :class:`Stats` is built from finished game records and
read from or written to JSON text (``greed-stats/1``); :func:`statistics_view`
computes what the Statistics screen shows. Files are :mod:`greed_game.storage`'s
business.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from greed_game.i18n import _, number, percent
from greed_game.names import clean_name, valid_name
from greed_game.said import Said, SaidError

if TYPE_CHECKING:
    from greed_game.rules import Record

STATS_FORMAT = "greed-stats/1"
COUNTED_LIMIT = 2000
"""How many counted games are remembered (so a game is never counted twice)."""
MIN_DICE_FOR_VERDICT = 60
"""Below this many dice the fairness panel does not judge (10 expected per face)."""


class StatsError(SaidError):
    """Statistics data that cannot be used; the message is written for a player."""


@dataclass
class PlayerStats:
    """Running totals for one player name."""

    games: int = 0
    wins: int = 0
    turns: int = 0
    """Finished turns, busts included."""
    busts: int = 0
    total_banked: int = 0
    """Points added to the score by banking, over all turns."""
    best_turn: int = 0
    """The most points one turn added to the score."""

    @property
    def average_turn(self) -> float:
        """Points per turn, busts counted as 0 (0.0 before any turn)."""
        return self.total_banked / self.turns if self.turns else 0.0

    @property
    def bust_rate(self) -> float:
        """Share of turns that ended in a bust, 0..1 (0.0 before any turn)."""
        return self.busts / self.turns if self.turns else 0.0

    @property
    def win_rate(self) -> float:
        """Share of games won, 0..1 (shared wins count as wins)."""
        return self.wins / self.games if self.games else 0.0

    def to_data(self) -> dict[str, int]:
        """JSON-ready data."""
        return {
            "games": self.games,
            "wins": self.wins,
            "turns": self.turns,
            "busts": self.busts,
            "total_banked": self.total_banked,
            "best_turn": self.best_turn,
        }


def game_key(record: Record) -> str:
    """A fingerprint of a game (rules, players and events) so it is counted once."""
    data = record.to_data()
    core = {k: data.get(k) for k in ("rules", "overrides", "players", "events")}
    return hashlib.sha256(json.dumps(core, sort_keys=True).encode()).hexdigest()[:32]


@dataclass
class Stats:
    """Statistics of every finished game counted so far."""

    players: dict[str, PlayerStats] = field(default_factory=dict)
    faces: list[int] = field(default_factory=lambda: [0] * 6)
    """How often each face 1..6 came up, over every throw of every counted game."""
    counted: list[str] = field(default_factory=list)
    """Keys (:func:`game_key`) of the latest games counted, oldest first."""
    games: int = 0
    """Finished games counted."""
    levels: dict[str, PlayerStats] = field(default_factory=dict)
    """Running totals for each computer level, over every seat it played (whatever the seat's name): a game
    counts once for a level, won when any seat of that level won."""

    def add_game(self, record: Record) -> bool:
        """Count a finished game; returns False (and changes nothing) if it was already counted.

        Raises :class:`~greed_game.rules.RecordError` if the record cannot be
        replayed and :class:`StatsError` if the game is not finished.
        """
        key = game_key(record)
        if key in self.counted:
            return False
        # The settings read names through here when the window starts: the rules come only with a game.
        from greed_game.presets import replay
        from greed_game.rules.history import game_history

        game = replay(record)
        if not game.finished:
            raise StatsError(Said("only finished games are counted in the statistics"))
        hist = game_history(game)
        names = [clean_name(p.name, f"Player {i + 1}") for i, p in enumerate(game.players)]
        for name in dict.fromkeys(names):
            entry = self.players.setdefault(name, PlayerStats())
            entry.games += 1
            if any(names[seat] == name for seat in game.winners):
                entry.wins += 1
        kinds = [p.kind if p.kind != "human" and valid_name(p.kind) else None for p in game.players]
        for kind in dict.fromkeys(k for k in kinds if k is not None):
            figures = self.levels.setdefault(kind, PlayerStats())
            figures.games += 1
            if any(kinds[seat] == kind for seat in game.winners):
                figures.wins += 1
        for turn in hist.turns:
            entries = [self.players[names[turn.seat]]]
            level = kinds[turn.seat]
            if level is not None:
                entries.append(self.levels[level])
            for entry in entries:
                entry.turns += 1
                if turn.bust:
                    entry.busts += 1
                entry.total_banked += turn.points
                entry.best_turn = max(entry.best_turn, turn.points)
        for i, n in enumerate(hist.faces):
            self.faces[i] += n
        self.counted.append(key)
        del self.counted[:-COUNTED_LIMIT]
        self.games += 1
        return True

    def to_data(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "format": STATS_FORMAT,
            "games": self.games,
            "players": {name: p.to_data() for name, p in sorted(self.players.items())},
            "levels": {name: p.to_data() for name, p in sorted(self.levels.items())},
            "faces": list(self.faces),
            "counted": list(self.counted),
        }

    def to_text(self) -> str:
        """The statistics as the text of ``stats.json``."""
        return json.dumps(self.to_data(), indent=1, ensure_ascii=False) + "\n"


def _count(value: object, where: Said) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StatsError(Said("{where} must be a whole number of at least 0, not {value}", where=where,
                              value=repr(value)[:80]))
    return value


def check_format(data: Mapping[str, Any], expected: str, not_it: Said) -> None:
    """Raise a plain-words error unless ``data["format"]`` is ``expected`` (``"name/version"``); ``not_it`` says
    that the file is not of that kind at all."""
    fmt = data.get("format")
    if fmt == expected:
        return
    name, _slash, version = expected.partition("/")
    if isinstance(fmt, str) and fmt.startswith(name + "/"):
        found = fmt[len(name) + 1 :]
        if found.isdecimal() and len(found) < 10 and int(found) > int(version):
            raise StatsError(Said("it was written by a newer version of the game (format {fmt}); update the game",
                                  fmt=repr(fmt)))
        raise StatsError(Said("it is of format {fmt}, which this version does not read", fmt=repr(fmt[:40])))
    raise StatsError(not_it)


def stats_from_data(data: object) -> Stats:
    """Statistics from parsed JSON; raises :class:`StatsError` on anything impossible."""
    if not isinstance(data, Mapping):
        raise StatsError(Said("it does not hold statistics"))
    check_format(data, STATS_FORMAT, Said("it is not a Greed statistics file"))
    players = _figures_table(data.get("players", {}), Said("its player table is damaged"),
                             Said("it names an impossible player {name}"))
    levels = _figures_table(data.get("levels", {}), Said("its computer level table is damaged"),
                            Said("it names an impossible computer level {name}"))
    raw_faces = data.get("faces", [0] * 6)
    if not isinstance(raw_faces, list) or len(raw_faces) != 6:
        raise StatsError(Said("its dice counts must be six numbers, one a face"))
    faces = [_count(n, Said("the count of face {face}", face=i)) for i, n in enumerate(raw_faces, start=1)]
    raw_counted = data.get("counted", [])
    if not isinstance(raw_counted, list) or not all(isinstance(k, str) and len(k) <= 64 for k in raw_counted):
        raise StatsError(Said("its list of counted games is damaged"))
    games = _count(data.get("games", len(raw_counted)), Said("the number of games"))
    if any(p.games > games for p in [*players.values(), *levels.values()]):
        raise StatsError(Said("a player has more games than were counted in all"))
    return Stats(players, faces, list(raw_counted[-COUNTED_LIMIT:]), games, levels)


def _figures_table(raw_table: object, damaged: Said, impossible: Said) -> dict[str, PlayerStats]:
    """A table of figures by name (players or computer levels) from parsed JSON."""
    if not isinstance(raw_table, Mapping):
        raise StatsError(damaged)
    players: dict[str, PlayerStats] = {}
    for name, raw in raw_table.items():
        if not valid_name(name):
            raise StatsError(impossible.but(name=repr(name)[:80]))
        if not isinstance(raw, Mapping):
            raise StatsError(Said("the figures of {name} are damaged", name=repr(name)))
        known = set(PlayerStats().to_data())
        unknown = set(raw) - known
        if unknown:
            raise StatsError(Said("the figures of {name} hold unknown fields: {fields}",
                                  name=repr(name), fields=', '.join(sorted(map(str, unknown)))))
        p = PlayerStats(**{k: _count(raw.get(k, 0), Said("the figure {figure} of {name}",
                                                         figure=k, name=repr(name))) for k in known})
        if p.wins > p.games:
            raise StatsError(Said("{name} has more wins ({wins}) than games ({games})",
                                  name=repr(name), wins=p.wins, games=p.games))
        if p.busts > p.turns:
            raise StatsError(Said("{name} has more busts ({busts}) than turns ({turns})",
                                  name=repr(name), busts=p.busts, turns=p.turns))
        if p.best_turn > p.total_banked:
            raise StatsError(Said("{name} has a best turn ({best_turn}) above all points banked ({total_banked})",
                                  name=repr(name), best_turn=p.best_turn, total_banked=p.total_banked))
        if p.turns and not p.games:
            raise StatsError(Said("{name} has turns but no games", name=repr(name)))
        players[name] = p
    return players


# --- dice fairness ----------------------------------------------------------------


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` (whole, >= 1) degrees of freedom.

    Closed forms for whole degrees of freedom: for even ``df`` a finite Poisson
    sum, for odd ``df`` the normal tail plus a finite sum. Exact to float precision.
    """
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if x <= 0 or math.isnan(x):
        return 1.0
    if math.isinf(x):
        return 0.0
    half = x / 2.0
    if df % 2 == 0:
        term = math.exp(-half)
        total = term
        for j in range(1, df // 2):
            term *= half / j
            total += term
        return min(1.0, total)
    total = math.erfc(math.sqrt(half))
    if df > 1:
        term = math.sqrt(2.0 * x / math.pi) * math.exp(-half)
        acc = term
        for j in range(1, (df - 1) // 2):
            term *= x / (2 * j + 1)
            acc += term
        total += acc
    return min(1.0, total)


def chi_square(counts: list[int] | tuple[int, ...]) -> tuple[float, float] | None:
    """Pearson's chi-square statistic and p-value of face counts against fair dice.

    Returns None when no die was thrown. Degrees of freedom: faces - 1.
    """
    total = sum(counts)
    if total == 0 or len(counts) < 2:
        return None
    expected = total / len(counts)
    stat = sum((n - expected) ** 2 / expected for n in counts)
    return stat, chi_square_sf(stat, len(counts) - 1)


@dataclass(frozen=True)
class FaceRow:
    """One face in the fairness panel."""

    face: int
    count: int
    expected: float
    share: float
    """Share of all dice that showed this face (0..1; 1/6 is fair)."""


@dataclass(frozen=True)
class Fairness:
    """The dice fairness panel: each face against the expected, and a chi-square test."""

    faces: tuple[FaceRow, ...]
    dice: int
    """Dice counted (each die of each throw)."""
    chi_square: float | None
    p_value: float | None
    verdict: str
    """One sentence in plain words for the player."""


@dataclass(frozen=True)
class PlayerRow:
    """One line of the players table."""

    name: str
    games: int
    wins: int
    win_rate: float
    turns: int
    average_turn: float
    best_turn: int
    bust_rate: float


@dataclass(frozen=True)
class StatisticsView:
    """Everything the Statistics screen shows."""

    players: tuple[PlayerRow, ...]
    """Most games first, then by name."""
    fairness: Fairness
    games: int
    """Finished games counted."""
    problems: tuple[Said, ...] = ()
    """Plain-words reports about the statistics file (shown once)."""
    levels: tuple[PlayerRow, ...] = ()
    """The computer levels' figures, most games first (``name`` is the level)."""

    def lines(self) -> list[str]:
        """The view as plain text lines (for a simple screen or the command line)."""
        out = [f"Games counted: {self.games}"]
        if not self.players:
            out.append("No finished games yet.")
        for p in self.players:
            out.append(
                f"{p.name}: {p.games} games, {p.wins} wins ({p.win_rate:.0%}), "
                f"average turn {p.average_turn:.0f}, best turn {p.best_turn}, busts {p.bust_rate:.0%}"
            )
        f = self.fairness
        out.append(
            "Dice: "
            + ", ".join(f"{row.face}: {row.count} ({row.share:.1%})" for row in f.faces)
            + f" of {f.dice} dice; expected {f.dice / 6:.1f} each"
        )
        if f.chi_square is not None and f.p_value is not None:
            out.append(f"Chi-square {f.chi_square:.2f} (5 degrees of freedom), p = {f.p_value:.3f}")
        out.append(f.verdict)
        return out


def fairness(faces: list[int] | tuple[int, ...]) -> Fairness:
    """The fairness panel of face counts."""
    total = sum(faces)
    expected = total / 6
    rows = tuple(
        FaceRow(face=i + 1, count=n, expected=expected, share=n / total if total else 0.0) for i, n in enumerate(faces)
    )
    test = chi_square(list(faces))
    if test is None:
        return Fairness(rows, 0, None, None, _("No dice thrown yet."))
    stat, p = test
    if total < MIN_DICE_FOR_VERDICT:
        verdict = _("Only {count} dice so far: too few to judge the dice.").format(count=number(total))
    elif p < 0.001:
        verdict = _("The faces are far from even: this would happen by chance less than once in a thousand.")
    elif p < 0.01:
        verdict = _("The faces are uneven: this would happen by chance about once in a hundred or less.")
    else:
        verdict = _("The faces are as even as fair dice would be (a spread like this happens {share} of the "
                    "time).").format(share=percent(p))
    return Fairness(rows, total, stat, p, verdict)


def _rows(table: dict[str, PlayerStats]) -> tuple[PlayerRow, ...]:
    rows = [
        PlayerRow(
            name=name,
            games=p.games,
            wins=p.wins,
            win_rate=p.win_rate,
            turns=p.turns,
            average_turn=p.average_turn,
            best_turn=p.best_turn,
            bust_rate=p.bust_rate,
        )
        for name, p in table.items()
    ]
    rows.sort(key=lambda r: (-r.games, r.name.casefold(), r.name))
    return tuple(rows)


def statistics_view(stats: Stats, problems: list[Said] | tuple[Said, ...] = ()) -> StatisticsView:
    """What the Statistics screen shows for ``stats``."""
    return StatisticsView(_rows(stats.players), fairness(stats.faces), stats.games, tuple(problems),
                          _rows(stats.levels))


__all__ = [
    "STATS_FORMAT",
    "FaceRow",
    "Fairness",
    "PlayerRow",
    "PlayerStats",
    "StatisticsView",
    "Stats",
    "StatsError",
    "chi_square",
    "chi_square_sf",
    "clean_name",
    "fairness",
    "game_key",
    "statistics_view",
    "stats_from_data",
    "valid_name",
]
