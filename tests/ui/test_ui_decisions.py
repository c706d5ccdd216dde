"""Each kind of decision made through the interface by keys alone.

The games use seed 0, where Ann (a person, seat 0) starts against a greedy bot.
Situations beyond the first turn are set up by editing the game state before the
app opens it.
"""

from __future__ import annotations

from shipyard_tui.games.shipyard.rules import (
    Action,
    Feature,
    Game,
    GameConfig,
    SeatConfig,
    SeatKind,
    engine,
)
from shipyard_tui.games.shipyard.rules import events as ev
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.rules.catalog import TileKind
from shipyard_tui.games.shipyard.rules.state import PlacedCanal, Step
from shipyard_tui.ui.app import ShipyardApp
from shipyard_tui.ui.screens.hand_over import HandOverScreen
from support.shipyard import tile_with
from support.ui import choices, key_for, key_for_label, key_for_move, pick, settle


def ann_first(**options: bool) -> Game:
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bob", SeatKind.BOT, "greedy")),
                        seed=0, **options)
    game = Game(config)
    assert game.state.start_seat == 0
    return game


async def choose_action(pilot, app, action: Action) -> None:
    await pick(pilot, app, key_for_move(app, mv.Choose(action)))
    if app.model.game.state.turn.step is Step.BONUS_BEFORE:
        await pick(pilot, app, key_for(app, lambda c: isinstance(c.move, mv.Proceed)))


def events_of(app, kind):
    return [e for e in app.model.game.events if isinstance(e, kind)]


async def test_build_and_place_by_keys():
    app = ShipyardApp(game=ann_first(), bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_action(pilot, app, Action.BUILD)
        state = app.model.game.state
        assert state.turn.step is Step.BUILD
        bow = state.market.ships[0][0]
        await pick(pilot, app, key_for_move(app, mv.Buy(0, 0)))
        assert state.turn.step is Step.PLACE
        shown = choices(app)
        illegal = [c for c in shown if c.move is None]
        assert {c.label for c in illegal} == {"Cell 8", "Cell 9"}
        assert all(c.reason for c in illegal)
        await pick(pilot, app, key_for_move(app, mv.Place(0)))
        await pick(pilot, app, key_for(app, lambda c: isinstance(c.move, mv.EndBuild)))
        assert app.model.game.state.seats[0].yard[0] == bow
        assert events_of(app, ev.DisplayRefilled)


async def test_canal_place_and_rotate_by_keys():
    game = ann_first()
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_action(pilot, app, Action.CANAL)
        state = app.model.game.state
        slot = next(i for i, c in enumerate(state.market.canals) if c == "K7")
        await pick(pilot, app, key_for_move(app, mv.TakeCanal(slot)))
        assert state.turn.step is Step.CANAL_PLACE
        first = app.model.highlight
        assert first == mv.PlaceCanal(0, 0, 0)
        await pilot.press("r")
        await settle(pilot)
        assert app.model.highlight == mv.PlaceCanal(0, 0, 1)
        await pilot.press("r", "r")
        await settle(pilot)
        assert app.model.highlight == mv.PlaceCanal(0, 0, 3)
        await pilot.press("enter")
        await settle(pilot)
        placed = events_of(app, ev.CanalPlaced)
        assert [(e.canal, e.rotation) for e in placed if e.seat == 0] == [("K7", 3)]


async def test_exchange_by_keys():
    game = ann_first()
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        before = game.state.seats[0].guilders
        await choose_action(pilot, app, Action.EXCHANGE)
        state = app.model.game.state
        await pick(pilot, app, key_for_move(app, mv.Exchange("start-1")))
        assert state.turn.step is Step.EXCHANGE_GOOD
        await pick(pilot, app, key_for_move(app, mv.Sell()))
        await pick(pilot, app, key_for_move(app, mv.Trade(mv.Piece.CAPTAIN)))
        await pick(pilot, app, key_for_move(app, mv.Trade(mv.Piece.CANNON)))
        seat = app.model.game.state.seats[0]
        sold = events_of(app, ev.GoodSold)
        assert [(e.good, e.price) for e in sold] == [("coal", 3)]
        assert seat.guilders == before + 3 + events_of(app, ev.IncomePaid)[0].amount
        assert seat.pieces == {"captain": 1, "cannon": 1}


async def test_hire_by_keys():
    game = ann_first()
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_action(pilot, app, Action.HIRE)
        state = app.model.game.state
        assert state.turn.step is Step.HIRE
        before = state.seats[0].guilders
        one_on = next(c for c in choices(app) if "marker 1 step on" in c.label)
        hire = one_on.move.last  # the marker's step, then this hire: one choice
        wanted = state.employee_track[6][hire.slot][-1]
        paid = int(one_on.label.split("you pay ")[-1].split()[0])
        # the board letters the employee the marker walks to, as the choice is lettered
        # (a play-test found only the marker's own space lettered)
        from shipyard_tui.games.shipyard.ui.widgets.employee_track import (
            EmployeeTrack,
            employee_short,
        )
        from support.ui import plain

        await pilot.press("2")
        await settle(pilot)
        track = app.screen.query_one(EmployeeTrack)
        key = key_for_label(app, one_on.label)
        rows = plain(track.render(), width=track.content_region.width).splitlines()
        lettered = [r for r in rows if f" {key} {employee_short(wanted)}" in r]
        assert len(lettered) == 1 and "▶" not in lettered[0]  # a space after the marker
        await pick(pilot, app, key)
        assert state.employee_marker == 6
        assert app.model.game.state.seats[0].employees == [wanted]
        assert state.seats[0].guilders == before - paid


async def test_hire_shows_every_space_the_marker_can_reach_at_80x24_r4_6():
    """The marker on the last space: the rondels panel, one line too short for the whole
    track, scrolls to it, and the letters put before the employees cut none of them."""
    from textual.containers import Container

    from shipyard_tui.games.shipyard.ui.widgets.employee_track import EmployeeTrack
    from support.ui import plain

    game = ann_first()
    game.state.employee_marker = 6  # the free step brings it to the last space
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pick(pilot, app, key_for_move(app, mv.Choose(Action.HIRE)))
        assert app.model.game.state.turn.step is Step.BONUS_BEFORE
        await pilot.press("2")  # the track on show before its letters are
        await settle(pilot)
        await pick(pilot, app, key_for(app, lambda c: isinstance(c.move, mv.Proceed)))
        state = app.model.game.state
        assert state.turn.step is Step.HIRE and state.employee_marker == 7
        rondels = app.screen.query_one("#rondels", Container)
        track = app.screen.query_one(EmployeeTrack)
        assert rondels.max_scroll_y > 0  # the track does not fit: the test means something
        window = rondels.scrollable_content_region.at_offset(rondels.scroll_offset)
        assert track.marker_rows().y >= 1 and window.contains_region(track.marker_rows())
        shown = plain(track.render(), width=track.content_region.width)
        assert "…" not in shown and "a " in shown


async def test_a_large_terminal_s_narrow_track_drops_surcharges_before_names_r4_6():
    """A play-test at 150×45: the middle column (about 37 wide) cut the employees while
    hiring ("Trd Co…" for both coal traders). Where the letters and surcharges do not
    fit (at 120×35 the rondels' column beside the market is about 40 wide), the track
    leaves out the "+1" surcharges (the choices say "you pay 1 guilder more"), then
    packs the marker and the letters ("▶free aEng Sai"); at 160×50 there is room for
    them."""
    from shipyard_tui.games.shipyard.ui.widgets.employee_track import EmployeeTrack, employee_short
    from support.ui import plain

    for size, surcharges in (((120, 35), False), ((160, 50), True)):
        app = ShipyardApp(game=ann_first(), bot_delay=0.0)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await choose_action(pilot, app, Action.HIRE)
            await settle(pilot)
            assert app.model.game.state.turn.step is Step.HIRE
            track = app.screen.query_one(EmployeeTrack)
            shown = plain(track.render(), width=track.content_region.width)
            assert "…" not in shown
            assert ("+1" in shown) is surcharges
            state = app.model.game.state
            keyed = 0
            for slot, stack in enumerate(state.employee_track[state.employee_marker]):
                key = app.model.key_for(mv.Hire(slot))
                if stack and key:  # each letter stands by its employee's whole name
                    keyed += 1
                    assert f"{key}{employee_short(stack[-1])}".replace(" ", "") \
                        in shown.replace(" ", "")
            assert keyed >= 2


async def test_bonus_action_before_the_chosen_one_by_keys():
    game = ann_first()
    game.state.seats[0].guilders = 10
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pick(pilot, app, key_for_move(app, mv.Choose(Action.PURCHASE)))
        state = app.model.game.state
        assert state.turn.step is Step.BONUS_BEFORE
        await pick(pilot, app, key_for_move(app, mv.Bonus(Action.EQUIPMENT)))
        paid = events_of(app, ev.BonusPaid)
        assert [(p.action, p.cost) for p in paid] == [("equipment", 6)]
        assert state.turn.step is Step.RING
        await pick(pilot, app, key_for_move(app, mv.Take()))
        assert state.turn.step is Step.PURCHASE
        await pick(pilot, app, key_for_move(app, mv.BuyCommodity(0)))
        assert len(app.model.game.state.seats[0].commodities) == 2


def ship_ready(game: Game) -> None:
    """Give Ann a complete 3-tile ship, pieces and two canals, and start its shakedown."""
    state = game.state
    seat = state.seats[0]
    bow = tile_with(TileKind.BOW, Feature.CANNON, Feature.CABIN)
    mid = tile_with(TileKind.MIDDLE, Feature.MAST, Feature.MAST)
    stern = tile_with(TileKind.STERN, Feature.BOILER, Feature.MAST)
    for stack in (state.market.bow_stack, state.market.middle_stack, state.market.stern_stack):
        for tile in (bow, mid, stern):
            if tile in stack:
                stack.remove(tile)
    for column in state.market.ships:
        for row, tile in enumerate(column):
            if tile in (bow, mid, stern):
                column[row] = None
    seat.yard[0:3] = [bow, mid, stern]
    seat.pieces = {"captain": 2, "smokestack": 1, "stoker": 1, "sail": 2, "soldier": 1,
                   "cannon": 1}
    seat.canals = [PlacedCanal("T1", 0, 0, 0), PlacedCanal("S3", 1, 0, 0),
                   PlacedCanal("K1", -1, 0, 1)]
    for canal in ("T1", "S3", "K1"):
        for pile in (state.market.canal_deck, state.market.canals):
            if canal in pile:
                pile[pile.index(canal)] = None if pile is state.market.canals else canal
        if canal in state.market.canal_deck:
            state.market.canal_deck.remove(canal)
    state.turn.chosen = Action.BUILD
    state.turn.role = engine.Role.MAIN
    state.turn.bonus_used = True
    engine.begin_shakedown(state, game.events)


async def test_piece_assignment_and_cruise_path_choice_by_keys():
    game = ann_first()
    ship_ready(game)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        state = app.model.game.state
        assert state.turn.step is Step.LOAD
        assert choices(app)[0].label.startswith("Suggested")
        for piece in ("captain", "smokestack", "stoker", "sail", "soldier", "cannon"):
            await pick(pilot, app, key_for_move(app, mv.Load(mv.Piece(piece))))
        assert state.turn.load == {"captain": 1, "smokestack": 1, "stoker": 1, "sail": 1,
                                   "soldier": 1, "cannon": 1}
        await pick(pilot, app, key_for(app, lambda c: isinstance(c.move, mv.EndLoad)))
        assert state.turn.step is Step.TOKEN_START
        await pick(pilot, app, key_for_move(app, mv.StartToken(1, 0, "E")))
        assert state.turn.step is Step.CRUISE
        options = [c for c in choices(app) if isinstance(c.move, mv.Cruise)]
        assert len(options) >= 2
        assert all(" cruise point" in c.label for c in options)  # not the ship's points
        points = [int(c.label.split()[0]) for c in options]
        assert points == sorted(points, reverse=True)
        second = options[1].move
        await pick(pilot, app, key_for_move(app, second))
        sailed = events_of(app, ev.ShipSailed)
        assert [e.path for e in sailed] == [list(second.path)]
        assert sailed[0].total == sum(sailed[0].points.values())


async def test_suggested_load_plays_every_piece_then_sails():
    game = ann_first()
    ship_ready(game)
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pick(pilot, app, key_for_label(app, "Suggested"))
        state = app.model.game.state
        assert state.turn.step in (Step.TOKEN_START, Step.RIGGER, Step.CRUISE)
        loaded = [e.piece for e in events_of(app, ev.PieceLoaded)]
        assert "captain" in loaded and len(loaded) >= 3


async def test_undo_and_escape_take_back_moves_of_the_turn():
    game = ann_first()
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose_action(pilot, app, Action.BUILD)
        snapshot = app.model.game.state.to_dict()
        await pick(pilot, app, key_for_move(app, mv.Buy(1, 0)))
        await pick(pilot, app, key_for_move(app, mv.Place(3)))
        assert app.model.game.state.seats[0].yard[3] is not None
        await pilot.press("u")
        await settle(pilot)
        assert app.model.game.state.turn.step is Step.PLACE
        await pilot.press("escape")
        await settle(pilot)
        assert app.model.game.state.to_dict() == snapshot
        assert app.model.game.state.market.ships[1][0] is not None


async def test_two_people_hand_over_the_terminal_r11_2():
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Eva")), seed=0)
    app = ShipyardApp(config=config, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        assert app.model.viewer is None
        await pilot.press("enter")
        await settle(pilot)
        assert app.model.viewer == 0
        await choose_action(pilot, app, Action.EQUIPMENT)
        await pick(pilot, app, key_for_move(app, mv.Take()))
        if app.model.game.state.turn.step is Step.BONUS_AFTER:
            await pick(pilot, app, key_for_move(app, mv.NoBonus()))
        assert app.model.game.to_move == 1
        assert isinstance(app.screen, HandOverScreen)
        assert app.model.viewer is None
        view = app.model.view
        assert all(c.startswith("hidden") for seat in view.seats for c in seat.contracts)
        await pilot.press("enter")
        await settle(pilot)
        assert app.model.viewer == 1
        view = app.model.view
        assert all(c.startswith("hidden") for c in view.seats[0].contracts)
        assert not any(c.startswith("hidden") for c in view.seats[1].contracts)


async def test_nobody_s_contracts_show_while_a_bot_plays_between_two_people():
    config = GameConfig((SeatConfig("Ann"), SeatConfig("Bot", SeatKind.BOT, "greedy"),
                         SeatConfig("Eva")), seed=2)
    app = ShipyardApp(config=config, bot_delay=30.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(6):
            model = app.model
            if not model.human_to_move:
                assert model.viewer is None
                assert all(c.startswith("hidden")
                           for seat in model.view.seats for c in seat.contracts)
                await pilot.press("space")
            elif isinstance(app.screen, HandOverScreen):
                await pilot.press("enter")
            else:
                await pilot.press("enter")
            await settle(pilot)


async def test_no_bonus_choice_is_offered_that_would_spoil_the_chosen_action_r3_4():
    """R-3.4 (revision 2): with 6 guilders a bonus action first would leave nothing for
    the chosen Rent a Canal, so the screen goes straight on to renting a canal."""
    game = ann_first()
    state = game.state
    state.seats[0].guilders = 6
    state.market.canals[0] = None
    app = ShipyardApp(game=game, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pick(pilot, app, key_for_move(app, mv.Choose(Action.CANAL)))
        assert state.turn.step is Step.CANAL_PICK
        labels = {str(c.move): c.label for c in choices(app)}
        assert labels and not [m for m in labels if m.startswith("bonus")]
