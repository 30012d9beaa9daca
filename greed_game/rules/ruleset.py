"""Rule sets as data: a frozen type loaded from a TOML rules file.

The five presets are files under ``assets/rules``; a player's own file loads the
same way. Every knob of the rules contract is a field here, so variants differ
by data, never by ``if preset == ...``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from greed_game.rules.dice import EMPTY, contains, multisets, size
from greed_game.rules.reach import ENTRY_ODDS, Turn, entry_within_reach, most_points
from greed_game.rules.scoring import PairsRule, Scoring, ScoringTable, SetCombo, combos_of, table_for
from greed_game.said import Said, SaidError

FORMAT = 1
MAX_POINTS = 1_000_000
"""No combination scores more: every sum and every solver table stays small and exact."""
MAX_TARGET = 1_000_000_000
"""The highest target (and entry minimum) a rules file may set."""
MAX_TARGET_RATIO = 1_000
"""How many times the smallest score the target (and entry minimum) may be: a game ends in a sane number of turns."""
MAX_TEXT = 2_000
"""The longest name, description or source a rules file may have."""


def shown(text: str) -> str:
    """``text`` safe to show on a screen or a terminal: control and direction characters escaped (``\\x00``)."""
    if not any(_unprintable(ch) or ch in "\n\t" for ch in text):
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii") if _unprintable(ch) or ch in "\n\t" else ch
                   for ch in text)


def _unprintable(ch: str) -> bool:
    """Control and direction-changing characters: shown raw they garble a screen or a terminal."""
    if ch in "\n\t":
        return False
    category = unicodedata.category(ch)
    return category == "Cc" or (category == "Cf" and ch not in "\u200d\u200c")

HotDice = Literal["optional", "mandatory"]
CarryoverMode = Literal["none", "free", "strict"]
EndMode = Literal["one-more-turn", "must-top", "score-to-beat"]
FirstPlayerMode = Literal["seat-order", "high-die", "best-roll"]
Skin = Literal["pips", "greed"]

_IN_FILE = "{origin}: {problem}"
"""A template that holds no words: not for translation."""

_CHOICES: dict[str, tuple[str, ...]] = {
    "hot_dice": ("optional", "mandatory"),
    "carryover": ("none", "free", "strict"),
    "end": ("one-more-turn", "must-top", "score-to-beat"),
    "first_player": ("seat-order", "high-die", "best-roll"),
    "skin": ("pips", "greed"),
    "scoring.more_of_a_kind": ("none", "doubling"),
}


class RulesError(SaidError):
    """A rules file or rules table that cannot be played; names the field at fault."""

    def __init__(self, field: str, problem: Said, *, origin: str = "") -> None:
        self.field = field
        self.origin = origin
        self.problem = problem
        """What is wrong, without the file and the field."""
        self.here = Said("field '{field}': {problem}", field=shown(field), problem=problem) if field else problem
        """What is wrong and where in the file, without the file's name."""
        super().__init__(Said(_IN_FILE, origin=shown(origin), problem=self.here) if origin else self.here)


@dataclass(frozen=True)
class RuleSet:
    """Every rule of one house of Greed; see ``assets/rules`` for the presets."""

    id: str
    name: str
    description: str
    source: str
    dice: int
    target: int
    entry_minimum: int
    entry_counts_carried: bool
    hot_dice: HotDice
    carryover: CarryoverMode
    carryover_faces: tuple[int, ...]
    bank_keeps_best: bool
    doubles_rescue: bool
    end: EndMode
    first_player: FirstPlayerMode
    skin: Skin
    scoring: Scoring

    @property
    def table(self) -> ScoringTable:
        """The scoring table of this rule set (built once, then cached)."""
        return table_for(self.scoring)

    def to_dict(self) -> dict[str, Any]:
        """The rule set as a rules table that :func:`parse_rules` reads back."""
        kinds: dict[str, dict[str, int]] = {}
        for n, face, points in self.scoring.of_a_kind:
            kinds.setdefault(str(n), {})[str(face)] = points
        scoring: dict[str, Any] = {
            "singles": {str(f): p for f, p in self.scoring.singles},
            "more_of_a_kind": self.scoring.more_of_a_kind,
            "of_a_kind": kinds,
            "sets": [{"name": s.name, "faces": list(s.faces), "points": s.points} for s in self.scoring.sets],
        }
        if self.scoring.pairs is not None:
            p = self.scoring.pairs
            scoring["pairs"] = {
                "count": p.count,
                "points": p.points,
                "four_of_a_kind_counts_as_two": p.four_of_a_kind_counts_as_two,
            }
        return {
            "format": FORMAT,
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "source": self.source,
            "dice": self.dice,
            "target": self.target,
            "entry_minimum": self.entry_minimum,
            "entry_counts_carried": self.entry_counts_carried,
            "hot_dice": self.hot_dice,
            "carryover": self.carryover,
            "carryover_faces": list(self.carryover_faces),
            "bank_keeps_best": self.bank_keeps_best,
            "doubles_rescue": self.doubles_rescue,
            "end": self.end,
            "first_player": self.first_player,
            "skin": self.skin,
            "scoring": scoring,
        }

    def content_key(self) -> str:
        """A hash of everything that changes play (names and texts excluded)."""
        data = self.to_dict()
        for field in ("id", "name", "description", "source", "skin"):
            data.pop(field)
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]

    def with_overrides(self, overrides: Mapping[str, Any], *, origin: str = "overrides") -> RuleSet:
        """A copy with single fields changed; ``{"target": 2000}`` or nested tables."""
        if not overrides:
            return self
        merged = _deep_merge(self.to_dict(), overrides)
        return parse_rules(merged, origin=origin)

    def __repr__(self) -> str:
        return f"RuleSet(id={self.id!r}, dice={self.dice}, target={self.target})"


def _deep_merge(base: dict[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in extra.items():
        if "." in key:
            head, rest = key.split(".", 1)
            value = {rest: value}
            key = head
        if isinstance(value, Mapping) and isinstance(out.get(key), dict):
            out[key] = _deep_merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


_TOP_FIELDS = {
    "format", "id", "name", "description", "source", "dice", "target", "entry_minimum",
    "entry_counts_carried", "hot_dice", "carryover", "carryover_faces", "bank_keeps_best",
    "doubles_rescue", "end", "first_player", "skin", "scoring",
}
_SCORING_FIELDS = {"singles", "of_a_kind", "more_of_a_kind", "sets", "pairs"}
_PAIRS_FIELDS = {"count", "points", "four_of_a_kind_counts_as_two"}
_SET_FIELDS = {"name", "faces", "points"}
_DEFAULTS: dict[str, Any] = {
    "description": "",
    "source": "",
    "entry_minimum": 0,
    "entry_counts_carried": True,
    "hot_dice": "optional",
    "carryover": "none",
    "carryover_faces": [1, 5],
    "bank_keeps_best": False,
    "doubles_rescue": False,
    "end": "one-more-turn",
    "first_player": "seat-order",
    "skin": "pips",
}


class _Reader:
    """Typed field access that raises :class:`RulesError` naming the field."""

    def __init__(self, origin: str) -> None:
        self.origin = origin

    def fail(self, field: str, problem: Said) -> RulesError:
        return RulesError(field, problem, origin=self.origin)

    def table(self, value: object, field: str, allowed: set[str]) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(field, Said("must be a table, not {type_name}", type_name=_type_name(value)))
        for key in value:
            if key not in allowed:
                name = f"{field}.{key}" if field else str(key)
                raise self.fail(name, Said("unknown field (known fields: {known})", known=', '.join(sorted(allowed))))
        return value

    def int_(self, value: object, field: str, *, low: int | None = 0, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(field, Said("must be a whole number, not {type_name}", type_name=_type_name(value)))
        if low is not None and value < low:
            raise self.fail(field, Said("must be at least {low}, not {value}", low=low, value=value) if low
                            else Said("must not be negative ({value})", value=value))
        if high is not None and value > high:
            raise self.fail(field, Said("must be at most {high}, not {value}", high=high, value=value))
        return value

    def bool_(self, value: object, field: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(field, Said("must be true or false, not {type_name}", type_name=_type_name(value)))
        return value

    def str_(self, value: object, field: str) -> str:
        if not isinstance(value, str):
            raise self.fail(field, Said("must be text, not {type_name}", type_name=_type_name(value)))
        bad = next((ch for ch in value if _unprintable(ch)), None)
        if bad is not None:
            raise self.fail(field, Said("holds a control character (U+{code}), which cannot be shown",
                                        code=f"{ord(bad):04X}"))
        if len(value) > MAX_TEXT:
            raise self.fail(field, Said("is {count} characters long; at most {max_text}",
                                        count=len(value), max_text=MAX_TEXT))
        return value

    def choice(self, value: object, field: str) -> str:
        text = self.str_(value, field)
        options = _CHOICES[field]
        if text not in options:
            raise self.fail(field, Said("must be one of {options}, not {text}",
                                        options=', '.join(repr(o) for o in options), text=repr(text)))
        return text

    def face(self, value: object, field: str) -> int:
        if isinstance(value, str) and value.isascii() and value.isdecimal():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
            raise self.fail(field, Said("names face {face}, but faces are 1 to 6", face=repr(value)))
        return value

    def faces(self, value: object, field: str, *, max_len: int = 6) -> tuple[int, ...]:
        if not isinstance(value, list) or not value:
            raise self.fail(field, Said("must be a non-empty list of faces (1 to 6)"))
        if len(value) > max_len:
            raise self.fail(field, Said("lists {count} dice; at most {max_len} dice are thrown",
                                        count=len(value), max_len=max_len))
        return tuple(self.face(v, f"{field}[{i}]") for i, v in enumerate(value))


def _type_name(value: object) -> Said:
    if isinstance(value, bool):
        return Said("true/false")
    if isinstance(value, int):
        return Said("the number {number}", number=str(value))
    if isinstance(value, float):
        return Said("the decimal {number}", number=str(value))
    if isinstance(value, str):
        return Said("the text {text}", text=repr(value))
    if isinstance(value, list):
        return Said("a list")
    if isinstance(value, Mapping):
        return Said("a table")
    return Said.as_is(type(value).__name__)


def _parse_scoring(r: _Reader, value: object) -> Scoring:
    data = r.table(value, "scoring", _SCORING_FIELDS)
    singles: list[tuple[int, int]] = []
    raw_singles = data.get("singles", {})
    if not isinstance(raw_singles, Mapping):
        raise r.fail("scoring.singles", Said("must be a table of face = points, not {type_name}",
                                             type_name=_type_name(raw_singles)))
    for key, points in raw_singles.items():
        face = r.face(key, f"scoring.singles.{key}")
        singles.append((face, r.int_(points, f"scoring.singles.{key}", high=MAX_POINTS)))
    kinds: list[tuple[int, int, int]] = []
    raw_kinds = data.get("of_a_kind", {})
    if not isinstance(raw_kinds, Mapping):
        raise r.fail("scoring.of_a_kind", Said("must be a table, not {type_name}", type_name=_type_name(raw_kinds)))
    for n_key, faces in raw_kinds.items():
        field = f"scoring.of_a_kind.{n_key}"
        if not (str(n_key).isascii() and str(n_key).isdecimal()) or not 3 <= int(n_key) <= 6:
            raise r.fail(field, Said("n of a kind must be 3, 4, 5 or 6"))
        if not isinstance(faces, Mapping):
            raise r.fail(field, Said("must be a table of face = points, not {type_name}", type_name=_type_name(faces)))
        for f_key, points in faces.items():
            face = r.face(f_key, f"{field}.{f_key}")
            kinds.append((int(n_key), face, r.int_(points, f"{field}.{f_key}", high=MAX_POINTS)))
    more = r.choice(data.get("more_of_a_kind", "none"), "scoring.more_of_a_kind")
    sets: list[SetCombo] = []
    raw_sets = data.get("sets", [])
    if not isinstance(raw_sets, list):
        raise r.fail("scoring.sets", Said("must be a list of tables, not {type_name}", type_name=_type_name(raw_sets)))
    for i, item in enumerate(raw_sets):
        field = f"scoring.sets[{i}]"
        t = r.table(item, field, _SET_FIELDS)
        for needed in ("faces", "points"):
            if needed not in t:
                raise r.fail(f"{field}.{needed}", Said("is missing"))
        faces_t = r.faces(t["faces"], f"{field}.faces")
        name = r.str_(t.get("name", "-".join(map(str, faces_t))), f"{field}.name")
        sets.append(SetCombo(name, faces_t, r.int_(t["points"], f"{field}.points", high=MAX_POINTS)))
    pairs: PairsRule | None = None
    if "pairs" in data:
        t = r.table(data["pairs"], "scoring.pairs", _PAIRS_FIELDS)
        for needed in ("count", "points"):
            if needed not in t:
                raise r.fail(f"scoring.pairs.{needed}", Said("is missing"))
        pairs = PairsRule(
            r.int_(t["count"], "scoring.pairs.count", low=2, high=3),
            r.int_(t["points"], "scoring.pairs.points", high=MAX_POINTS),
            r.bool_(t.get("four_of_a_kind_counts_as_two", True), "scoring.pairs.four_of_a_kind_counts_as_two"),
        )
    if not singles and not kinds and not sets and pairs is None:
        raise r.fail("scoring", Said("names no scoring combination at all; every throw would bust"))
    if len({f for f, _ in singles}) != len(singles):
        raise r.fail("scoring.singles", Said("names a face twice"))
    return Scoring(tuple(sorted(singles)), tuple(sorted(kinds)), more, tuple(sets), pairs)


def parse_rules(data: Mapping[str, Any], *, origin: str = "rules") -> RuleSet:
    """Build a :class:`RuleSet` from a rules table, refusing anything unplayable."""
    r = _Reader(origin)
    if not isinstance(data, Mapping):
        raise r.fail("", Said("must be a table, not {type_name}", type_name=_type_name(data)))
    # The version first: a newer file may well have fields this version does not know.
    fmt = data.get("format", FORMAT)
    if r.int_(fmt, "format", low=1) > FORMAT:
        raise r.fail("format", Said("is version {fmt}, newer than this game reads ({newest}); update the game",
                                    fmt=fmt, newest=FORMAT))
    r.table(data, "", _TOP_FIELDS)
    for needed in ("id", "name", "dice", "target", "scoring"):
        if needed not in data:
            raise r.fail(needed, Said("is missing"))
    v = {**_DEFAULTS, **data}
    ident = r.str_(v["id"], "id")
    if not ident or not all(ch.isalnum() or ch in "-_" for ch in ident):
        raise r.fail("id", Said("must be letters, digits, '-' or '_', not {ident}", ident=repr(ident)))
    dice = r.int_(v["dice"], "dice", low=1, high=6)
    carry_faces = r.faces(v["carryover_faces"], "carryover_faces")
    scoring = _playable(r, _parse_scoring(r, v["scoring"]), dice)
    _can_end(r, v, scoring, dice)
    return RuleSet(
        id=ident,
        name=r.str_(v["name"], "name"),
        description=r.str_(v["description"], "description"),
        source=r.str_(v["source"], "source"),
        dice=dice,
        target=r.int_(v["target"], "target", low=1, high=MAX_TARGET),
        entry_minimum=r.int_(v["entry_minimum"], "entry_minimum", high=MAX_TARGET),
        entry_counts_carried=r.bool_(v["entry_counts_carried"], "entry_counts_carried"),
        hot_dice=cast(HotDice, r.choice(v["hot_dice"], "hot_dice")),
        carryover=cast(CarryoverMode, r.choice(v["carryover"], "carryover")),
        carryover_faces=tuple(sorted(set(carry_faces))),
        bank_keeps_best=r.bool_(v["bank_keeps_best"], "bank_keeps_best"),
        doubles_rescue=r.bool_(v["doubles_rescue"], "doubles_rescue"),
        end=cast(EndMode, r.choice(v["end"], "end")),
        first_player=cast(FirstPlayerMode, r.choice(v["first_player"], "first_player")),
        skin=cast(Skin, r.choice(v["skin"], "skin")),
        scoring=scoring,
    )


def _can_end(r: _Reader, v: Mapping[str, Any], scoring: Scoring, dice: int) -> None:
    """Refuse rules under which a game could never end, naming the field to change.

    A game ends once a player's banks reach the target, and a player banks only once on the board: so some
    combination the dice can make must be worth points (else no bank brings anyone nearer), and one turn must
    make the entry minimum often enough (:func:`greed_game.rules.reach.entry_within_reach`). An entry minimum
    above the target is fine when it is within reach: the turn that gets a player on the board also ends the
    game (the official rules at a target of 500, with 600 to get on). The target and the entry minimum are
    also held to a sane number of turns against the smallest score.
    """
    if not any(c.points > 0 for c in combos_of(scoring)):
        raise r.fail(
            "scoring",
            Said("gives no combination any points, so no one could ever reach the target: give at least one "
                 "combination points"),
        )
    positive = [c.points for c in combos_of(scoring) if c.points > 0 and size(c.counts) <= dice]
    if not positive:
        raise r.fail(
            "scoring",
            Said("gives points only to combinations of more than {dice} dice, so no one could ever reach the target: "
                 "give points to a combination of at most {dice} dice", dice=dice),
        )
    # A target far above the smallest score makes a game of countless turns: records
    # no one could replay and simulations that never finish.
    smallest = min(positive)
    most = smallest * MAX_TARGET_RATIO
    for field in ("target", "entry_minimum"):
        if r.int_(v[field], field, low=1 if field == "target" else 0, high=MAX_TARGET) > most:
            raise r.fail(
                field,
                Said("must be at most {max_target_ratio} times the smallest score ({smallest}): {most}, not {value}",
                     max_target_ratio=MAX_TARGET_RATIO, smallest=smallest, most=most, value=v[field]),
            )
    entry = r.int_(v["entry_minimum"], "entry_minimum", high=MAX_TARGET)
    turn = Turn(scoring, dice, r.bool_(v["doubles_rescue"], "doubles_rescue"))
    within = entry_within_reach(turn, entry)
    if within is not None:
        top = most_points(turn)
        why = (Said("no turn can make more than {most} points", most=int(top)) if top < entry
               else Said("one turn makes {entry} points less than once in {odds} turns", entry=entry, odds=ENTRY_ODDS))
        raise r.fail("entry_minimum", Said("is {entry}, but {why}, so no one might ever get on the board: lower it "
                                           "to at most {within}", entry=entry, why=why, within=within))


def _playable(r: _Reader, scoring: Scoring, dice: int) -> Scoring:
    """Refuse scoring under which no throw scores, or no throw of any number of dice can bust.

    Either would make play or the solver run for ever: a roll-off that never
    picks a player, or a turn that never has to end.
    """
    combos = [c.counts for c in combos_of(scoring) if size(c.counts) <= dice]
    throws = [t for t in multisets(dice) if t != EMPTY]
    scores = {t: any(contains(t, c) for c in combos) for t in throws}
    if not any(scores[t] for t in throws if size(t) == dice):
        raise r.fail("scoring", Said("no throw of {dice} dice can score: give a single or a combination the dice "
                                     "can make", dice=dice))
    if all(scores.values()):
        raise r.fail(
            "scoring",
            Said("every throw scores, whatever the number of dice, so a turn could go on for ever: "
                 "some throw must score nothing"),
        )
    return scoring


MAX_NESTING = 32
"""The deepest nesting of tables, arrays and dotted keys a rules file may have (the presets use 3)."""

_TOML_TOKENS = re.compile(
    "|".join(
        (
            r'"""[\s\S]*?"""',  # multi-line basic string
            r"'''[\s\S]*?'''",  # multi-line literal string
            r'"(?:\\.|[^"\\\n])*"',  # basic string
            r"'[^'\n]*'",  # literal string
            r"#[^\n]*",  # comment
            r"[\[\]{}.=,\n]",
        )
    )
)


def _nesting(text: str) -> int:
    """How deeply ``text`` nests, counted outside strings and comments: brackets open plus the dots of one key.

    Measured before parsing because the parser's own work grows with the depth
    (a key of 40,000 dots takes seconds and gigabytes).
    """
    depth = deepest = dots = 0
    for match in _TOML_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            dots = 0
        elif token in "]}":
            depth = max(0, depth - 1)
        elif token == ".":
            dots += 1
        elif token in "=,\n":
            dots = 0
        deepest = max(deepest, depth + dots)
    return deepest


def parse_rules_text(text: str, *, origin: str = "rules file") -> RuleSet:
    """Parse the text of a TOML rules file."""
    if _nesting(text) > MAX_NESTING:
        raise RulesError("", Said("is nested more than {max_nesting} levels deep, too deep to be a rules file",
                                  max_nesting=MAX_NESTING),
                         origin=origin)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError("", Said("is not valid TOML ({detail})", detail=str(exc)), origin=origin) from None
    except RecursionError:
        raise RulesError("", Said("is nested too deeply to be a rules file"), origin=origin) from None
    except ValueError as exc:  # e.g. an integer with thousands of digits
        raise RulesError("", Said("holds an impossible value ({detail})", detail=str(exc)), origin=origin) from None
    return parse_rules(data, origin=origin)


PRESET_IDS: tuple[str, ...] = ("pass-the-dice", "classic-five", "dollar-greed", "farkel-family", "official")
"""The preset rule sets, in the order of the rules contract (their files are read by ``greed_game.presets``)."""


__all__ = [
    "PRESET_IDS",
    "RuleSet",
    "RulesError",
    "parse_rules",
    "parse_rules_text",
]
