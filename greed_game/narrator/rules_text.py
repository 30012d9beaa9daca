"""Readable rules text, worded from a rule set's fields (the rules screen and ``greed-game rules ID``).

Every number is the one in force (overrides included), and the dice are
named in the vocabulary of the skin the game is played with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from greed_game.narrator.words import COUNT_WORDS, LETTER_COLOURS, LETTERS, Skin, Vocabulary, num
from greed_game.rules.ruleset import RuleSet

_COUNT_WORDS = COUNT_WORDS
_n = num

_FIELDS = ("target", "entry_minimum", "dice")


def description(rules: RuleSet) -> str:
    """The rule set's description with the figures in force: ``{target}`` reads ``5,000``, or ``1,500``.

    Presets write their figures as ``{target}``, ``{entry_minimum}`` and ``{dice}``
    so that a game whose setup changes them is not described with the preset's own.
    """
    text = rules.description
    for name in _FIELDS:
        text = text.replace("{" + name + "}", num(getattr(rules, name)))
    return text


def source_line(source: str) -> str:
    """Where the rules come from, in words. A number in front (``"002: $GREED instructions"``, as rules files of
    earlier versions had it) means nothing to a reader and is left out."""
    match = re.fullmatch(r"\s*\d{3}:\s+(.+)", source, re.DOTALL)
    text = (match.group(1) if match else source).strip()
    return f"Where these rules come from: {text}{'' if text.endswith(('.', '!', '?')) else '.'}"


def summary(rules: RuleSet) -> list[str]:
    """Two short lines of the rules' main figures (the new-game screen)."""
    entry = f"entry {num(rules.entry_minimum)}" if rules.entry_minimum else "no entry minimum"
    carry = {"none": "no carryover", "free": "carryover", "strict": "strict carryover"}[rules.carryover]
    end = {"one-more-turn": "one more turn each", "must-top": "others must top", "score-to-beat": "score to beat"}[
        rules.end
    ]
    hot = "hot dice must be thrown" if rules.hot_dice == "mandatory" else "hot dice optional"
    return [f"{rules.dice} dice  ·  target {num(rules.target)}  ·  {entry}", f"{carry}  ·  {hot}  ·  end: {end}"]


@dataclass(frozen=True)
class ScoringRow:
    """One row of the scoring table: a label, the combinations it pictures with their points, and the same in
    sentences (the text of the rules). A row of words only (a note) pictures nothing."""

    label: str
    combos: tuple[tuple[tuple[int, ...], int], ...]
    """``(faces, points)``: the dice of each combination, and what it scores."""
    words: tuple[str, ...]


def scoring_rows(rules: RuleSet, vocab: Vocabulary) -> list[ScoringRow]:
    """The scoring table of ``rules``, in the vocabulary of the dice (the rules screen pictures the combinations)."""
    s = rules.scoring
    rows: list[ScoringRow] = []
    if s.singles:
        rows.append(ScoringRow(
            "Single dice", tuple(((face,), points) for face, points in s.singles),
            tuple(f"Each single {vocab.face(face)}: {_n(points)}" for face, points in s.singles)))
    kinds = s.kind_points()
    for n in (3, 4, 5, 6):
        if n > rules.dice:
            continue
        row = [(f, kinds[(n, f)]) for f in range(1, 7) if (n, f) in kinds]
        if not row:
            continue
        values = {p for _, p in row}
        label = f"{_COUNT_WORDS[n].capitalize()} of a kind"
        if len(values) == 1 and len(row) == 6:
            rows.append(ScoringRow(label, (), (f"Any {_COUNT_WORDS[n]} of a kind: {_n(row[0][1])}",)))
        else:
            parts = ", ".join(f"{_COUNT_WORDS[n]} {vocab.face_plural(f)} {_n(p)}" for f, p in row)
            rows.append(ScoringRow(label, tuple(((f,) * n, p) for f, p in row), (f"{label}: {parts}",)))
    triples = {f for f in range(1, 7) if (3, f) in kinds}
    missing = [f for f in (1, 5) if f not in triples and any(sf == f for sf, _ in s.singles)]
    for f in missing:
        rows.append(ScoringRow("", (), (f"Three {vocab.face_plural(f)} are no triple: they count as three singles",)))
    if s.more_of_a_kind == "doubling":
        steps = ["four of a kind doubles the triple", "five doubles again", "six doubles again"][: rules.dice - 3]
        if steps:
            rows.append(ScoringRow("", (), (", ".join(steps).capitalize(),)))
    elif rules.dice > 3:
        rows.append(ScoringRow("", (), ("Dice beyond a listed combination count only as singles",)))
    for combo in s.sets:
        if len(combo.faces) <= rules.dice:
            digits = "-".join(map(str, combo.faces))
            if vocab.skin == "greed":
                letters = " ".join(LETTERS[f] for f in combo.faces)
                # letter dice show no numbers: a name such as "straight 1-2-3-4-5" is spelt in letters
                label = combo.name.replace(digits, letters.replace(" ", "-")) if digits in combo.name else (
                    f"{combo.name} ({letters})")
            else:
                label = combo.name if digits in combo.name else f"{combo.name} ({digits})"
            label = f"{label[0].upper()}{label[1:]}"
            rows.append(ScoringRow(label, ((combo.faces, combo.points),), (f"{label}: {_n(combo.points)}",)))
    if s.pairs is not None and 2 * s.pairs.count <= rules.dice:
        extra = " (four of a kind plus a pair counts)" if s.pairs.four_of_a_kind_counts_as_two else ""
        label = f"{_COUNT_WORDS[s.pairs.count].capitalize()} pairs in one throw"
        example = tuple(f for f in (2, 4, 6, 3, 1, 5)[: s.pairs.count] for _ in range(2))
        rows.append(ScoringRow(f"{_COUNT_WORDS[s.pairs.count].capitalize()} pairs (any)", ((example, s.pairs.points),),
                               (f"{label}{extra}: {_n(s.pairs.points)}",)))
    return rows


def _scoring_lines(rules: RuleSet, vocab: Vocabulary) -> list[str]:
    return [line for row in scoring_rows(rules, vocab) for line in row.words]


def rules_text(rules: RuleSet, skin: Skin | None = None) -> str:
    """The whole rules of ``rules`` as plain text, in sections, with dice named as ``skin`` shows them."""
    vocab = Vocabulary(skin if skin is not None else rules.skin)
    out = _opening(rules, vocab) + _a_turn(rules) + _getting_on(rules) + _carryover(rules, vocab) + _the_end(rules)
    return "\n".join(out) + "\n"


def _opening(rules: RuleSet, vocab: Vocabulary) -> list[str]:
    """The name, description and source, the dice, and the scoring table."""
    out: list[str] = [f"{rules.name} ({rules.id})"]
    if rules.description:
        out += ["", description(rules)]
    if rules.source:
        out += [source_line(rules.source)]
    out += ["", "THE DICE", f"{rules.dice} six-sided dice."]
    if vocab.skin == "greed":
        names = ", ".join(f"{LETTERS[f]} ({LETTER_COLOURS[f]}) for {f}" for f in range(1, 7))
        out.append(f"Played with the $GREED letter dice: {names}. The two E's are different faces.")
    out += ["", "SCORING", "A combination counts only if all its dice come from the same throw."]
    out += [f"  {line}" for line in _scoring_lines(rules, vocab)]
    return out


def _a_turn(rules: RuleSet) -> list[str]:
    """How a turn goes: throwing, setting aside, banking, hot dice."""
    out: list[str] = [
        "",
        "A TURN",
        f"Throw all {rules.dice} dice. After every throw set aside at least one scoring die; every die",
        "you set aside must belong to a scoring combination of that throw. Then throw the rest",
        "again or bank your turn total. A throw with no scoring die is a bust: the turn ends and",
        "its points are lost. You bank only after setting aside at least one die this turn.",
    ]
    if rules.hot_dice == "mandatory":
        out.append(f"Hot dice: when all {rules.dice} dice have scored, you must throw all {rules.dice} again.")
    else:
        out.append(f"Hot dice: when all {rules.dice} dice have scored, you may throw all {rules.dice} again or bank.")
    if rules.bank_keeps_best:
        out.append(
            "You may not stop leaving scoring dice on the felt: banking sets aside every scoring die of "
            "the last throw (the best selection); if that is all the dice, hot dice applies and you must throw."
        )
    if rules.doubles_rescue:
        out.append(
            "Doubles at the end: throwing your last two dice as a pair that scores nothing is no bust; "
            f"you get {rules.dice} fresh dice and may throw or bank (you bank only after setting aside a die)."
        )
    return out


def _getting_on(rules: RuleSet) -> list[str]:
    """The entry minimum, and which points count towards it."""
    out: list[str] = ["", "GETTING ON THE BOARD"]
    if rules.entry_minimum == 0:
        out.append("No minimum: every banked turn counts.")
    else:
        # Which points count only matters where points can be taken over from another player.
        carried = ""
        if rules.carryover != "none":
            carried = (
                " Carried points count towards it."
                if rules.entry_counts_carried
                else " Only your own points count: points taken over by carryover do not."
            )
        out.append(
            f"You need at least {_n(rules.entry_minimum)} points in one turn to get on the board. "
            f"Until then you may not bank less: keep throwing until you qualify or bust.{carried}"
        )
    return out


def _carryover(rules: RuleSet, vocab: Vocabulary) -> list[str]:
    """Passing the dice on: whether, and on what terms."""
    out: list[str] = ["", "PASSING THE DICE (CARRYOVER)"]
    if rules.carryover == "none":
        out.append("None: the next player always starts with fresh dice.")
    else:
        out.append(
            "When you bank with dice still unthrown, the next player may take over those dice and your "
            "banked turn total, or start fresh. None after a bust, and none after banking hot dice."
        )
        if rules.carryover == "strict":
            faces = vocab.faces_or(rules.carryover_faces)
            out.append(
                f"A taker must throw exactly the dice left. The throw must show a {faces}, and the dice set "
                f"aside from it must include a {faces} (alone or inside a combination); otherwise it is a bust. "
                "A declined carryover is lost."
            )
        out.append("A taker who banks with dice left offers them on in turn.")
    return out


def _the_end(rules: RuleSet) -> list[str]:
    """How the game ends, who starts, and what a void throw is."""
    out: list[str] = ["", "END OF THE GAME"]
    target = _n(rules.target)
    if rules.end == "one-more-turn":
        out.append(
            f"When a player banks to {target} or more, every other player gets one more turn, in seat order. "
            "The highest total wins; equal top scores share the win."
        )
    elif rules.end == "must-top":
        out.append(
            f"When a player reaches {target} or more, that player stops. Every other player gets one turn to "
            "top the high score: in that turn you may bank only if your total beats it (not at a tie). "
            "The highest total wins."
        )
    else:
        out.append(
            f"The first total of {target} or more becomes the score to beat. Every other player gets one turn; "
            "whoever beats it sets a new score to beat and everyone else gets one more turn. The game ends "
            "after a full cycle with no new high score. A tie goes to whoever reached that score first."
        )
    out += ["", "FIRST PLAYER"]
    out.append(
        {
            "seat-order": "The first seat starts; play goes round in seat order.",
            "high-die": "Everyone throws one die; the highest starts (ties throw again).",
            "best-roll": f"Everyone throws all {rules.dice} dice; the best-scoring throw starts (ties throw again).",
        }[rules.first_player]
    )
    out += [
        "",
        "VOID THROWS",
        "If a die leaves the felt or ends leaning on another die or the rail, the throw does not count:",
        "all dice of that throw are thrown again. Nothing else changes.",
    ]
    return out
