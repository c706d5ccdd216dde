"""Key moments in the words the player saw: one moment per on-screen decision (issue 35
item 2). A choice of the screen may play several moves of the rules in a row (a
marker's steps and what it takes there, R-4.4 to R-4.6; the bonus question, R-3.4);
the review must neither name a half-move the screen never offered ("Step the marker
on", "No bonus first: …") nor count one choice twice."""

from __future__ import annotations

from shipyard_tui.core.advice import Decision, Moment, replay_moments
from shipyard_tui.core.choices import moves_of
from shipyard_tui.games.shipyard.analysis import analyse_game, choice_span, screen_choice
from shipyard_tui.games.shipyard.bots.strong import SEARCHED_STEPS
from shipyard_tui.games.shipyard.rules import Game
from shipyard_tui.games.shipyard.rules import moves as mv
from shipyard_tui.games.shipyard.ui import choice_labels
from support.shipyard import person_against_greedy


def played_game(seed: int) -> Game:
    return person_against_greedy(seed)


def searched(game: Game) -> bool:
    return game.state.turn.step in SEARCHED_STEPS and len(game.legal_moves()) > 1


def test_a_marker_walk_is_one_decision_of_several_moves():
    """R-4.4: the screen offers "walk the marker to this space and take what is there"
    as one choice; the span of a walk is every step and the take."""
    game = played_game(7)
    replay = Game(game.config)
    walks = 0
    for index, move in enumerate(game.moves):
        if (replay.to_move == 0 and isinstance(move, mv.MarkerStep)
                and (index == 0 or not isinstance(game.moves[index - 1], mv.MarkerStep))):
            ahead = tuple(game.moves[index:])
            span = choice_span(replay, ahead)
            steps = next(i for i, m in enumerate(ahead) if not isinstance(m, mv.MarkerStep))
            assert span == steps + 1, (index, ahead[:span + 1])
            choice = screen_choice(replay, 0, ahead)
            assert choice is not None and "marker" in choice.label
            walks += 1
        replay.push(move)
    assert walks >= 2  # the game walks markers more than once


def test_one_moment_per_on_screen_decision():
    """A judge that blames every position it is shown: each on-screen decision gives
    one moment, from its first searched position, and counts once."""
    game = played_game(7)
    calls: list[tuple[int, Decision]] = []

    def judge(replay: Game, seat: int, index: int, move: mv.Move,
              decision: Decision) -> Moment:
        calls.append((index, decision))
        assert decision.moves[index - decision.index] == move
        return Moment(seat, 1, index, "played", "better", 0.0, 2.0)

    report = replay_moments(game, (0,), searched=searched, judge=judge, top=10_000,
                            span=choice_span)
    starts = [d.index for _, d in calls]
    assert len(starts) == len(set(starts))  # never two moments for one decision
    assert report.decisions[0] == len(calls) == len(report.moments[0])
    long = [d for _, d in calls if len(d.moves) > 1]
    assert long  # walks (and loads) were grouped
    for index, decision in calls:
        # the group's moves are what the screen's choice plays, from its start
        choice = screen_choice(decision.position, 0, decision.moves)
        assert choice is not None and choice.move is not None
        assert moves_of(choice.move) == decision.moves
        assert index >= decision.index


def test_moments_name_the_choices_the_screen_offered():
    """The played and the better move are named by their choices' words at the
    decision's start, never by a half-move the screen did not show."""
    game = played_game(7)
    report = analyse_game(game, rollouts=2, top=50)
    moments = report.moments[0]
    assert moments
    starts = decision_starts(game)
    shown_half_moves = 0
    for moment in moments:
        start = max(s for s in starts if s <= moment.move_index)
        position = replay_to(game, start)
        labels = {c.label for c in choice_labels.choices(position.view(0),
                                                        position.legal_moves())}
        assert moment.played in labels, moment
        assert moment.best in labels, moment
        assert not moment.played.startswith(("No bonus first", "Step the marker"))
        shown_half_moves += isinstance(game.moves[start], mv.MarkerStep | mv.Proceed)
    assert shown_half_moves  # the game has such moments, named as the screen named them


def decision_starts(game: Game) -> list[int]:
    replay = Game(game.config)
    starts = []
    index = 0
    moves = tuple(game.moves)
    while index < len(moves):
        span = choice_span(replay, moves[index:]) if replay.to_move == 0 else 1
        starts.append(index)
        for move in moves[index:index + span]:
            replay.push(move)
        index += span
    return starts


def replay_to(game: Game, count: int) -> Game:
    replay = Game(game.config)
    for move in game.moves[:count]:
        replay.push(move)
    return replay
