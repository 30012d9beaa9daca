"""The table: void throws, the dice showing the core's values, selection, carryover, continue, skipping."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import pairwise

import pygame
import pytest

from greed_game.app.dice_view import Tumble, adjacent
from greed_game.app.main import App
from greed_game.app.scenes.menu import MenuScene
from greed_game.app.scenes.overlays import PauseOverlay
from greed_game.app.scenes.table import TableScene
from greed_game.app.scenes.table_parts import DIE, FELT, RAILS
from greed_game.app.skins import face_image
from greed_game.play.moments import ThrowDice
from greed_game.play.voids import seat_spot
from greed_game.rules import Bank, Carryover, FirstPlayer, Keep, Phase, Player, Roll, Void, record_of

from .conftest import Driver
from .scenarios import ADA, TESS, first_throw_at_rest, pick, table_at


def _rolls(table: TableScene) -> list[Roll]:
    return [e for e in table.game.events if isinstance(e, Roll)]


@pytest.mark.parametrize("reason", ["off-felt", "leaning"])
def test_a_forced_void_throw_is_animated_labelled_and_thrown_again(make_app: Callable[..., App], reason: str) -> None:
    app = make_app(animation_speed="fast")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=4)
    table.turn.forced_voids.append(reason)  # type: ignore[arg-type]
    drive.frames(1)
    drive.press("space")
    assert table.turn.mode == "rolling"
    left_table = False
    while table.turn.voids == 0:
        left_table |= any(d.alpha < 255 or not RAILS.collidepoint(d.x, d.y) for d in table.dice)
        drive.frames(1)
    if reason == "off-felt":
        assert left_table, "the void die never left the felt"
        assert len(table.dice) == 5
    else:
        assert any(d.lean is not None for d in table.dice), "no die is cocked"
    assert table.turn.notices.banner is not None and table.turn.notices.banner.said.title == "Void throw"
    assert isinstance(table.game.events[-1], Void) and table.game.events[-1].reason == reason
    drive.frames(10)
    drive.shot(f"void-{reason}")
    # then the dice wait for the person to throw them again (by hand if they like), all of them
    drive.until(lambda: table.turn.mode == "ready")
    drive.frames(30)
    assert len(_rolls(table)) == 1, "a person's void throw is not thrown again for them"
    assert any(isinstance(b.command, ThrowDice) and b.enabled for b in table.snap.buttons), "Roll is on offer"
    drive.press("space")
    drive.until(lambda: len(_rolls(table)) == 2 and table.dice_at_rest() and table.turn.mode == "ready")
    first, second = _rolls(table)
    assert len(second.dice) == len(first.dice) == 6
    assert sorted(d.showing for d in table.dice) == sorted(second.dice)
    events = table.game.events
    assert [type(e).__name__ for e in events] == ["FirstPlayer", "Roll", "Void", "Roll"]


def test_dice_come_to_rest_on_the_values_the_core_rolled(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "farkel-family", [TESS, ADA], [], seed=21)
    for _ in range(4):
        drive.until(lambda: table.human_turn)
        if table.game.state.phase is Phase.KEEP:
            best = table.game.options()[0]
            pick(table, best.dice)
        thrown = len(_rolls(table))
        drive.press("space")
        # Kept dice glide to the tray first; then the throw, until it comes to rest.
        drive.until(lambda n=thrown: len(_rolls(table)) > n and table.turn.mode != "rolling")
        roll = _rolls(table)[-1]
        if table.dice:
            assert sorted(d.showing for d in table.dice) == sorted(roll.dice)
            assert all(d.tumble.done and d.tumble.phase == 0 for d in table.dice)


def test_tumbling_always_ends_on_the_target_face() -> None:
    for seed in range(200):
        rng = random.Random(seed)
        target = rng.randint(1, 6)
        t = Tumble(target, rng)
        seen = [t.top]
        for _ in range(rng.randint(0, 30)):
            if t.advance(rng.uniform(0.1, 0.95)):
                seen.append(t.top)
        t.settle()
        for _ in range(20):
            t.advance(0.37)
        assert t.done and t.top == target and t.phase == 0
        assert all(adjacent(a, b) or a == b for a, b in pairwise(seen))


def test_dice_picked_on_the_way_to_a_keep_are_not_refused(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0), Roll((4, 1, 3, 6, 2, 5))])
    pick(table, [3])
    drive.frames(1)
    choice = table.turn.choice
    assert choice.error == "" and choice.text == "Pick 1 2 4 5 too, to keep 3"  # (the least)
    pick(table, [1, 2, 4, 5, 6])
    drive.frames(1)
    assert table.turn.choice.error == "" and table.turn.choice.points == 2000  # (a straight, in these rules)


def test_each_die_shows_its_key_while_the_person_plays_with_keys(make_app: Callable[..., App],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A key's number beside each die cluttered the dice and was read as a value: shown while keys are used."""
    from greed_game.app.scenes import felt

    shown: list[int] = []
    monkeypatch.setattr(felt, "draw_die", lambda *a, show_label=False, **k: shown.append(show_label))
    app = make_app()
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0), Roll((4, 1, 3, 6, 2, 5))])
    drive.click((4, 4), frames=2)  # (off the table: the mouse is in use)
    assert shown and not any(shown)
    shown.clear()
    leftmost = min(table.dice, key=lambda d: (d.x, d.y))
    drive.press("1", frames=2)
    assert leftmost.selected, "the key 1 picks the leftmost die"
    assert shown and all(shown), "keys in use: every die shows its key"
    shown.clear()
    drive.click((4, 4), frames=2)
    assert shown and not any(shown), "the mouse in use again: the keys are not shown"


def test_an_invalid_selection_says_why_and_cannot_be_kept(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    table = table_at(app, "official", [TESS, ADA], [Roll((2, 2, 2, 5, 6))])
    # a 2 could yet make three 2s, but nothing keeps a 6: a click on it is refused, and says why (picked, it had
    # turned every later pick red, and nothing said to click it again, helper-35)
    two = next(d for d in table.dice if d.value == 2)
    six = next(d for d in table.dice if d.value == 6)
    drive.click((six.x, six.y))
    assert table.turn.selection.faces() == () and not six.selected
    assert table.turn.notices.message == "6 cannot score in this throw"
    assert six.shake > 0, "the 6 shakes its head"
    drive.click((two.x, two.y))
    assert table.turn.selection.faces() == (2,) and not table.turn.choice.error
    # a 2 and the 6 picked some other way: no keep, and Space says why
    table.turn.selection.choose([2, 6])
    table.turn.refresh()
    assert table.turn.choice.error == "Cannot keep 2 6: none of them scores"
    drive.press("space")
    assert "none of them scores" in table.turn.notices.message
    assert len(table.game.events) == 1
    table.turn.selection.choose([])
    table.turn.refresh()
    drive.frames(1)
    for d in table.dice:
        if d.value in (2, 5) and not d.selected and len(table.turn.selection.faces()) < 4:
            drive.press(str(d.label))
    assert table.turn.selection.faces() == (2, 2, 2, 5)
    assert table.turn.choice.text == "Keep 2 2 2 5: 250 points"
    assert not table.turn.choice.error


def test_entry_minimum_refuses_a_bank_with_the_core_message(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    table = table_at(app, "official", [TESS, ADA], [Roll((1, 3, 3, 4, 6))])
    one = next(d for d in table.dice if d.value == 1)
    drive.click((one.x, one.y))
    assert table.turn.choice.bank is None and "600" in table.turn.choice.bank_error
    drive.press("enter")
    assert "600" in table.turn.notices.message
    assert table.game.state.phase is Phase.KEEP


def test_carryover_is_offered_with_odds_and_taken_with_the_keyboard(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    events = [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3)), Keep((1, 1, 1, 5)), Bank()]
    table = table_at(app, "pass-the-dice", [ADA, TESS], events)
    drive.frames(1)
    assert table.human_turn and table.turn.shown.phase is Phase.CARRYOVER
    labels = [w.label for w in table.focus.widgets]  # type: ignore[attr-defined]
    assert labels[:2] == ["Take", "Decline"]
    assert table.snap.turn_note == ("1,050 on offer", "info"), "the stake in the turn box while it is weighed"
    drive.press("t")
    assert table.game.events[-1] == Carryover(True)
    assert table.game.state.turn_points == 1050 and table.game.state.dice_left == 2


def test_a_click_on_the_dice_passed_on_takes_them(make_app: Callable[..., App]) -> None:
    """Clicking or dragging the die offered did nothing: only T or Take took it (helper-44)."""
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    events = [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3)), Keep((1, 1, 1, 5)), Bank()]
    table = table_at(app, "pass-the-dice", [ADA, TESS], events)
    drive.until(lambda: table.snap.offer is not None and not table.tray.moving() and not table.felt.hold.lying,
                limit=600)
    offered = table.felt.hold.fresh + table.felt.dice
    assert len(offered) == 2
    drive.click((offered[0].x, offered[0].y))
    assert table.game.events[-1] == Carryover(True), "taken"


def test_computer_turns_play_one_decision_at_a_time_and_a_key_skips(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="slow")
    drive = Driver(app)
    table = table_at(app, "classic-five", [ADA, TESS], [])
    drive.frames(1)
    assert not table.human_turn and table.turn.mode == "wait"
    drive.frames(30)
    assert len(table.game.events) == 0, "a computer decision came before its thinking time"
    drive.press("space")
    drive.frames(1)
    assert len(table.game.events) == 1 and table.turn.mode == "rolling"
    drive.press("space")
    assert table.turn.mode != "rolling"


def test_every_event_is_autosaved_and_continue_resumes_exactly(make_app: Callable[..., App]) -> None:
    app = make_app()
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, Player("Ada", "bold")], [FirstPlayer(0)], seed=9)
    drive.frames(1)
    drive.press("space")
    drive.until(lambda: table.human_turn)
    if table.game.state.phase is Phase.KEEP:
        best = table.game.options()[0]
        pick(table, best.dice)
        drive.press("space")
        drive.until(lambda: table.human_turn)
    events = list(table.game.events)
    state = table.game.state
    app.autosaver.flush()
    saved = app.storage.autosave.load_game()
    assert saved is not None and saved.events == events

    drive.press("escape")
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    drive.click(next(w for w in pause.focus.widgets if w.label == "Main menu").rect.center)  # type: ignore[attr-defined]
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    continue_button = menu.focus.widgets[0]
    assert continue_button.enabled
    drive.click(continue_button.rect.center)
    resumed = app.stack.top
    assert isinstance(resumed, TableScene)
    assert resumed.game.events == events and resumed.game.state == state
    if state.throw is not None:
        assert sorted(d.value for d in resumed.dice) == sorted(resumed.game.remaining_dice())
    assert [g.dice for g in resumed.snap.tray] == [g.dice for g in table.snap.tray]


def test_the_letter_skin_tells_the_two_es_apart_without_colour() -> None:
    pygame.display.init()
    try:
        ebony = pygame.transform.grayscale(face_image("greed", 2, 96))
        emerald = pygame.transform.grayscale(face_image("greed", 3, 96))
        a = pygame.image.tobytes(ebony, "RGBA")
        b = pygame.image.tobytes(emerald, "RGBA")
        differing = sum(1 for i in range(0, len(a), 4) if abs(a[i] - b[i]) > 60)
        assert differing > 96 * 96 * 0.05
    finally:
        pygame.display.quit()


def test_record_of_the_table_replays() -> None:
    from greed_game.presets import replay

    from .test_screens import _finished_game

    game = _finished_game(3)
    record = record_of(game, "pass-the-dice", {"target": 3000})
    assert replay(record).state == game.state


def test_an_offer_lies_before_the_player_offered_it_and_its_box_hides_the_banner(make_app: Callable[..., App]) -> None:
    from greed_game.narrator import Said

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    events = [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3)), Keep((1, 1, 1, 5)), Bank()]
    table = table_at(app, "pass-the-dice", [ADA, TESS], events)
    drive.until(lambda: table.snap.offer is not None and not table.felt.hold.lying)
    row = table.felt.hold.fresh
    side = seat_spot(1, 2)[1]  # Tess's rail
    assert len(row) == 2 and all((FELT.centery - d.y) * side > 2 * DIE for d in row), "passed on to lie before Tess"
    table.turn.notices.show(Said("Final round", "Beat 1,050 to win"), 3.0)
    table.turn.refresh()
    said: list[str] = []
    real = app.canvas.text

    def text(words: str, *args: object, **kw: object) -> object:
        said.append(words)
        return real(words, *args, **kw)  # type: ignore[arg-type]

    app.canvas.text = text  # type: ignore[method-assign]
    table.notices.place(app.canvas, table.snap)
    table.picture.draw(app.canvas, table.snap)
    assert table.snap.banner is not None and "Final round" not in said, "the banner showed through the offer's box"
    assert any("1,050" in words for words in said), "the offer's box is drawn"


def test_take_and_decline_wait_for_the_dice_passed_on_as_the_offer_s_box_does(make_app: Callable[..., App]) -> None:
    from greed_game.app.widgets import Button

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    events = [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3)), Keep((1, 1, 1, 5)), Bank()]
    table = table_at(app, "pass-the-dice", [TESS, ADA], events)  # Ada, a person, is offered the two dice

    def lit() -> set[str]:
        return {w.label for w in table.actions.focus.widgets if isinstance(w, Button) and w.enabled}

    drive.until(lambda: table.snap.offer is not None)
    assert table.felt.hold.lying, "the dice are still on their way"
    assert not lit() & {"Take", "Decline"}, "Take and Decline lit before the dice passed on arrived"
    drive.until(lambda: not table.felt.hold.lying and not table.felt.sweep.dice)
    drive.frames(1)
    assert {"Take", "Decline"} <= lit()


def test_a_banked_score_counts_up_in_the_players_list(make_app: Callable[..., App]) -> None:
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3))])
    drive.frames(2)
    pick(table, [1, 1, 1, 5])
    drive.press("enter")
    drive.frames(2)
    # (it had waited for the next turn, a second after the banner said "Tess banks 1,050", helper-36)
    assert table.snap.banner is not None and "1,050" in table.snap.banner.said.title
    assert table.snap.state.scores[0] == 1050 and table.snap.state.current == 0, "counted in under the banner"
    assert table.snap.state.on_board[0], "and on the board"
    seen = []
    while table.side.counting(table.snap):
        seen.append(table.side.counted[0])
        assert table.idle_for() == 0, "the window draws the count"
        drive.frames(1)
    assert len(seen) > 5 and 0 < seen[0] < 1050 and seen == sorted(seen), "seen counting up, not swapped in"
    assert table.side.counted[0] == 1050


@pytest.mark.parametrize(("skin", "order"), [("pips", [1, 1, 1, 5]), ("greed", [5, 1, 1, 1])])
def test_kept_dice_lie_in_the_tray_in_order(make_app: Callable[..., App], skin: str, order: list[int]) -> None:
    app = make_app(skin=skin)
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0), Roll((1, 5, 2, 1, 3, 1))])
    drive.frames(2)
    pick(table, [1, 5, 1, 1])
    lay = {id(d): d.x for d in table.dice}
    drive.press("space")
    drive.frames(2)
    # pips upwards; letters downwards, so that a straight spells $GREED
    assert [t.view.value for t in table.tray.dice] == order
    # dice of one face keep the order they lay in across the felt: their ways to the tray do not cross
    starts = [lay[id(t.view)] for t in table.tray.dice if t.view.value == 1]
    assert len(starts) == 3 and starts == sorted(starts)


def test_a_set_finished_by_hot_dice_makes_way_for_a_chip_once_the_six_are_thrown_on(
        make_app: Callable[..., App]) -> None:
    """Six in the tray and six on the felt read as twelve dice in play; after two hot dice, twenty dice in the tray
    were drawn 14 px wide."""
    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0), Roll((1, 1, 1, 5, 5, 5))], seed=3)
    drive.frames(2)
    pick(table, [1, 1, 1, 5, 5, 5])
    table.turn.keep(throw_on=False)

    def tray_face() -> int:
        drive.until(lambda: not table.tray.moving())
        drive.frames(1)
        die = table.tray.dice[0].view
        seen = app.canvas.surface.get_at(app.canvas.pt(die.x - die.size * 0.3, die.y - 4 - die.size * 0.3))
        return seen[0] + seen[1] + seen[2]

    fresh = tray_face()
    assert table.turn.game.state.throw is None
    drive.press("space")
    drive.until(lambda: table.turn.game.state.throw is not None and table.dice_at_rest())
    assert tray_face() < fresh - 150, "the spent set is drawn as dice still"
    assert table.tray.spent == 0


def test_after_hot_dice_twice_the_dice_kept_since_are_drawn_full_size_after_the_chip(
        make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes import table_sections
    from greed_game.app.scenes.table_parts import TRAY, TRAY_DIE
    from greed_game.app.scenes.table_sections import SPENT_W
    from greed_game.rules import Keep

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    events = [FirstPlayer(0), Roll((1, 1, 1, 5, 5, 5)), Keep((1, 1, 1, 5, 5, 5)), Roll((1, 1, 1, 5, 5, 5)),
              Keep((1, 1, 1, 5, 5, 5)), Roll((1, 5, 2, 3, 4, 6)), Keep((1, 5)), Roll((1, 2, 3, 4))]
    table = table_at(app, "pass-the-dice", [TESS, ADA], events, seed=3)
    drive.frames(30)
    assert table.tray.spent == 1
    live = [t.view for t in table.tray.dice if t.group > table.tray.spent]
    assert [v.value for v in live] == [1, 5]
    assert all(v.size == TRAY_DIE and v.x - v.size / 2 > TRAY.x + 66 + SPENT_W - 8 for v in live)
    # the chip says how many times in words: "+3,000 ×2" had read as the points doubled (helper-36)
    words: list[str] = []
    text = app.canvas.text
    app.canvas.text = lambda said, *a, **kw: (words.append(said), text(said, *a, **kw))[1]  # type: ignore[method-assign]
    try:
        table.tray.draw(app.canvas, table.snap)
    finally:
        app.canvas.text = text  # type: ignore[method-assign]
    assert "Hot dice twice!" in words and "+3,000" in words and not any("×" in w for w in words), words
    # a keep after them: the spent sets' dice stay out of sight (moved up with the rest, they crossed the chip)
    pick(table, [1])
    drive.press("space", frames=2)
    spent = [t.view for t in table.tray.dice if t.group <= table.tray.spent]
    assert len(spent) == 12 and all(v.tween is None for v in spent)
    drawn: list[object] = []
    real = table_sections.draw_die
    table_sections.draw_die = lambda canvas, skin, view, **kw: (drawn.append(view), real(canvas, skin, view, **kw))
    try:
        table.tray.draw_moving(app.canvas)
    finally:
        table_sections.draw_die = real
    assert drawn and not any(v in spent for v in drawn), "a spent die drawn on its way"


def test_the_top_bar_is_drawn_over_the_dice(make_app: Callable[..., App]) -> None:
    """A die flung over the far rail had crossed the chip's words; it now passes under the bar."""
    app = make_app()
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)], seed=3)
    drive.frames(2)
    order: list[str] = []
    felt_draw, top_draw = table.felt.draw, table.top.draw
    table.felt.draw = lambda *a: (order.append("felt"), felt_draw(*a))[1]  # type: ignore[method-assign]
    table.top.draw = lambda *a: (order.append("top"), top_draw(*a))[1]  # type: ignore[method-assign]
    table.picture.draw(app.canvas, table.snap)
    assert order == ["felt", "top"]


def test_dice_picked_that_cannot_be_kept_are_rung_in_red(make_app: Callable[..., App]) -> None:
    from greed_game.app import theme

    app = make_app()
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0), Roll((1, 3, 2, 4, 6, 2))])
    drive.frames(2)

    def ring_colour() -> tuple[int, int, int]:
        die = next(d for d in table.felt.dice if d.selected)
        (ax, ay), (bx, by) = die.corners(1.14, 4.0)[:2]
        table.felt.drawn = None
        table.picture.draw(app.canvas, table.snap)
        seen = app.canvas.surface.get_at(app.canvas.pt((ax + bx) / 2, (ay + by) / 2))
        return (seen[0], seen[1], seen[2])

    def near(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
        return max(abs(x - y) for x, y in zip(a, b, strict=True)) < 40

    # (a click on the 3 is refused, nothing keeps it: picked some other way, as a pick not yet whole can be)
    table.turn.selection.choose([3])
    table.turn.refresh()
    drive.frames(1)
    assert table.turn.choice.error.startswith("Cannot keep")
    assert near(ring_colour(), theme.RED), "a pick that cannot be kept looks like one that can"
    table.turn.selection.choose([])  # put back
    table.turn.refresh()
    pick(table, [1])
    drive.frames(1)
    assert near(ring_colour(), theme.GOLD)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_hint_s_words_stay_readable_in_a_small_window_and_keep_to_their_box(
        make_app: Callable[..., App], language: str) -> None:
    from greed_game.app.scenes.table_parts import SIDE
    from greed_game.app.scenes.table_sections import SideSection

    app = make_app(size=(854, 480), language=language)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0), Roll((5, 5, 5, 2, 3, 4))])
    Driver(app).press("h", frames=3)
    lines = SideSection.hint_lines(app.canvas, table.snap)
    assert len(lines) > 4
    size = SideSection.hint_size(app.canvas)
    assert size * app.canvas.scale >= SideSection.HINT_MIN_PX  # (at 14 they were 9.3 px, drawn at 10)
    for part, line, _first in lines:
        room = SIDE.w - 20 - (22 if line.indent else 12) - 10
        # a run kept whole may be made a little smaller to fit, never much
        assert app.canvas.text_width(part, size) <= room * 1.1, part


def test_keys_hurrying_the_computer_along_do_not_carry_over_into_the_person_s_decision(
        make_app: Callable[..., App]) -> None:
    """Space pressed over and over through a computer's turn threw the person's dice at once, then said in red to
    set a die aside (helper-26)."""
    from greed_game.app.scenes.table import KEY_RUN

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "classic-five", [TESS, ADA], [FirstPlayer(1)], seed=3)  # (no dice passed on to take)
    for _ in range(400):
        if table.snap.human_turn:
            break
        drive.press("space", frames=3)
    assert table.snap.human_turn and table.turn.mode == "ready"
    throws = table.turn.throws
    drive.press("space", frames=1)
    assert table.turn.throws == throws, "a key of the run threw the person's dice"
    # the same key pressed on every half second is still the run's, for a while (helper-36)
    for _ in range(2):
        drive.frames(round(KEY_RUN * 60) - 6)
        drive.press("space", frames=1)
        assert table.turn.throws == throws, "a key of a slower run threw the person's dice"
    drive.frames(round(KEY_RUN * 60) + 2)
    drive.press("space", frames=2)
    assert table.turn.throws == throws + 1, "a key pressed after a moment is the person's"


def test_f1_or_a_question_mark_opens_the_rules_being_played_and_the_game_waits(
        make_app: Callable[..., App]) -> None:
    from greed_game.app.scenes.overlays import RulesOverlay

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "dollar-greed", [TESS, ADA], [FirstPlayer(1)])
    drive.frames(2)
    for open_rules in (lambda: drive.press("f1"), lambda: drive.type("?")):
        events = list(table.game.events)
        open_rules()
        rules = app.stack.top
        assert isinstance(rules, RulesOverlay), "the help key opens the rules"
        assert rules.presets[rules.index] == table.rules, "of the game being played"
        drive.frames(240)
        assert table.game.events == events, "the computer player waited under the rules"
        drive.press("escape")
        assert app.stack.top is table


def test_a_move_quickened_goes_on_from_where_it_is_and_ends_in_time() -> None:
    from greed_game.app.dice_view import Tween

    move = Tween((0.0, 0.0, 0.0, 40.0), (100.0, 200.0, 0.0, 40.0), 0.5)
    move.t = 0.1
    before = move.pose()
    move.quicken(0.12)
    assert move.pose() == pytest.approx(before), "no jump"
    move.t += 0.12
    assert move.finished
    waiting = Tween((0.0, 0.0, 0.0, 40.0), (100.0, 200.0, 0.0, 40.0), 0.5, t=-0.2)
    waiting.quicken(0.12)
    assert waiting.t == 0 and waiting.duration == pytest.approx(0.12), "a wait before the move is cut"
    nearly = Tween((0.0, 0.0, 0.0, 40.0), (100.0, 200.0, 0.0, 40.0), 0.5, t=0.45)
    nearly.quicken(0.12)
    assert nearly.duration == 0.5 and nearly.t == 0.45, "a move nearly done is left as it is"


def test_dice_set_aside_are_in_the_tray_soon_after_a_quick_throw_by_hand(make_app: Callable[..., App]) -> None:
    """Set aside at the drag's start and let go at once, they had crossed the throw on their way (helper-28)."""
    from greed_game.app.scenes.table import FLUNG_CARRY

    from .scenarios import first_throw_with_a_keep

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    start = next(p for p in ((FELT.centerx + dx, FELT.bottom - 40.0) for dx in range(-300, 300, 40))
                 if not any(d.contains(p) for d in table.felt.dice))
    drive.drag(start, (start[0], start[1] - 200), 0.05)
    assert table.turn.throws == 2
    assert any(t.view.tween is not None for t in table.tray.dice), "still on its way as the dice leave the hand"
    drive.frames(round(FLUNG_CARRY * 60) + 1)
    assert all(t.view.tween is None for t in table.tray.dice), "in the tray"


def test_dice_set_aside_as_a_throw_flies_pass_under_it_and_under_the_plates(make_app: Callable[..., App],
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawn over the plates and the dice in the air, one had crossed "You" in one throw and not the next, and lain
    over the dice flying (helper-48)."""
    from .scenarios import first_throw_with_a_keep

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = first_throw_with_a_keep(drive)
    order: list[str] = []
    tray_draw, felt_draw, plates_draw = table.tray.draw_moving, table.felt.draw, table.top.draw_plates

    def tray(canvas: object, rising: bool | None = None) -> None:
        order.append("tray")
        tray_draw(canvas, rising)  # type: ignore[arg-type]

    monkeypatch.setattr(table.tray, "draw_moving", tray)
    monkeypatch.setattr(table.felt, "draw", lambda *a: order.append("dice") or felt_draw(*a))
    monkeypatch.setattr(table.top, "draw_plates", lambda *a: order.append("plates") or plates_draw(*a))
    start = next(p for p in ((FELT.centerx + dx, FELT.bottom - 40.0) for dx in range(-300, 300, 40))
                 if not any(d.contains(p) for d in table.felt.dice))
    drive.drag(start, (start[0], start[1] - 200), 0.05)
    assert table.felt.playing is not None and any(t.view.tween is not None for t in table.tray.dice)
    order.clear()
    table.picture.touched = True
    drive.frames(1)
    drawn = [part for part in order if part != "tray"]
    assert drawn[:2] == ["plates", "dice"], order
    assert order.index("plates") < order.index("tray") < order.index("dice"), order


@pytest.mark.parametrize("by_hand", [False, True])
def test_hot_dice_of_a_turn_taken_over_bring_back_the_dice_set_aside(make_app: Callable[..., App],
                                                                    by_hand: bool) -> None:
    """Thrown on by hand, the last player's keeps had stayed set aside in the tray beside the six thrown, and the
    turn's next keeps piled up there to seven dice (helper-49)."""
    from greed_game.app.scenes.table import _set_aside

    app = make_app(animation_speed="normal")
    drive = Driver(app)
    table = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(1), Roll((1, 1, 1, 1, 2, 3)),
                     Keep((1, 1, 1, 1)), Bank(), Carryover(True), Roll((1, 5))], seed=3)
    _set_aside(table, 4)  # Ada's four kept, as the tray holds them when her turn is taken over
    drive.frames(5)
    pick(table, [1, 5])
    drive.frames(60)
    if by_hand:
        drive.drag((FELT.centerx, FELT.bottom - 40.0), (FELT.centerx, FELT.bottom - 240.0), 0.3)
    else:
        drive.press("space")
    drive.until(lambda: table.turn.throws == 1 and table.turn.mode != "rolling" and not table.tray.moving())
    assert len(table.felt.dice) == 6
    assert table.tray.aside == [], "the four set aside were thrown on with the two that scored"


def test_the_dice_waiting_for_the_first_throw_are_not_called_set_aside(make_app: Callable[..., App],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """"set aside" under the game's six dice before anything was thrown said nothing (helper-49)."""
    from greed_game.app.canvas import Canvas
    from greed_game.app.scenes.table import _set_aside

    said: list[str] = []
    text = Canvas.text

    def spy(self: Canvas, words: str, *args: object, **kwargs: object) -> object:
        said.append(words)
        return text(self, words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Canvas, "text", spy)
    app = make_app()
    drive = Driver(app)
    first = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0)])
    _set_aside(first, 6)
    first.picture.touched = True
    drive.frames(2)
    assert first.tray.aside and "set aside" not in said
    later = table_at(app, "pass-the-dice", [TESS, ADA], [FirstPlayer(0), Roll((1, 1, 1, 5, 2, 3)),
                     Keep((1, 1, 1, 5)), Bank()])
    _set_aside(later, 4)
    said.clear()
    later.picture.touched = True
    drive.frames(2)
    assert "set aside" in said, "a turn's keeps, out of play, are"


def test_the_die_outlined_under_a_still_pointer_is_the_one_there_once_the_dice_stop(
        make_app: Callable[..., App]) -> None:
    """The outline of a die the pointer had lain over stayed on it where it came to rest, far from the pointer, and
    a die come to rest under the pointer was not outlined until it moved (helper-50)."""
    app = make_app(animation_speed="fast")
    drive = Driver(app)
    table = first_throw_at_rest(drive, 7)
    first, other = table.dice[0], table.dice[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.display.to_window(first.x, first.y),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    drive.frames(1)
    assert table.felt.hover is first
    other.x, other.y, first.x, first.y = first.x, first.y, other.x, other.y  # (the dice moved; the pointer did not)
    drive.frames(1)
    assert table.felt.hover is other


def test_h_at_a_persons_bust_does_not_end_the_turn(app: App) -> None:
    """"Any key: on to the next turn" had taken H too, which a person presses to look at the hint (helper-31)."""
    drive = Driver(app)
    table = first_throw_at_rest(drive, 29)  # (a throw of six that scores nothing)
    assert table.snap.acknowledging and table.turn.busted
    drive.press("h", frames=5)
    assert table.snap.acknowledging, "still the bust, waiting to be read"
    drive.press("space", frames=5)
    assert not table.snap.acknowledging
