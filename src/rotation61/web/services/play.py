"""Use cases of the play page: games of 61 on the physics engine, judged by the referee.

A game is a match (:class:`~rotation61.web.services.matches.MatchService` stores it, the
hall and the scoreboards show it): its header carries the game's mode in the ``Game``
tag, and each of its shot inputs carries the ball positions before the shot and the
cue-ball placement. The stroke of each shot is stored beside its input
(:class:`~rotation61.web.adapters.play.StrokeStore`), in the same transaction, so every
acknowledged shot has its stroke and a refused one leaves none.

The state of a game is derived by replay: the referee's state is the replay of the
inputs (:class:`~rotation61.records.MatchLog`); the balls on the table are the
positions stored with the last shot, played again with its stroke through the
deterministic engine, then spotted and moved as the rulings and decisions after it say
(:func:`table_after`). A fresh rack is the engine's break layout with an order seeded
by the match number and the rack number, so it too is the same after a restart.

The computer's seam is :class:`ComputerPlayer`: given the game, a stroke (with the
cue-ball placement when in hand) or a decision, with a reason to show.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Final

from rotation61.ai.table import balls_after
from rotation61.geometry import Point, get_table, placement_problem
from rotation61.records import (
    DecisionInput,
    EventInput,
    MatchHeader,
    MatchLog,
    ShotInput,
)
from rotation61.rules import (
    CUE_BALL,
    Ball,
    IllegalActionError,
    OfficialEvent,
    Option,
    Phase,
    Seat,
)
from rotation61.sim import (
    SimResult,
    SimTable,
    Stroke,
    simulate,
)
from rotation61.web.adapters.play import StrokeStore
from rotation61.web.core.errors import OutOfRangeError
from rotation61.web.core.model import TABLE_SIZE_TAG, GameMode, StoredMatch
from rotation61.web.services.game import (
    GAME_TAG,
    LEVEL_TAG,
    ComputerPlayer,
    Game,
    Played,
    ball_segments,
    check_stroke,
    game_racks,
    stroke_from_dict,
    stroke_to_dict,
    table_after,
)
from rotation61.web.services.matches import MatchService, clean_names

__all__ = ["PlayService"]

_log = logging.getLogger(__name__)
_CACHE_SIZE: Final = 256
_SHOT_CACHE_SIZE: Final = 128
_THINK_TIMES: Final = 10_000
"""The computer's think times kept (the newest), for the load bench."""
_ShotData = tuple[dict[Ball, Point], Stroke, SimResult, dict[Ball, list[list[float]]]]


class PlayService:
    """The play page's use cases over the match service and the stroke store.

    Args:
        matches: the match service (storage, memory of the logs, the live updates).
        strokes: where the strokes are stored.
        computer: the computer player, if one is installed.
    """

    def __init__(
        self,
        matches: MatchService,
        strokes: StrokeStore,
        computer: ComputerPlayer | None = None,
    ) -> None:
        self._matches = matches
        self._strokes = strokes
        self.computer = computer
        self._tables: OrderedDict[int, tuple[int, dict[Ball, Point], dict[int, Stroke]]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()
        self._locks: dict[int, threading.Lock] = {}
        self._shots: OrderedDict[tuple[int, int], _ShotData] = OrderedDict()
        self._notes: OrderedDict[int, tuple[int, list[Mapping[str, str]]]] = OrderedDict()
        self._thinking: set[int] = set()
        self._computer_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="computer")
        self.think_times: deque[float] = deque(maxlen=_THINK_TIMES)
        """Seconds the computer took for each move (for the load bench)."""

    def warm_up(self) -> None:
        """Load (or compile, the first time on a machine) the engine's kernels."""
        spec = get_table("9ft")
        layout = {CUE_BALL: Point(20.0, 25.0), 1: spec.foot_spot}
        simulate(
            layout, Stroke(speed=1.0, phi=0.0), table=SimTable.from_spec(spec), trajectory=True
        )

    # --- Setup ---------------------------------------------------------------------------

    def create(
        self,
        *,
        mode: GameMode,
        players: tuple[str, str],
        race_to: int,
        rules: str,
        table_size: str,
        level: int | None = None,
    ) -> StoredMatch:
        """Start a game (a match with the ``Game`` tag).

        Raises:
            OutOfRangeError: a level outside 1..10, or missing against the computer; a
                name or race out of range.
            UnknownRuleSetError: an unknown rule preset.
            UnknownTableError: an unknown table size.
        """
        get_table(table_size)
        tags = [(GAME_TAG, mode.value), (TABLE_SIZE_TAG, table_size)]
        if mode is GameMode.COMPUTER:
            if level is None or not 1 <= level <= 10:
                raise OutOfRangeError(f"computer level {level!r} is outside 1..10")
            tags.append((LEVEL_TAG, str(level)))
        elif level is not None:
            raise OutOfRangeError(f"a level ({level!r}) is only for games against the computer")
        header = MatchHeader.of(
            players=clean_names(players), race_to=race_to, rules=rules, tags=tags
        )
        return self._matches.create_match(header)

    def mode_of(self, stored: StoredMatch) -> GameMode:
        """The mode of a game.

        Raises:
            IllegalActionError: the match is not a browser game.
        """
        value = stored.header.tag(GAME_TAG)
        if value not in {m.value for m in GameMode}:
            raise IllegalActionError(f"match {stored.id} is not a browser game")
        return GameMode(value)

    # --- State ---------------------------------------------------------------------------

    def game(self, match_id: int) -> Game:
        """A game as it stands (replayed from storage when not in memory).

        Raises:
            MatchNotFoundError: no match has that number.
            IllegalActionError: the match is not a browser game.
        """
        stored, log = self._matches.board(match_id)
        return self._game(stored, log)

    def _game(self, stored: StoredMatch, log: MatchLog) -> Game:
        mode = self.mode_of(stored)
        spec = get_table(stored.table_size)
        with self._lock:
            known = self._tables.get(stored.id)
        if known is not None and known[0] == log.length:
            layout = known[1]
        else:
            strokes = known[2] if known is not None else {}
            if any(
                isinstance(s.step, ShotInput) and i + 1 not in strokes
                for i, s in enumerate(log.steps())
            ):
                raw = self._strokes.load_strokes(stored.id)
                strokes = {seq: stroke_from_dict(d) for seq, d in raw.items()}
            layout = table_after(log, strokes, spec, game_racks(stored.id))
            self._keep(stored.id, log.length, layout, strokes)
        level_tag = stored.header.tag(LEVEL_TAG)
        return Game(
            stored=stored,
            log=log,
            mode=mode,
            level=int(level_tag) if level_tag else None,
            spec=spec,
            layout=dict(layout),
        )

    def _keep(
        self, match_id: int, length: int, layout: dict[Ball, Point], strokes: dict[int, Stroke]
    ) -> None:
        with self._lock:
            self._tables[match_id] = (length, dict(layout), strokes)
            self._tables.move_to_end(match_id)
            while len(self._tables) > _CACHE_SIZE:
                self._tables.popitem(last=False)

    def _game_lock(self, match_id: int) -> threading.Lock:
        """The lock of a game's inputs in this worker.

        Bounded: past twice the games in memory, the idle locks of games no longer in
        memory are dropped.
        """
        with self._lock:
            lock = self._locks.setdefault(match_id, threading.Lock())
            if len(self._locks) > 2 * _CACHE_SIZE:
                for key in [k for k, v in self._locks.items() if k not in self._tables]:
                    if key != match_id and not self._locks[key].locked():
                        del self._locks[key]
            return lock

    def strokes(self, match_id: int) -> dict[int, Stroke]:
        """Every stored stroke of a game, by input number."""
        raw = self._strokes.load_strokes(match_id)
        return {seq: stroke_from_dict(d) for seq, d in raw.items()}

    # --- Inputs --------------------------------------------------------------------------

    def shoot(
        self,
        match_id: int,
        expected_seq: int,
        seats: frozenset[Seat],
        stroke: Stroke,
        placement: Point | None = None,
    ) -> Played:
        """Play a stroke: simulate it, judge it, store it; nothing changes on an error.

        Args:
            match_id: the game.
            expected_seq: the number of inputs the player's screen showed.
            seats: the seats the player holds.
            stroke: the stroke.
            placement: the cue ball's centre, when it is in hand (inches).

        Raises:
            OutOfRangeError: a stroke out of range, or a placement the geometry layer
                refuses (outside the kitchen, off the table, on a ball).
            IllegalActionError: not this player's turn, a decision is awaited, the match
                is over, a placement without the cue ball in hand or none with it.
            StaleInputError: ``expected_seq`` is not the current number of inputs.
        """
        check_stroke(stroke)
        with self._game_lock(match_id):
            game = self.game(match_id)
            self._check_turn(game, seats, Phase.SHOT)
            layout = dict(game.layout)
            if game.in_hand:
                if placement is None:
                    raise IllegalActionError(
                        "the cue ball is in hand: place it behind the head string first"
                    )
                problem = placement_problem(game.spec, placement, layout.values(), kitchen=True)
                if problem is not None:
                    raise OutOfRangeError(
                        f"cue ball placement ({placement.x:g}, {placement.y:g}) is refused: "
                        f"{problem.value.replace('_', ' ')}"
                    )
                layout[CUE_BALL] = placement
            elif placement is not None:
                raise IllegalActionError("the cue ball is not in hand: it cannot be placed")
            start = dict(sorted(layout.items()))
            result = simulate(start, stroke, table=SimTable.from_spec(game.spec), trajectory=True)
            item = ShotInput(shot=result.shot, placement=placement, positions=tuple(start.items()))
            seq = expected_seq + 1
            # the stroke is stored with its input, in one transaction conditional on
            # expected_seq: a refused stroke writes nothing
            stored, log = self._matches.submit(
                match_id, expected_seq, item, stroke=stroke_to_dict(stroke)
            )
            ruling = log.steps()[-1].ruling
            assert ruling is not None
            with self._lock:
                known = self._tables.get(match_id)
            strokes = dict(known[2]) if known is not None else self.strokes(match_id)
            strokes[seq] = stroke
            after = balls_after(
                game.spec, log.steps()[-1], start, game_racks(match_id), rest=result.layout
            )
            self._keep(match_id, log.length, after, strokes)
            segments = ball_segments(result)
            self._remember_shot(match_id, seq, (start, stroke, result, segments))
            return Played(
                game=self._game(stored, log),
                seq=seq,
                start=start,
                stroke=stroke,
                result=result,
                segments=segments,
                ruling=ruling,
            )

    def decide(
        self, match_id: int, expected_seq: int, seats: frozenset[Seat], option: Option
    ) -> Game:
        """The incoming player's decision after a foul.

        Raises:
            IllegalActionError: not this player's decision, or an option not offered.
            StaleInputError: ``expected_seq`` is not the current number of inputs.
        """
        with self._game_lock(match_id):
            game = self.game(match_id)
            self._check_turn(game, seats, Phase.DECISION)
            stored, log = self._matches.submit(match_id, expected_seq, DecisionInput(option=option))
            return self._game(stored, log)

    # --- The computer ----------------------------------------------------------------------

    def computer_seat(self, game: Game) -> Seat | None:
        """The computer's seat (B) in a game against it, if a computer is installed."""
        return Seat.B if game.mode is GameMode.COMPUTER and self.computer else None

    def wake_computer(self, match_id: int) -> None:
        """Let the computer play its turn(s) in the background, if it is to act.

        Called after every input and when a game is read (so a game against the computer
        goes on after a restart). One run per game at a time.
        """
        if self.computer is None:
            return
        with self._lock:
            if match_id in self._thinking:
                return
            self._thinking.add(match_id)
        self._computer_pool.submit(self._computer_turns, match_id)

    def _computer_turns(self, match_id: int) -> None:
        try:
            self.computer_turns(match_id)
        except Exception:  # a background thread: say it, the next read wakes it again
            _log.exception("the computer could not play in game %s", match_id)
        finally:
            with self._lock:
                self._thinking.discard(match_id)

    def computer_turns(self, match_id: int, limit: int = 200) -> int:
        """Play the computer's moves while it is to act; returns how many it made."""
        computer = self.computer
        made = 0
        reasons: list[Mapping[str, str]] = []
        for _ in range(limit):
            game = self.game(match_id)
            seat = self.computer_seat(game)
            if computer is None or seat is None or game.to_act is not seat:
                break
            started = time.perf_counter()
            move = computer.move(game, game.level or 1)
            self.think_times.append(time.perf_counter() - started)
            seq = game.log.length
            if move.option is not None:
                self.decide(match_id, seq, frozenset({seat}), move.option)
            elif move.stroke is not None:
                placement = move.placement if game.in_hand else None
                self.shoot(match_id, seq, frozenset({seat}), check_stroke(move.stroke), placement)
            else:  # pragma: no cover - a computer always moves
                break
            reasons.append(move.reasons)
            length = self.game(match_id).log.length
            with self._lock:  # the reasons of this turn's moves, in order
                self._notes[match_id] = (length, list(reasons))
                self._notes.move_to_end(match_id)
                while len(self._notes) > _CACHE_SIZE:
                    self._notes.popitem(last=False)
            made += 1
        return made

    def computer_note(self, match_id: int, seq: int, lang: str) -> list[str]:
        """Why the computer made each move of its last turn, while it is the last input."""
        with self._lock:
            after, notes = self._notes.get(match_id, (-1, []))
        return [n.get(lang, "") for n in notes] if after == seq else []

    def concede(self, match_id: int, expected_seq: int, seats: frozenset[Seat]) -> Game:
        """A player concedes the game (A38): the match ends, the opponent wins.

        The conceding player is the token's seat; on a shared device (both seats), the
        player to act.

        Raises:
            IllegalActionError: the game is over.
            StaleInputError: ``expected_seq`` is not the current number of inputs.
        """
        with self._game_lock(match_id):
            game = self.game(match_id)
            if game.match.is_over:
                raise IllegalActionError(f"game {match_id} is over")
            seat = next(iter(seats)) if len(seats) == 1 else game.match.rack.to_act
            item = EventInput(event=OfficialEvent.CONCEDE_MATCH, player=seat)
            stored, log = self._matches.submit(match_id, expected_seq, item)
            return self._game(stored, log)

    def _check_turn(self, game: Game, seats: frozenset[Seat], phase: Phase) -> None:
        rack = game.match.rack
        if game.match.is_over:
            raise IllegalActionError(f"game {game.stored.id} is over")
        if rack.to_act not in seats:
            raise IllegalActionError(
                f"it is {game.stored.header.players[rack.to_act]}'s turn ({rack.to_act.name}), "
                "not yours"
            )
        if rack.phase is not phase:
            wanted = "a decision" if rack.phase is Phase.DECISION else "a shot"
            raise IllegalActionError(f"the referee waits for {wanted}")

    def replay_shot(self, match_id: int, seq: int) -> _ShotData:
        """Shot input ``seq`` of a game (played again by the deterministic engine).

        Returns:
            The balls before it, the stroke, the engine's result and the segments.

        Raises:
            MatchNotFoundError: no match has that number.
            OutOfRangeError: no such shot, or a shot without a stored stroke.
        """
        with self._lock:
            known = self._shots.get((match_id, seq))
        if known is not None:
            return known
        game = self.game(match_id)
        steps = game.log.steps()
        if not 1 <= seq <= len(steps) or not isinstance(steps[seq - 1].step, ShotInput):
            raise OutOfRangeError(f"input {seq} of game {match_id} is not a shot")
        item = steps[seq - 1].step
        assert isinstance(item, ShotInput)
        stroke = self.strokes(match_id).get(seq)
        if stroke is None:
            raise OutOfRangeError(f"shot {seq} of game {match_id} has no stored stroke")
        start = dict(item.positions)
        result = simulate(start, stroke, table=SimTable.from_spec(game.spec), trajectory=True)
        data = (start, stroke, result, ball_segments(result))
        self._remember_shot(match_id, seq, data)
        return data

    def _remember_shot(self, match_id: int, seq: int, data: _ShotData) -> None:
        with self._lock:
            self._shots[(match_id, seq)] = data
            self._shots.move_to_end((match_id, seq))
            while len(self._shots) > _SHOT_CACHE_SIZE:
                self._shots.popitem(last=False)
