"""Readable rules text, worded from a rule set's fields (the rules screen and ``greed-game rules ID``).

Every number is the one in force (overrides included), and the dice are
named in the vocabulary of the skin the game is played with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from greed_game.i18n import N_, _, ngettext
from greed_game.narrator.words import LETTERS, Skin, Vocabulary, count_word, num, sentence
from greed_game.rules.ruleset import RuleSet

_n = num
LETTER_COLOUR_WORDS: dict[int, str] = {1: N_("blue"), 2: N_("ebony"), 3: N_("emerald"), 4: N_("red"),
                                       5: N_("orange"), 6: N_("silver")}
"""The colour of each $GREED letter, as the rules text names it."""

_FIELDS = ("target", "entry_minimum", "dice")

PRESET_NAMES = (N_("Classic Five"), N_("Pass the Dice"), N_("Farkel Family"), N_("Official"))
"""The presets' names as their files write them, translated where shown ($GREED is a name in every language)."""
PRESET_DESCRIPTIONS = {
    "classic-five": N_("Five dice, triples and single 1s and 5s only. Get in with a {entry_minimum}-point turn; "
                       "first to {target} and everyone else gets one more turn."),
    "dollar-greed": N_("The boxed game with six letter dice D E E R G $. Score all six and you must throw them all "
                       "again; you may never stop leaving scoring dice on the felt; reach {target} and the others "
                       "get one turn to top you."),
    "farkel-family": N_("Six dice, no entry minimum, pass the dice on freely. A 1-2-3-4-5-6 or three pairs score "
                        "1,000, and a non-scoring pair on the last two dice gives you six fresh dice."),
    "official": N_("Five dice with small and large straights. Get in with {entry_minimum} of your own points in "
                   "one turn. Pass leftover dice on: the taker must throw them and show a 1 or 5. Reach {target} to "
                   "set the score to beat."),
    "pass-the-dice": N_("Six dice. Bank whenever you like and pass the unthrown dice on: the next player may build "
                        "on your turn total or start fresh."),
}
"""The presets' descriptions as their files write them, translated where shown (a player's own file is not)."""
COMBINATION_NAMES = (N_("straight"), N_("small straight"), N_("large straight"))
"""The words the presets name their combinations with, translated where shown."""


def rules_name(rules: RuleSet) -> str:
    """The name of a rule set as players read it: a preset's in the language in force, a player's own as written."""
    return _(rules.name) if rules.name in PRESET_NAMES else rules.name


def combination_name(name: str) -> str:
    """A combination's name from a rules file (``straight 1-2-3-4-5``), its words translated where they are the
    presets' own; the faces it lists stay as they are."""
    base = name.rstrip("0123456789- ")
    return _(base) + name[len(base):] if base in COMBINATION_NAMES else name


def description(rules: RuleSet) -> str:
    """The rule set's description with the figures in force: ``{target}`` reads ``5,000``, or ``1,500``.

    Presets write their figures as ``{target}``, ``{entry_minimum}`` and ``{dice}``
    so that a game whose setup changes them is not described with the preset's own.
    """
    text = rules.description
    if PRESET_DESCRIPTIONS.get(rules.id) == text:
        text = _(text)
    for name in _FIELDS:
        text = text.replace("{" + name + "}", num(getattr(rules, name)))
    return text


def source_line(source: str) -> str:
    """Where the rules come from, in words. A number in front (``"002: $GREED instructions"``, as rules files of
    earlier versions had it) means nothing to a reader and is left out."""
    match = re.fullmatch(r"\s*\d{3}:\s+(.+)", source, re.DOTALL)
    text = (match.group(1) if match else source).strip()
    end = "" if text.endswith((".", "!", "?")) else "."
    return _("Where these rules come from: {source}").format(source=text) + end


def summary(rules: RuleSet) -> list[str]:
    """Two short lines of the rules' main figures (the new-game screen)."""
    entry = _("entry {points}").format(points=num(rules.entry_minimum)) if rules.entry_minimum else _(
        "no entry minimum")
    carry = {"none": _("no carryover"), "free": _("carryover"), "strict": _("strict carryover")}[rules.carryover]
    end = {"one-more-turn": _("one more turn each"), "must-top": _("others must top"),
           "score-to-beat": _("score to beat")}[rules.end]
    hot = _("hot dice must be thrown") if rules.hot_dice == "mandatory" else _("hot dice optional")
    dice = ngettext("{count} die", "{count} dice", rules.dice).format(count=num(rules.dice))
    return [_("{dice}  ·  target {target}  ·  {entry}").format(dice=dice, target=num(rules.target), entry=entry),
            _("{carryover}  ·  {hot}  ·  end: {end}").format(carryover=carry, hot=hot, end=end)]


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
            _("Single dice"), tuple(((face,), points) for face, points in s.singles),
            tuple(_("Each single {face}: {points}").format(face=vocab.face(face), points=_n(points))
                  for face, points in s.singles)))
    kinds = s.kind_points()
    for n in (3, 4, 5, 6):
        if n > rules.dice:
            continue
        row = [(f, kinds[(n, f)]) for f in range(1, 7) if (n, f) in kinds]
        if not row:
            continue
        values = {p for _, p in row}
        label = _("{count} of a kind").format(count=count_word(n).capitalize())
        if len(values) == 1 and len(row) == 6:
            rows.append(ScoringRow(label, (), (_("Any {count} of a kind: {points}").format(
                count=count_word(n), points=_n(row[0][1])),)))
        else:
            parts = _(", ").join(_("{dice} {points}").format(dice=vocab.many(n, f), points=_n(p)) for f, p in row)
            rows.append(ScoringRow(label, tuple(((f,) * n, p) for f, p in row),
                                   (_("{label}: {parts}").format(label=label, parts=parts),)))
    triples = {f for f in range(1, 7) if (3, f) in kinds}
    missing = [f for f in (1, 5) if f not in triples and any(sf == f for sf, _ in s.singles)]
    for f in missing:
        rows.append(ScoringRow("", (), (_("{dice} are no triple: they count as three singles").format(
            dice=sentence(vocab.many(3, f))),)))
    if s.more_of_a_kind == "doubling":
        steps = [_("Four of a kind doubles the triple"), _("Four of a kind doubles the triple, five doubles again"),
                 _("Four of a kind doubles the triple, five doubles again, six doubles again")]
        if rules.dice > 3:
            rows.append(ScoringRow("", (), (steps[min(rules.dice, 6) - 4],)))
    elif rules.dice > 3:
        rows.append(ScoringRow("", (), (_("Dice beyond a listed combination count only as singles"),)))
    for combo in s.sets:
        if len(combo.faces) <= rules.dice:
            name = combination_name(combo.name)
            digits = "-".join(map(str, combo.faces))
            if vocab.skin == "greed":
                letters = " ".join(LETTERS[f] for f in combo.faces)
                # letter dice show no numbers: a name such as "straight 1-2-3-4-5" is spelt in letters
                label = name.replace(digits, letters.replace(" ", "-")) if digits in name else f"{name} ({letters})"
            else:
                label = name if digits in name else f"{name} ({digits})"
            label = f"{label[0].upper()}{label[1:]}"
            rows.append(ScoringRow(label, ((combo.faces, combo.points),),
                                   (_("{label}: {points}").format(label=label, points=_n(combo.points)),)))
    if s.pairs is not None and 2 * s.pairs.count <= rules.dice:
        count = count_word(s.pairs.count).capitalize()
        if s.pairs.four_of_a_kind_counts_as_two:
            words = _("{count} pairs in one throw (four of a kind plus a pair counts): {points}")
        else:
            words = _("{count} pairs in one throw: {points}")
        example = tuple(f for f in (2, 4, 6, 3, 1, 5)[: s.pairs.count] for _k in range(2))
        rows.append(ScoringRow(_("{count} pairs (any)").format(count=count), ((example, s.pairs.points),),
                               (words.format(count=count, points=_n(s.pairs.points)),)))
    return rows


def scoring_legend(rules: RuleSet, vocab: Vocabulary) -> str:
    """The empty tray's reminder of what scores: ``Scoring dice: 1 = 100 · 5 = 50 · combinations score more``
    (``D = 100 · G = 50`` with letters, whose worth a newcomer cannot read off the face)."""
    singles = "  ·  ".join(_("{face} = {points}").format(face=vocab.face(face), points=num(points))
                           for face, points in sorted(rules.scoring.singles))
    if not singles:
        return ""
    return _("Scoring dice: {singles}  ·  combinations score more").format(singles=singles)


def _scoring_lines(rules: RuleSet, vocab: Vocabulary) -> list[str]:
    return [line for row in scoring_rows(rules, vocab) for line in row.words]


def rules_text(rules: RuleSet, skin: Skin | None = None) -> str:
    """The whole rules of ``rules`` as plain text, in sections, with dice named as ``skin`` shows them."""
    vocab = Vocabulary(skin if skin is not None else rules.skin)
    out = _opening(rules, vocab) + _a_turn(rules) + _getting_on(rules) + _carryover(rules, vocab) + _the_end(rules)
    return "\n".join(out) + "\n"


def _opening(rules: RuleSet, vocab: Vocabulary) -> list[str]:
    """The name, description and source, the dice, and the scoring table."""
    out: list[str] = [f"{rules_name(rules)} ({rules.id})"]
    if rules.description:
        out += ["", description(rules)]
    if rules.source:
        out += [source_line(rules.source)]
    out += ["", _("THE DICE"), ngettext("{count} six-sided die.", "{count} six-sided dice.", rules.dice).format(
        count=rules.dice)]
    if vocab.skin == "greed":
        names = _(", ").join(_("{letter} ({colour}) for {face}").format(
            letter=LETTERS[f], colour=_(LETTER_COLOUR_WORDS[f]), face=f) for f in range(1, 7))
        out.append(_("Played with the $GREED letter dice: {names}. The two E's are different faces.").format(
            names=names))
    out += ["", _("SCORING"), _("A combination counts only if all its dice come from the same throw.")]
    out += [f"  {line}" for line in _scoring_lines(rules, vocab)]
    return out


def _a_turn(rules: RuleSet) -> list[str]:
    """How a turn goes: throwing, setting aside, banking, hot dice."""
    # Translators: the line breaks are the rules text's own (a terminal's width); place them as reads best.
    turn = _("Throw all {count} dice. After every throw set aside at least one scoring die; every die\n"
             "you set aside must belong to a scoring combination of that throw. Then throw the rest\n"
             "again or bank your turn total. A throw with no scoring die is a bust: the turn ends and\n"
             "its points are lost. You bank only after setting aside at least one die this turn.")
    out: list[str] = ["", _("A TURN"), *turn.format(count=rules.dice).split("\n")]
    if rules.hot_dice == "mandatory":
        hot = _("Hot dice: when all {count} dice have scored, you must throw all {count} again.")
    else:
        hot = _("Hot dice: when all {count} dice have scored, you may throw all {count} again or bank.")
    out.append(hot.format(count=rules.dice))
    if rules.bank_keeps_best:
        out.append(_(
            "You may not stop leaving scoring dice on the felt: banking sets aside every scoring die of "
            "the last throw (the best selection); if that is all the dice, hot dice applies and you must throw."
        ))
    if rules.doubles_rescue:
        out.append(_(
            "Doubles at the end: throwing your last two dice as a pair that scores nothing is no bust; "
            "you get {count} fresh dice and may throw or bank (you bank only after setting aside a die)."
        ).format(count=rules.dice))
    return out


def _getting_on(rules: RuleSet) -> list[str]:
    """The entry minimum, and which points count towards it."""
    out: list[str] = ["", _("GETTING ON THE BOARD")]
    if rules.entry_minimum == 0:
        out.append(_("No minimum: every banked turn counts."))
    else:
        text = _("You need at least {points} points in one turn to get on the board. Until then you may not bank "
                 "less: keep throwing until you qualify or bust.").format(points=_n(rules.entry_minimum))
        # Which points count only matters where points can be taken over from another player.
        if rules.carryover != "none":
            text += " " + (_("Carried points count towards it.") if rules.entry_counts_carried
                           else _("Only your own points count: points taken over by carryover do not."))
        out.append(text)
    return out


def _carryover(rules: RuleSet, vocab: Vocabulary) -> list[str]:
    """Passing the dice on: whether, and on what terms."""
    out: list[str] = ["", _("PASSING THE DICE (CARRYOVER)")]
    if rules.carryover == "none":
        out.append(_("None: the next player always starts with fresh dice."))
    else:
        out.append(_(
            "When you bank with dice still unthrown, the next player may take over those dice and your "
            "banked turn total, or start fresh. None after a bust, and none after banking hot dice."
        ))
        if rules.carryover == "strict":
            out.append(_(
                "A taker must throw exactly the dice left. The throw must show a {faces}, and the dice set "
                "aside from it must include a {faces} (alone or inside a combination); otherwise it is a bust. "
                "A declined carryover is lost."
            ).format(faces=vocab.faces_or(rules.carryover_faces)))
        out.append(_("A taker who banks with dice left offers them on in turn."))
    return out


def _the_end(rules: RuleSet) -> list[str]:
    """How the game ends, who starts, and what a void throw is."""
    out: list[str] = ["", _("END OF THE GAME")]
    if rules.end == "one-more-turn":
        end = _("When a player banks to {target} or more, every other player gets one more turn, in seat order. "
                "The highest total wins; equal top scores share the win.")
    elif rules.end == "must-top":
        end = _("When a player reaches {target} or more, that player stops. Every other player gets one turn to "
                "top the high score: in that turn you may bank only if your total beats it (not at a tie). "
                "The highest total wins.")
    else:
        end = _("The first total of {target} or more becomes the score to beat. Every other player gets one turn; "
                "whoever beats it sets a new score to beat and everyone else gets one more turn. The game ends "
                "after a full cycle with no new high score. A tie goes to whoever reached that score first.")
    out.append(end.format(target=_n(rules.target)))
    out += ["", _("FIRST PLAYER")]
    out.append(
        {
            "seat-order": _("The first seat starts; play goes round in seat order."),
            "high-die": _("Everyone throws one die; the highest starts (ties throw again)."),
            "best-roll": _("Everyone throws all {count} dice; the best-scoring throw starts "
                           "(ties throw again).").format(count=rules.dice),
        }[rules.first_player]
    )
    # Translators: the line break is the rules text's own (a terminal's width); place it as reads best.
    void = _("If a die leaves the felt or ends leaning on another die or the rail, the throw does not count:\n"
             "all dice of that throw are thrown again. Nothing else changes.")
    out += ["", _("VOID THROWS"), *void.split("\n")]
    return out
