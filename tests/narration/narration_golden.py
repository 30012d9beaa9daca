"""Golden narration: a scripted game per preset, told in both skins, checked word for word.

Each preset has a recorded game (``records/<preset>.json``) that holds every
moment its rules can produce: banks, busts, hot dice, void throws, and where
the rules have them a rescue, carryovers taken and declined, the entry
minimum, the final round, a must-top refusal and a score-to-beat cycle. The
narration of that game (captions, banners, the log and the refusals of
illegal moves tried along the way) is written to ``golden/<preset>-<skin>.txt``.

Run ``python tests/narration/narration_golden.py`` to find new games and write
the files again after a deliberate change of wording; read the diff before
committing it.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

from greed_game.narrator import Narrator, Skin
from greed_game.presets import preset
from greed_game.rules import (
    Bank,
    Carryover,
    Event,
    Game,
    IllegalAction,
    Keep,
    Phase,
    Player,
    RuleSet,
    Throw,
    Void,
    apply,
    read_record,
    record_of,
    write_record,
)
from greed_game.rules.game import bank_total
from greed_game.rules.history import game_history

HERE = Path(__file__).resolve().parent
PRESETS = ("pass-the-dice", "classic-five", "dollar-greed", "farkel-family", "official")
SKINS: tuple[Skin, ...] = ("pips", "greed")
NAMES = ("You", "Ada", "Tess")
TARGETS = {"pass-the-dice": 1500, "classic-five": 1200, "dollar-greed": 1500, "farkel-family": 1500, "official": 2000}


def required(rules: RuleSet) -> set[str]:
    """The transitions and refusals a preset's golden game must show."""
    need = {"Banked", "Busted", "HotDice", "Voided", "FinalTurns", "GameOver", "refusal:free-die"}
    if rules.entry_minimum:
        need |= {"EnteredBoard", "refusal:entry-minimum"}
    if rules.carryover != "none":
        need |= {"CarryoverTaken", "CarryoverDeclined"}
    if rules.doubles_rescue:
        need.add("Rescued")
    if rules.end == "must-top":
        need.add("refusal:must-top")
    if rules.end == "score-to-beat":
        need.add("NewScoreToBeat")
    if rules.first_player != "seat-order":
        need.add("FirstChosen")
    return need


def refusal_attempts(rules: RuleSet, game: Game) -> Iterator[tuple[str, Event]]:
    """Illegal moves a careless player might try now: a die that does not score, a bank too early."""
    state = game.state
    if state.phase is Phase.KEEP and state.throw is not None:
        options = game.options()
        dead = [f for f in range(1, 7) if state.throw[f - 1] and not rules.table.scoring_faces(state.throw)[f - 1]]
        if options and dead:
            dice = (*options[-1].dice, dead[0])
            yield f"keep {' '.join(map(str, dice))}", Keep(dice)
    if state.phase in (Phase.ROLL, Phase.KEEP) and state.kept:
        yield "bank", Bank()


def refusal(rules: RuleSet, game: Game, event: Event) -> IllegalAction | None:
    """The refusal ``event`` meets now, or None when it would be legal."""
    try:
        if isinstance(event, Bank):
            bank_total(rules, game.state)
        else:
            apply(rules, game.state, event)
    except IllegalAction as exc:
        return exc
    return None


def play(rules: RuleSet, seed: int, players: int) -> tuple[Game, list[tuple[int, str, Event]]]:
    """A game of careless random play (with void throws), and the illegal moves tried along the way."""
    rng = random.Random(seed)
    game = Game(rules, [Player(n, "human") for n in NAMES[:players]])
    game.roll_off(rng)
    tries: list[tuple[int, str, Event]] = []
    seen: dict[str, int] = {}
    while not game.finished and len(game.events) < 400:
        for label, event in refusal_attempts(rules, game):
            exc = refusal(rules, game, event)
            if exc is not None and seen.get(exc.rule, 0) < 2:
                seen[exc.rule] = seen.get(exc.rule, 0) + 1
                tries.append((len(game.events), label, event))
        s = game.state
        if s.phase is Phase.CARRYOVER:
            game.apply(Carryover(rng.random() < 0.6))
        elif s.phase is Phase.ROLL:
            if game.is_legal(Bank()) and rng.random() < 0.4:
                game.apply(Bank())
            else:
                game.play(Throw(s.dice_left), rng)
                if rng.random() < 0.05:
                    game.apply(Void(rng.choice(("off-felt", "leaning"))))
        else:
            options = game.options()
            game.apply(Keep(rng.choice(options[: max(1, len(options) // 2)]).dice))
    return game, tries


def kinds(game: Game, tries: list[tuple[int, str, Event]]) -> set[str]:
    """Which transitions and refusals a game shows."""
    found: set[str] = set()
    replayed = Game(game.rules, game.players)
    for event in game.events:
        replayed.apply(event)
        assert replayed.last is not None
        found |= {type(t).__name__ for t in replayed.last.transitions}
    for index, _, event in tries:
        replayed = Game(game.rules, game.players)
        for e in game.events[:index]:
            replayed.apply(e)
        exc = refusal(game.rules, replayed, event)
        if exc is not None:
            found.add(f"refusal:{exc.rule}")
    return found


def narration(game: Game, tries: list[tuple[int, str, Event]], skin: Skin) -> str:
    """The whole narration of a game, one line per sentence, as the golden file holds it."""
    rules = game.rules
    narrator = Narrator(rules, [p.name for p in game.players], skin)
    out = [f"# {rules.id} to {rules.target:,}, {skin}: {', '.join(p.name for p in game.players)}"]
    replayed = Game(rules, game.players)
    out.append(f"caption 0: {narrator.events.opening(game.events[0] if game.events else None, 0)}")
    attempts = {index: [] for index, _, _ in tries}
    for index, label, event in tries:
        attempts[index].append((label, event))
    for k, event in enumerate(game.events, start=1):
        for label, attempt in attempts.get(k - 1, []):
            exc = refusal(rules, replayed, attempt)
            if exc is not None:
                out.append(f"refusal ({label}): {narrator.prompts.illegal(exc)}")
        replayed.apply(event)
        step = replayed.last
        assert step is not None
        out.append(f"caption {k}: {narrator.events.caption(step)}")
        for t in step.transitions:
            said = narrator.events.said(t)
            if said is not None:
                out.append(f"  banner: {said.title}" + (f" | {said.sub}" if said.sub else ""))
        if replayed.state.offer is not None:
            words = narrator.hints.offer(replayed.state)
            parts = [words.headline, words.take, words.take_note, words.decline, words.ask]
            out.append("  offer: " + " | ".join(p for p in parts if p))
    out.append("log:")
    out += [f"  {line.text}" for _, line in narrator.events.log(game_history(replayed).turns)]
    return "\n".join(out) + "\n"


def record_path(preset_id: str) -> Path:
    """Where a preset's golden game is kept."""
    return HERE / "records" / f"{preset_id}.json"


def golden_path(preset_id: str, skin: Skin) -> Path:
    """Where a preset's golden narration in ``skin`` is kept."""
    return HERE / "golden" / f"{preset_id}-{skin}.txt"


def load(preset_id: str) -> tuple[Game, list[tuple[int, str, Event]]]:
    """The golden game of a preset and the illegal moves tried in it."""
    data = json.loads(record_path(preset_id).read_text(encoding="utf-8"))
    record = read_record(json.dumps(data["record"]))
    rules = preset(preset_id).with_overrides(record.overrides)
    game = Game(rules, record.players)
    for event in record.events:
        game.apply(event)
    tries = [(t["at"], t["label"], read_record(json.dumps({**data["record"], "events": [t["event"]]})).events[0])
             for t in data["tries"]]
    return game, tries


def main() -> int:
    """Find a covering game for each preset and write the records and golden files."""
    from greed_game.rules.record import event_to_data

    for preset_id in PRESETS:
        rules = preset(preset_id).with_overrides({"target": TARGETS[preset_id]})
        need = required(rules)
        players = 3 if rules.end == "score-to-beat" else 2
        for seed in range(20000):
            game, tries = play(rules, seed, players)
            if game.finished and need <= kinds(game, tries):
                break
        else:
            print(f"{preset_id}: no covering game found", file=sys.stderr)
            return 1
        record = record_of(game, preset_id, {"target": TARGETS[preset_id]})
        data = {
            "record": json.loads(write_record(record)),
            "tries": [{"at": i, "label": label, "event": event_to_data(e)} for i, label, e in tries],
        }
        record_path(preset_id).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        for skin in SKINS:
            golden_path(preset_id, skin).write_text(narration(game, tries, skin), encoding="utf-8")
        print(f"{preset_id}: seed {seed}, {len(game.events)} events, {len(tries)} refusals")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
