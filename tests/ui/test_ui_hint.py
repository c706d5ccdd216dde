"""The hint key: the strong bot's advice, computed in a thread while the screen lives."""

from __future__ import annotations

from textual.widgets import Static

from shipyard_tui.games.shipyard import analysis
from shipyard_tui.games.shipyard.bots.strong import Analysis, Candidate, StrongBot
from shipyard_tui.games.shipyard.rules import Action, Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.settings import Settings
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.hints import THINKING
from shipyard_tui.ui.widgets.choice_panel import ChoicePanel
from support.shipyard import begin_action, current, new_game
from support.ui import settle


async def test_hint_key_names_the_strong_move_and_the_runner_up(tmp_path, monkeypatch):
    """The hint shows above the prompt, beside the choices it is about, and goes when
    the decision does: it never stands over the next decision with stale advice."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "strong")),
                        seed=21)
    app = ShipyardApp(config=config, bot_delay=0.0, settings=Settings(strong_budget_ms=20))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        model = app.model
        assert model is not None and model.game.to_move == 0
        panel = app.screen.query_one(ChoicePanel)
        prompt = str(panel.query_one("#prompt", Static).render())
        before = model.game.state.to_dict()
        played = len(model.game.moves)
        await pilot.press("H")
        await app.workers.wait_for_complete()
        await settle(pilot)
        best, runner, *own = panel.advice.splitlines()
        keys = {panel.key_of(i) for i in range(len(panel.choices))}
        assert best.startswith("Strong bot: [") and best.endswith(" (highlighted)")
        assert best.removeprefix("Strong bot: [").split("]")[0] in keys
        assert runner.startswith("Runner-up: [") and "points behind against the best" in runner
        runner_key = runner.removeprefix("Runner-up: [").split("]")[0]
        assert runner_key in keys
        # each choice is named by its key and its words, as much of them as fits a line
        width = panel.query_one("#prompt", Static).content_region.width
        assert all(len(line) <= width for line in (best, runner))
        runner_index = next(i for i in range(len(panel.choices))
                            if panel.key_of(i) == runner_key)
        # the runner-up's words on its line, or whole on a line of their own where they
        # do not fit there (issue 35 item 8)
        runner_words = (own[0].strip() if own else
                        runner.removeprefix(f"Runner-up: [{runner_key}] ").split(" (about")[0])
        assert named(runner_words, panel.choices[runner_index].label)
        assert model.game.state.to_dict() == before
        shown = str(panel.query_one("#prompt", Static).render())
        # the words of the prompt (the count of choices out of sight may change: the
        # hint's two lines leave the list less room)
        assert shown.startswith("\n".join([best, runner, *own, prompt.split('  (')[0]]))
        # the hint names the option as the panel does, and the highlight stands on it
        index = panel.options.highlighted
        assert index is not None
        choice = panel.choices[index]
        words = best.removeprefix(f"Strong bot: [{panel.key_of(index)}] ")
        assert named(words.removesuffix(" (highlighted)"), choice.label)
        await pilot.press("enter")  # Enter plays the strong bot's move
        await settle(pilot)
        assert model.game.state.to_dict() != before
        assert model.game.moves[played] == choice.move
        assert panel.advice == ""
        assert "Strong bot:" not in str(panel.query_one("#prompt", Static).render())


def named(words: str, label: str) -> bool:
    """Whether a hint's ``words`` for a choice are its label's first line, or the start
    of it cut with an ellipsis."""
    first = label.split("\n")[0].strip()
    return words == first or (words.endswith("…") and first.startswith(words[:-1])
                              and len(words) >= 8)


def test_hint_text_gives_how_far_the_runner_up_falls_behind_not_a_final_score():
    """The search's values are estimates at its horizon, not final scores: the hint
    says only how far the runner-up is behind (against the best rival between
    players), and calls near-equal moves about as good."""
    from shipyard_tui.analysis import Hint

    solo = Hint(0, "Hire Employee", 18.0, 18.0, "Build Ships", 15.0, 15.46, True)
    assert solo.text().splitlines() == [
        "Strong bot: Hire Employee",
        "Runner-up: Build Ships (about 2.5 points behind)"]
    duel = Hint(0, "Hire Employee", 18.0, 2.0, "Build Ships", 17.0, 0.9, False)
    assert duel.text().splitlines()[1] == ("Runner-up: Build Ships (about 1.1 points behind "
                                          "against the best rival)")
    close = Hint(0, "Hire Employee", 18.0, 2.0, "Build Ships", 18.2, 2.01, False)
    assert "about as good" in close.text()
    alone = Hint(0, "Hire Employee", 18.0, 2.0, None, None, None, False)
    assert alone.text().splitlines()[1] == "There is nothing else worth considering."
    assert "final score" not in solo.text() + duel.text()


def test_a_hint_on_a_marker_walks_to_where_the_bot_would_take(monkeypatch):
    """R-4.4 to R-4.6: the interface offers a marker's walk and what it takes at the
    end as one choice, so a hint that steps the marker on follows the strong bot's
    own next decisions to the piece it takes, and names the walk."""

    game = new_game(2, seed=7)
    current(game).guilders = 20
    begin_action(game, Action.EQUIPMENT)
    steps_wanted = 2
    taken: list[int] = []

    def analyse(self: StrongBot, view, budget_ms=None, include=None) -> Analysis:
        walked = view.turn.ring_steps
        taken.append(walked)
        step, take = mv.MarkerStep(), mv.Take()
        first, second = (step, take) if walked < steps_wanted else (take, step)
        return Analysis(view.turn.seat, (Candidate(first, 5.0, 1, 5.0),
                                         Candidate(second, 4.0, 1, 4.0)), True, 1)

    monkeypatch.setattr(StrongBot, "analyse", analyse)
    ring = game.state.turn.ring_steps
    hint = analysis.hint_for(Game.from_state(game.state.copy()), rollouts=1)
    assert hint.best_moves == (mv.MarkerStep(),) * (steps_wanted - ring) + (mv.Take(),)
    assert hint.runner_moves == (mv.Take(),)
    assert hint.runner_up is not None and hint.runner_up.startswith("Take ")
    walked = Game.from_state(game.state.copy())
    for move in hint.best_moves[:-1]:
        walked.push(move)
    assert hint.best.startswith("Take ") and hint.best.endswith(
        f"(the marker {steps_wanted - ring} step{'s' if steps_wanted - ring > 1 else ''} on)")
    assert mv.Take() in walked.legal_moves()  # the walk is legal and ends in a take
    assert taken == list(range(ring, steps_wanted + 1))  # one search a step, from the view

    # a runner-up that steps the marker on is walked too, to where the bot would take
    steps_wanted = ring
    taken.clear()
    hint = analysis.hint_for(Game.from_state(game.state.copy()), rollouts=1)
    assert hint.best_moves == (mv.Take(),)
    assert hint.runner_moves[0] == mv.MarkerStep() and hint.runner_moves[-1] == mv.Take()
    assert hint.runner_up is not None and "(the marker 1 step on)" in hint.runner_up
    assert game.state.turn.ring_steps == ring  # the game itself did not move


def solo_app() -> ShipyardApp:
    """Ann alone against the automa (seed 11), her first decision on screen."""
    config = GameConfig((SeatConfig("Ann"), SeatConfig("A", SeatKind.AUTOMA),
                         SeatConfig("B", SeatKind.AUTOMA)), seed=11, solo=True)
    return ShipyardApp(config=config, bot_delay=0.0)


async def test_the_hinted_choice_is_scrolled_into_sight_at_80x24(tmp_path, monkeypatch):
    """At 80×24 the hint takes rows from the choices: the strong bot's choice, though
    the last of the list, is highlighted and scrolled into sight."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = solo_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        last = len(panel.choices) - 1
        move = panel.choices[last].move
        first = panel.choices[0].move
        assert isinstance(move, mv.Choose) and isinstance(first, mv.Choose)

        def hint_for(game, **_):
            return analysis.Hint(0, "words", 1.0, 1.0, "other words", 0.5, 0.5, True,
                                 (move,), (first,))
        monkeypatch.setattr(analysis, "hint_for", hint_for)
        options = panel.options
        hidden = options.max_scroll_y
        await pilot.press("H")
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert options.max_scroll_y > hidden  # the hint took rows: more is out of sight
        assert options.highlighted == last
        # the choice out of sight is named in words too, not only by its key
        assert panel.advice.splitlines() == [
            f"Strong bot: [{panel.key_of(last)}] {panel.choices[last].label} (highlighted)",
            f"Runner-up: [{panel.key_of(0)}] {panel.choices[0].label} (about 0.5 points "
            "behind)"]
        line = options._index_to_line[last]
        height = options.scrollable_content_region.height
        assert round(options.scroll_y) <= line < round(options.scroll_y) + height


async def test_the_hint_leaves_a_highlight_the_player_moved_and_falls_back_to_words(
        tmp_path, monkeypatch):
    """A hint takes seconds: if the player moved the highlight meanwhile, the hint does
    not move it back (an Enter meant for their own choice stays theirs); and a move no
    choice plays on its own is named in words, the highlight left alone."""
    import threading

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = solo_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        options = panel.options
        last = panel.choices[-1].move
        release = threading.Event()

        def slow_hint(game, **_):
            release.wait(5)
            return analysis.Hint(0, "words", 1.0, 1.0, "other words", 0.5, 0.5, True,
                                 (last,), ())
        monkeypatch.setattr(analysis, "hint_for", slow_hint)
        start = options.highlighted
        await pilot.press("H")
        await pilot.press("down")  # the player looks at another choice meanwhile
        await settle(pilot)
        moved = options.highlighted
        assert moved != start
        release.set()
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert options.highlighted == moved
        key = panel.key_of(len(panel.choices) - 1)
        label = panel.choices[len(panel.choices) - 1].label
        assert panel.advice.splitlines()[0] == f"Strong bot: [{key}] {label}"

        def wordy_hint(game, **_):  # a move that is not any choice of its own
            return analysis.Hint(0, "Move the marker on", 1.0, 1.0, None, None, None, True,
                                 (mv.MarkerStep(),), ())
        monkeypatch.setattr(analysis, "hint_for", wordy_hint)
        await pilot.press("H")
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert panel.advice.splitlines() == ["Strong bot: Move the marker on",
                                             "There is nothing else worth considering."]
        assert options.highlighted == moved


async def test_a_second_hint_while_the_first_thinks_is_refused_with_a_word(tmp_path,
                                                                           monkeypatch):
    """A review: a thread worker cannot be stopped, so each H started another search,
    all sharing the processor; now H while a hint thinks says so instead."""
    import threading

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    release = threading.Event()
    started: list[int] = []

    def slow_hint(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(1)
        release.wait(10)
        raise RuntimeError("released")

    monkeypatch.setattr(analysis, "hint_for", slow_hint)
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")), seed=21)
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        said: list[str] = []
        monkeypatch.setattr(app.screen, "notify", lambda message, **kw: said.append(message))
        await pilot.press("H")
        await settle(pilot)
        panel = app.screen.query_one(ChoicePanel)
        # said above the choices: on the status line, late in a game at 80 columns,
        # it found no room
        assert panel.advice == THINKING
        await pilot.press("H")
        await settle(pilot)
        release.set()
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert len(started) == 1
        assert any("still thinking" in s for s in said)
        assert panel.advice == ""  # it failed: nothing is thinking any more


LONG_BONUS = "Bonus action: Exchange Commodities (you pay 6 guilders, leaving none)"
"""A choice's words too long for a hint's line."""


def bonus_choices() -> list:  # type: ignore[type-arg]
    """Two bonus choices, the second with :data:`LONG_BONUS` words."""
    from shipyard_tui.ui.widgets.choice_panel import Choice

    return [Choice("No bonus action", mv.Buy(0, 1)), Choice(LONG_BONUS, mv.Buy(0, 2))]


def panel_app(css: str):  # type: ignore[no-untyped-def]
    """An app showing a choice panel alone, sized by ``css``."""
    from textual.app import App, ComposeResult

    class PanelApp(App[None]):
        CSS = css

        def compose(self) -> ComposeResult:
            yield ChoicePanel()

    return PanelApp()


async def test_a_hint_names_long_choices_by_as_much_of_their_words_as_fits_a_line():
    """A play-test at 80×24: the hint named choices by key alone ("[e]"), and the runner
    -up was often out of sight below. Now each is named by key and words, its words cut
    with an ellipsis where the whole would wrap; a line too short for 8 characters of
    them keeps the key alone."""
    long, choices = LONG_BONUS, bonus_choices()
    app = panel_app("ChoicePanel { width: 60; height: 12; }")
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(ChoicePanel)
        panel.set_choices("A bonus action?", choices)
        await pilot.pause()
        hint = analysis.Hint(0, "w", 1.0, 1.0, "v", 0.5, 0.5, True, (mv.Buy(0, 2),),
                             (mv.Buy(0, 1),))
        panel.show_hint(hint, panel.options.highlighted)
        await pilot.pause()
        best, runner = panel.advice.splitlines()
        width = panel.query_one("#prompt", Static).content_region.width
        assert len(best) == width and best.endswith("… (highlighted)")
        assert best.startswith("Strong bot: [b] Bonus action: Exchange")
        assert named(best.removeprefix("Strong bot: [b] ").removesuffix(" (highlighted)"),
                     long)
        assert runner == "Runner-up: [a] No bonus action (about 0.5 points behind)"
        duel = analysis.Hint(0, "w", 1.0, 1.0, "v", 0.5, 0.5, False, (mv.Buy(0, 1),),
                             (mv.Buy(0, 2),))
        panel.show_hint(duel, panel.options.highlighted)
        await pilot.pause()
        runner = panel.advice.splitlines()[1]
        # the words of the gap between players leave no room on a 58-wide line: the key
        # alone
        assert runner == "Runner-up: [b] (about 0.5 points behind against the best rival)"


async def test_in_the_narrow_tall_side_column_the_hinted_words_take_a_line_of_their_own():
    """A play-test at 160×50: the side column (about 30 wide) left too little of the
    hint's line for words, so the hint named its choices by key alone. A panel that tall
    gives the words a line of their own under the key, cut to its width; a short one
    (80×24) keeps to one line, the words in place of "(highlighted)"."""
    from shipyard_tui.ui.widgets.choice_panel import ROOMY_HINT_HEIGHT

    long, choices = LONG_BONUS, bonus_choices()
    duel = analysis.Hint(0, "w", 1.0, 1.0, "v", 0.5, 0.5, False, (mv.Buy(0, 2),),
                         (mv.Buy(0, 1),))
    for height, roomy in ((ROOMY_HINT_HEIGHT + 4, True), (ROOMY_HINT_HEIGHT - 6, False)):
        app = panel_app(f"ChoicePanel {{ width: 31; height: {height}; }}")
        async with app.run_test(size=(80, 24 if not roomy else 40)) as pilot:
            panel = app.query_one(ChoicePanel)
            panel.set_choices("A bonus action?", choices)
            await pilot.pause()
            panel.show_hint(duel, panel.options.highlighted)
            await pilot.pause()
            lines = panel.advice.splitlines()
            width = panel.query_one("#prompt", Static).content_region.width
            if roomy:
                assert lines[0] == "Strong bot: [b] (highlighted)"
                assert lines[1].startswith("  Bonus action: Exchange") and lines[1].endswith("…")
                assert len(lines[1]) == width and named(lines[1].strip(), long)
                assert lines[2].startswith("Runner-up: [a] (about 0.5 points")
                assert lines[3] == "  No bonus action"
            else:
                # the words take the place of "(highlighted)", which the highlight shows
                assert lines[0].startswith("Strong bot: [b] Bonus action") \
                    and lines[0].endswith("…") and len(lines[0]) <= width
                assert lines[1].startswith("Runner-up: [a] (")
                # the runner-up may be out of sight: its words whole on a line of their
                # own, never cut to a key alone (issue 35 item 8)
                assert len(lines) == 3 and lines[2] == "  No bonus action"


def test_a_hint_at_a_decision_with_one_choice_names_it():
    """A play-test: H at a decision with one choice ("Rent canal T5 (free)") showed
    nothing: the search valued the seat's view itself, whose rivals' contracts are
    hidden, and failed on "hidden:red". It values a world drawn from the view now."""
    import random

    game = Game(GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                           seed=5))
    rng = random.Random(5)
    hinted = 0
    while not game.is_over and hinted < 5:
        legal = game.legal_moves()
        if game.to_move == 0 and len(legal) == 1:
            hint = analysis.hint_for(game, rollouts=4)
            assert hint.best_moves[0] == legal[0] and hint.runner_up is None
            hinted += 1
        game.play(rng.choice(legal))
    assert hinted == 5


async def test_a_hint_is_worded_again_when_the_terminal_is_resized():
    """A play-test: a hint shown at 160×50 (the words of each choice on a line of their
    own, in the tall side column) kept those four lines after a resize to 80×24, and
    left one line for the choices. The hint is worded again for the new size."""
    choices = bonus_choices()
    duel = analysis.Hint(0, "w", 1.0, 1.0, "v", 0.5, 0.5, False, (mv.Buy(0, 2),),
                         (mv.Buy(0, 1),))
    app = panel_app("ChoicePanel { width: 31; height: 1fr; }")
    async with app.run_test(size=(80, 40)) as pilot:
        panel = app.query_one(ChoicePanel)
        panel.set_choices("A bonus action?", choices)
        await pilot.pause()
        panel.show_hint(duel, panel.options.highlighted)
        await pilot.pause()
        assert len(panel.advice.splitlines()) == 4  # tall: the words on lines of their own
        await pilot.resize_terminal(80, 12)
        for _ in range(3):
            await pilot.pause()
        lines = panel.advice.splitlines()
        # the runner-up's words whole on a line of their own (issue 35 item 8)
        assert len(lines) == 3 and lines[0].startswith("Strong bot: [b] Bonus action")
        await pilot.resize_terminal(80, 40)
        for _ in range(3):
            await pilot.pause()
        assert len(panel.advice.splitlines()) == 4
        panel.set_choices("Another decision", choices)  # a new decision: no hint to redo
        await pilot.resize_terminal(80, 12)
        for _ in range(3):
            await pilot.pause()
        assert panel.advice == ""
