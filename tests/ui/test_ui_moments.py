"""The review's Key moments page: the strong bot goes over a person's decisions."""

from __future__ import annotations

from textual.widgets import Static, TabbedContent, TabPane

from shipyard_tui.core import SeatDriver
from shipyard_tui.games.shipyard.bots import bot_for_level
from shipyard_tui.games.shipyard.rules import Game, GameConfig, SeatConfig, SeatKind
from shipyard_tui.games.shipyard.ui.review import ReviewScreen
from shipyard_tui.settings import Settings
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.compat import rendered_lines
from support.shipyard import person_against_greedy
from support.ui import settle


def finished_with_a_person(seed: int) -> Game:
    """Ann is a person (her moves made at random), Bob a greedy bot."""
    return person_against_greedy(seed, "Bob")


async def test_key_moments_page_lists_the_costliest_decisions(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = finished_with_a_person(4)
    app = ShipyardApp(game=game, bot_delay=0.0, settings=Settings(strong_budget_ms=10))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.people == (0,)
        await pilot.press("5")
        await settle(pilot)
        await app.workers.wait_for_complete()
        await settle(pilot)
        shown = str(app.screen.query_one("#moments-text", Static).content)
        assert shown.startswith("Key moments")
        assert "Ann:" in shown and "Bob:" not in shown
        assert "1. round" in shown and "points lost" in shown
        assert "played: " in shown and "better: " in shown


async def test_no_key_moments_page_when_only_bots_played(tmp_path, monkeypatch):
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    seats = (SeatConfig("Ann", SeatKind.BOT, "greedy"), SeatConfig("Bob", SeatKind.BOT, "greedy"))
    game = Game(GameConfig(seats, seed=2))
    SeatDriver({0: bot_for_level("greedy", 0), 1: bot_for_level("greedy", 1)}).play_out(game)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen) and app.screen.people == ()
        await pilot.press("5")
        await settle(pilot)
        assert not app.screen.query("#moments-text")


async def test_review_pages_scroll_at_once_and_the_reveal_names_key_moments(tmp_path,
                                                                            monkeypatch):
    """A play-test found the Ships page deaf to PageDown until Tab was pressed, and the
    end of the reveal naming pages 2 to 4 but not Key moments."""
    from textual.containers import VerticalScroll

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = finished_with_a_person(4)
    app = ShipyardApp(game=game, bot_delay=0.0, settings=Settings(strong_budget_ms=10))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        while not screen.all_revealed:
            await pilot.press("space")
        await settle(pilot)
        reveal = str(screen.query_one("#reveal-text", Static).content)
        assert "5: key moments" in reveal
        await pilot.press("3")
        await settle(pilot)
        page = screen.query_one("#ships", TabPane).query_one(VerticalScroll)
        assert app.focused is page
        assert page.max_scroll_y > 0  # the ships of both seats do not fit at 80x24
        await pilot.press("pagedown")
        await settle(pilot)
        assert page.scroll_y > 0
        # the arrows across switch pages (the focused page has nothing to scroll sideways)
        tabs = screen.query_one(TabbedContent)
        await pilot.press("right")
        await settle(pilot)
        assert tabs.active == "time"
        await pilot.press("left", "left")
        await settle(pilot)
        assert tabs.active == "scores"
        assert app.focused is screen.query_one("#scores", TabPane).query_one(VerticalScroll)


async def test_a_failing_analysis_leaves_the_review_standing(tmp_path, monkeypatch):
    from shipyard_tui import analysis as shared_analysis

    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("out of futures")
    monkeypatch.setattr(shared_analysis, "cached_analysis", broken)
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    app = ShipyardApp(game=finished_with_a_person(4), bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("5")
        await settle(pilot)
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        shown = str(app.screen.query_one("#moments-text", Static).content)
        assert shown.startswith("Key moments could not be worked out")
        assert "out of futures" in shown


def test_a_player_who_follows_every_hint_has_no_key_moments():
    """A play-test: the hint said "Place it in cell 7", the player placed it there, and
    the Key moments page then called cell 8 better by 1.1 points: the two searched the
    same decision with other seeds and budgets. Both now search each decision with its
    own seed (``decision_seed``) at the same budget: a game whose person took every
    hint, walks on a marker included, has no key moment; one who played at random has."""
    import random

    from shipyard_tui.games.shipyard import analysis

    def played(follow_hints: bool) -> Game:
        config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                            seed=21)
        game = Game(config)
        bob = bot_for_level("greedy", 21)
        rng = random.Random(21)
        while not game.is_over and game.state.turn_number <= 20:
            legal = game.legal_moves()
            if game.to_move == 1:
                game.push(bob.choose(game.view(1), legal))
            elif not follow_hints or len(legal) == 1:
                game.push(rng.choice(legal))
            else:
                for move in analysis.hint_for(game, rollouts=4).best_moves:
                    game.push(move)
        return game

    hinted = played(True)
    assert hinted.state.turn_number > 20  # ten rounds of decisions were hinted
    report = analysis.analyse_game(hinted, rollouts=4, seats=(0,))
    assert report.decisions[0] > 20
    assert report.moments[0] == () and report.total_loss[0] == 0
    careless = analysis.analyse_game(played(False), rollouts=4, seats=(0,))
    assert careless.moments[0]  # the same search does find losses when there are some


async def test_the_winner_is_named_once_the_reveal_ends_or_the_scores_are_opened(tmp_path,
                                                                                 monkeypatch):
    """A play-test: "Winner: Me (Me 72, Bob 21)" stood above "space: reveal Me", giving
    the result away before a contract was turned (R-10.5). The header now names the
    winner after the last reveal, or as soon as another page (the scores) is opened."""
    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    game = finished_with_a_person(4)
    winner = game.state.seats[game.state.winners[0]].name
    for keys, named in (((), False), (("space", "space"), True), (("2",), True)):
        app = ShipyardApp(game=game, bot_delay=0.0, settings=Settings(strong_budget_ms=10))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, ReviewScreen)
            header = app.screen.query_one("#winner", Static)
            assert "Winner" not in str(header.content) and "Final scoring" in str(header.content)
            await pilot.press(*keys)
            await settle(pilot)
            shown = str(header.content)
            assert (f"Winner: {winner}" in shown) is named, (keys, shown)
            assert app.screen.all_revealed is (keys == ("space", "space"))


async def test_in_ascii_the_review_s_chart_is_drawn_with_ascii_marks(tmp_path, monkeypatch):
    """In ASCII mode the chart's blocks all became ``#`` (a play-test with LANG=C); the
    review now draws it with marks of its own, which keep the heights apart."""
    from shipyard_tui.games.shipyard.review import ASCII_SPARK

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    for ascii_mode in (True, False):
        app = ShipyardApp(game=finished_with_a_person(4), bot_delay=0.0, ascii=ascii_mode,
                          settings=Settings(strong_budget_ms=10))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            chart = app.screen.query_one("#chart", Static).content
            # the bars: after the names' column, before each final score
            marks = set("".join(line[11:].rstrip().rstrip("0123456789")
                                for line in str(chart).splitlines()[1:]))
            assert (marks <= set(ASCII_SPARK) | {" "}) is ascii_mode


def test_key_moments_are_kept_and_shown_again_without_a_search(tmp_path, monkeypatch):
    """A play-test: the Key moments were searched again (half a minute) each time a
    finished game was opened. The report is kept by game, moves and search; the second
    time nothing is searched. A search cut short, or a damaged file, is not used."""
    import shipyard_tui.games.shipyard.bots.strong as strong
    from shipyard_tui import analysis
    from shipyard_tui.games.shipyard import analysis as search

    game = finished_with_a_person(4)
    folder = tmp_path / "analysis"
    first = analysis.cached_analysis(game, folder, seats=(0,), budget_ms=5)
    assert len(list(folder.glob("*.json"))) == 1

    def no_search(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("searched again")

    real = search.analyse_game
    monkeypatch.setattr(search, "analyse_game", no_search)
    again = analysis.cached_analysis(game, folder, seats=(0,), budget_ms=5)
    assert again == first and analysis.moments_lines(again) == analysis.moments_lines(first)
    # another budget is another search; a damaged file is searched again and replaced
    monkeypatch.setattr(search, "analyse_game", real)
    (path,) = folder.glob("*.json")
    path.write_text("{not json")
    assert analysis.cached_analysis(game, folder, seats=(0,), budget_ms=5) == first
    assert analysis.report_from_data(__import__("json").loads(path.read_text())) == first
    stopped = tmp_path / "stopped"
    analysis.cached_analysis(game, stopped, seats=(0,), budget_ms=5, cancelled=lambda: True)
    assert not list(stopped.glob("*.json"))
    # `shipyard analyse` asks with no budget (the default), the review with the default's
    # figure: the same search, the same file
    monkeypatch.setattr(strong, "DEFAULT_BUDGET_MS", 5)
    monkeypatch.setattr(search, "analyse_game", no_search)
    assert analysis.cached_analysis(game, folder, seats=(0,), budget_ms=None) == first


async def test_a_finished_game_opened_from_its_file_is_reviewed_all_revealed(tmp_path,
                                                                             monkeypatch):
    """Reopening a finished game started the contract reveal over; from its file it now
    opens with everything revealed (a game that ends in the session still reveals)."""
    from shipyard_tui.saves import SaveStore

    monkeypatch.setenv("SHIPYARD_DATA_DIR", str(tmp_path))
    store = SaveStore()
    path = store.archive(finished_with_a_person(4), "done1")
    app = ShipyardApp(bot_delay=0.0, store=store, settings=Settings(strong_budget_ms=10))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.load_game(path)
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.all_revealed
        assert "Winner:" in str(app.screen.query_one("#winner", Static).content)
        shown = "\n".join("".join(seg.text for seg in line)
                          for line in rendered_lines(app.screen))
        assert "Reveal next" not in shown and "Title screen" in shown  # the footer
