"""The environment core: pure functions over a frozen :class:`GameState` (Gymnasium's ``FuncEnv``).

A game is a match (:class:`~rotation61.records.MatchLog`) whose shot inputs carry the
ball positions and are played on the physics engine. Every ruling comes from the
referee; where the balls lie after each step is :func:`rotation61.ai.table.balls_after`
(the one table transition, which the play page uses too). With the cue ball in hand
(the break, or after a foul) the stroke's placement puts it in the kitchen
(:func:`~rotation61.geometry.placement_ok` decides what is legal).

The contract (used by the Gymnasium and PettingZoo shells):

- :func:`initial` ``(config, seed) -> GameState``: the match before the first break;
  the same config and seed give the same state, and so the same game.
- :func:`transition` ``(state, action) -> GameState``: deterministic. The execution
  noise of a stroke is drawn from a generator seeded by the state's own ``seed`` and
  the match log's length, so the same state and action always give the same next state.
  Raises :class:`IllegalGameActionError` for an action the phase does not allow (no
  state changes).
- :func:`observation` ``(state, player) -> Observation``: what a seat sees (everything:
  pool is a game of perfect information), with a fixed-size numeric view.
- :func:`reward` ``(state, action, next_state) -> float``: for the seat that acted,
  points it scored minus points its opponent scored on this step, plus
  ``config.rack_reward`` for a rack won (minus it for a rack lost). :func:`rewards`
  gives both seats' (zero-sum).
- :func:`terminal` ``(state) -> bool``: the match is over.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from enum import StrEnum
from typing import Final, TypeAlias

import numpy as np
import numpy.typing as npt

from rotation61.ai.aim import RelativeStrokeAction, absolute_action
from rotation61.ai.errors import IllegalGameActionError
from rotation61.ai.table import SeededRacks, balls_after
from rotation61.geometry import Point, placement_problem
from rotation61.match import MatchState
from rotation61.records import (
    DecisionInput,
    EventInput,
    MatchHeader,
    MatchLog,
    MatchRecord,
    ShotInput,
)
from rotation61.rules import (
    CUE_BALL,
    Ball,
    OfficialEvent,
    Option,
    Phase,
    RackState,
    Rotation61Error,
    Seat,
    get_ruleset,
)
from rotation61.sim import (
    DEFAULT_PARAMS,
    DEFAULT_TABLE,
    ExecutionNoise,
    Params,
    SimResult,
    SimTable,
    SimulationError,
    Stroke,
    execute,
    playable_layout,
    simulate,
)

__all__ = [
    "OBSERVATION_SIZE",
    "Action",
    "GameConfig",
    "GameState",
    "IllegalGameActionError",
    "Layout",
    "Observation",
    "OptionAction",
    "PhaseKind",
    "RelativeStrokeAction",
    "StrokeAction",
    "absolute",
    "initial",
    "observation",
    "phase_of",
    "position",
    "reward",
    "rewards",
    "terminal",
    "transition",
]

Layout: TypeAlias = tuple[tuple[Ball, Point], ...]
"""Ball centres (inches), ascending by ball; the cue ball is absent while in hand."""

_RETRIES: Final = 8
"""Noise redraws for a stroke whose sample the engine cannot finish (event cap)."""


class PhaseKind(StrEnum):
    """What the player to act must do; the value is the wire format."""

    BREAK = "break"
    """Break: cue ball in hand behind the head string, a stroke with a placement."""
    STROKE = "stroke"
    """Shoot the cue ball where it lies: a stroke without placement."""
    IN_HAND = "in_hand"
    """Cue ball in hand behind the head string (§XVI): a stroke with a placement."""
    OPTION = "option"
    """Choose an option after the opponent's foul."""
    OVER = "over"
    """The match is over."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class StrokeAction:
    """A stroke, and where the cue ball is placed first when it is in hand.

    Attributes:
        speed: m/s (see :class:`~rotation61.sim.Stroke`).
        phi: aim, degrees from +x.
        theta: cue elevation, degrees.
        a: side offset, ball radii.
        b: vertical offset, ball radii.
        placement: the cue ball's centre (inches) when it is in hand; ``None`` otherwise.

    Raises:
        IllegalGameActionError: a value is not a valid stroke.
    """

    speed: float
    phi: float
    theta: float = 0.0
    a: float = 0.0
    b: float = 0.0
    placement: Point | None = None

    def __post_init__(self) -> None:
        try:
            self.stroke()
        except SimulationError as err:
            raise IllegalGameActionError(str(err)) from err
        if self.placement is not None and not isinstance(self.placement, Point):
            raise IllegalGameActionError(f"placement {self.placement!r} is not a Point")

    def stroke(self) -> Stroke:
        """The engine's stroke (without the placement)."""
        return Stroke(speed=self.speed, phi=self.phi, theta=self.theta, a=self.a, b=self.b)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class OptionAction:
    """The incoming player's option after a foul (the referee's :class:`~rotation61.rules.Option`).

    Raises:
        IllegalGameActionError: ``option`` is not an :class:`~rotation61.rules.Option`.
    """

    option: Option

    def __post_init__(self) -> None:
        if not isinstance(self.option, Option):
            raise IllegalGameActionError(f"option {self.option!r} is not an Option")


Action: TypeAlias = StrokeAction | RelativeStrokeAction | OptionAction
"""What a player does: a stroke (absolute, or relative to the ball on and a pocket:
:mod:`rotation61.ai.aim`; with a placement when in hand) or an option."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class GameConfig:
    """How a game is played.

    Attributes:
        race_to: racks needed to win the match.
        rules: the rule-set preset name.
        players: the players' names (seat A, seat B), written to the record.
        noise: the execution noise added to every stroke; ``None`` plays strokes exactly.
        noises: per-seat execution noise (seat A, seat B), replacing ``noise`` (players
            of different skill).
        rack_reward: the reward for winning a rack (see :func:`reward`).
        max_shots_per_rack: after this many inputs in one rack the referee declares a
            stalemate (A38; the rack is replayed), so a game always ends.
        table: the simulated table.
        params: the physical parameters.

    Raises:
        IllegalGameActionError: a value is out of range or the preset is unknown.
    """

    race_to: int = 1
    rules: str = "standard"
    players: tuple[str, str] = ("A", "B")
    noise: ExecutionNoise | None = None
    noises: tuple[ExecutionNoise | None, ExecutionNoise | None] | None = None
    rack_reward: float = 61.0
    max_shots_per_rack: int = 300
    table: SimTable = DEFAULT_TABLE
    params: Params = DEFAULT_PARAMS

    def __post_init__(self) -> None:
        if type(self.race_to) is not int or self.race_to < 1:
            raise IllegalGameActionError(f"race_to {self.race_to!r} must be a positive integer")
        if type(self.max_shots_per_rack) is not int or self.max_shots_per_rack < 2:
            raise IllegalGameActionError(
                f"max_shots_per_rack {self.max_shots_per_rack!r} must be an integer >= 2"
            )
        try:
            get_ruleset(self.rules)
        except Rotation61Error as err:
            raise IllegalGameActionError(str(err)) from err

    def noise_of(self, seat: Seat) -> ExecutionNoise | None:
        """The execution noise of a seat's strokes."""
        return self.noise if self.noises is None else self.noises[seat]

    def header(self) -> MatchHeader:
        """The match header of a game under this config."""
        return MatchHeader.of(players=self.players, race_to=self.race_to, rules=self.rules)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class GameState:
    """A game: the match log, where the balls lie, and the seed of its randomness.

    Attributes:
        config: the game's config.
        seed: the seed of every random draw of the game (racks and execution noise).
        log: the match so far; every ruling in it comes from the referee.
        layout: the balls on the table, ascending (the cue ball absent while in hand).
        before_foul: the layout before the last foul, kept while the §XVI restore and
            replay is offered.
        rack_shots: inputs so far in the current rack (for ``max_shots_per_rack``).
    """

    config: GameConfig
    seed: int
    log: MatchLog
    layout: Layout
    before_foul: Layout | None = None
    rack_shots: int = 0

    @property
    def match(self) -> MatchState:
        """The match state."""
        return self.log.match

    @property
    def rack(self) -> RackState:
        """The rack in play."""
        return self.log.match.rack

    def balls(self) -> dict[Ball, Point]:
        """The layout as a mapping (a new dict)."""
        return dict(self.layout)

    def record(self) -> MatchRecord:
        """The match record (positions and strokes' facts included)."""
        return self.log.record


def _layout(balls: Mapping[Ball, Point]) -> Layout:
    return tuple(sorted(balls.items()))


def settle(balls: dict[Ball, Point], config: GameConfig) -> dict[Ball, Point]:
    """The rest positions as a layout the engine accepts as a start (``playable_layout``)."""
    return playable_layout(config.table.spec, balls)


def racks_of(seed: int) -> SeededRacks:
    """The racks of a game with this seed (rack ``n`` from ``[seed, 1, n, 0]``)."""
    return SeededRacks((seed, 1), suffix=(0,))


def initial(config: GameConfig, seed: int) -> GameState:
    """The game before the first break: fifteen balls racked, the cue ball in hand.

    Args:
        config: the game's config.
        seed: any non-negative integer; it fixes every random draw of the game.

    Raises:
        IllegalGameActionError: the seed is not a non-negative integer.
    """
    if type(seed) is not int or seed < 0:
        raise IllegalGameActionError(f"seed {seed!r} must be a non-negative integer")
    log = MatchLog.begin(config.header())
    layout = _layout(racks_of(seed).rack(config.table.spec, log.match))
    return GameState(config=config, seed=seed, log=log, layout=layout)


def position(
    config: GameConfig, rack: RackState, layout: Mapping[Ball, Point], seed: int = 0
) -> GameState:
    """A game from a set-up position (analysis, tests): a match whose rack in play is ``rack``.

    The match log starts at that rack, so its record replays only from the same set-up
    (``rotation61 record verify`` starts every match at the break and refuses it).

    Args:
        config: the game's config (its rules should be the rack's).
        rack: the rack state (from :func:`~rotation61.rules.setup_rack`, maybe moved on
            by the referee).
        layout: the balls on the table, inches; exactly the rack's object balls, and the
            cue ball unless it is in hand.
        seed: the seed of the game's random draws.

    Raises:
        IllegalGameActionError: the layout's object balls are not the rack's.
    """
    objects = {b for b in layout if b != CUE_BALL}
    if objects != set(rack.on_table):
        raise IllegalGameActionError(
            f"layout balls {sorted(objects)!r} are not the rack's {sorted(rack.on_table)!r}"
        )
    start = MatchState(rules=rack.rules, race_to=config.race_to, rack=rack)
    log = MatchLog(header=config.header(), start=start)
    return GameState(config=config, seed=seed, log=log, layout=_layout(layout))


def phase_of(state: GameState) -> PhaseKind:
    """What the player to act must do now."""
    if state.match.is_over:
        return PhaseKind.OVER
    rack = state.rack
    if rack.phase is Phase.DECISION:
        return PhaseKind.OPTION
    if rack.is_break:
        return PhaseKind.BREAK
    return PhaseKind.IN_HAND if rack.cue_in_hand else PhaseKind.STROKE


def terminal(state: GameState) -> bool:
    """The match is over."""
    return state.match.is_over


def _check_placement(state: GameState, action: StrokeAction, in_hand: bool) -> None:
    if not in_hand:
        if action.placement is not None:
            raise IllegalGameActionError(
                f"the cue ball is not in hand: placement {action.placement!r} is not allowed"
            )
        return
    if action.placement is None:
        raise IllegalGameActionError("the cue ball is in hand: the stroke needs a placement")
    others = [p for b, p in state.layout if b != CUE_BALL]
    problem = placement_problem(state.config.table.spec, action.placement, others, kitchen=True)
    if problem is not None:
        raise IllegalGameActionError(
            f"placement {action.placement!r} is not legal: {problem.value}"
        )


def _shoot(state: GameState, balls: dict[Ball, Point], stroke: Stroke) -> SimResult:
    """Play the stroke (with the state's noise), redrawing a sample the engine cannot finish."""
    config = state.config
    noise = config.noise_of(state.rack.to_act)
    last: SimulationError | None = None
    for attempt in range(_RETRIES):
        played = stroke
        if noise is not None:
            rng = np.random.default_rng([state.seed, 2, state.log.length, attempt])
            played = execute(stroke, noise, rng, params=config.params)
        try:
            return simulate(balls, played, table=config.table, params=config.params)
        except SimulationError as err:
            last = err
            if noise is None:
                break
    raise IllegalGameActionError(f"the engine cannot play {stroke!r}: {last}") from last


def _next(
    state: GameState, log: MatchLog, balls: dict[Ball, Point], before_foul: Layout | None
) -> GameState:
    """The state after a step: the stalemate rule (``max_shots_per_rack``), a new rack."""
    config, seed = state.config, state.seed
    shots = state.rack_shots + 1
    same_rack = len(log.match.completed) == len(state.match.completed)
    if same_rack and not log.match.is_over and shots >= config.max_shots_per_rack:
        log = log.append(EventInput(event=OfficialEvent.STALEMATE_DECLARED))
        assert log.last is not None
        balls = balls_after(config.table.spec, log.last, balls, racks_of(seed))
    if len(log.match.completed) > len(state.match.completed):
        return GameState(config=config, seed=seed, log=log, layout=_layout(balls))
    return GameState(
        config=config,
        seed=seed,
        log=log,
        layout=_layout(balls),
        before_foul=before_foul,
        rack_shots=shots,
    )


def _transition_stroke(state: GameState, action: StrokeAction, kind: PhaseKind) -> GameState:
    in_hand = kind in (PhaseKind.BREAK, PhaseKind.IN_HAND)
    _check_placement(state, action, in_hand)
    balls = state.balls()
    if in_hand and action.placement is not None:
        balls[CUE_BALL] = action.placement
    if CUE_BALL not in balls:
        raise SimulationError("the cue ball is not on the table and not in hand")
    start = _layout(balls)
    result = _shoot(state, balls, action.stroke())
    log = state.log.append(ShotInput(shot=result.shot, placement=action.placement, positions=start))
    assert log.last is not None
    spec = state.config.table.spec
    after_balls = balls_after(
        spec, log.last, balls, racks_of(state.seed), rest=dict(result.positions)
    )
    pending = log.match.rack.pending
    restore = pending is not None and Option.RESTORE_AND_OFFENDER_REPLAYS in pending.options
    return _next(state, log, after_balls, start if restore else None)


def _transition_option(state: GameState, action: OptionAction) -> GameState:
    pending = state.rack.pending
    if pending is None or action.option not in pending.options:
        offered = () if pending is None else tuple(o.value for o in pending.options)
        raise IllegalGameActionError(
            f"option {action.option.value!r} is not offered (offered: {list(offered)!r})"
        )
    log = state.log.append(DecisionInput(option=action.option))
    assert log.last is not None
    balls = balls_after(
        state.config.table.spec,
        log.last,
        state.balls(),
        racks_of(state.seed),
        before_foul=None if state.before_foul is None else dict(state.before_foul),
    )
    return _next(state, log, balls, None)


def absolute(state: GameState, action: RelativeStrokeAction) -> StrokeAction:
    """The absolute stroke a relative one means in ``state`` (see :mod:`rotation61.ai.aim`).

    Raises:
        IllegalGameActionError: no ball on, or the cue ball neither on the table nor placed.
    """
    stroke, placement = absolute_action(
        action, state.balls(), state.rack.lowest, state.config.table
    )
    return StrokeAction(
        speed=stroke.speed,
        phi=stroke.phi,
        theta=stroke.theta,
        a=stroke.a,
        b=stroke.b,
        placement=placement,
    )


def transition(state: GameState, action: Action) -> GameState:
    """The game after one action of the player to act (see the module's contract).

    Raises:
        IllegalGameActionError: the match is over, the action's kind does not fit the
            phase (a stroke while an option is due, or the reverse; a relative stroke
            is played as :func:`absolute` gives it), a placement is
            missing, given without the cue ball in hand, or not legal (§XVI, A35), or the
            option is not offered.
    """
    kind = phase_of(state)
    if kind is PhaseKind.OVER:
        raise IllegalGameActionError("the match is over: no action is allowed")
    match action:
        case StrokeAction():
            if kind is PhaseKind.OPTION:
                raise IllegalGameActionError("an option after the foul is due, not a stroke")
            return _transition_stroke(state, action, kind)
        case RelativeStrokeAction():
            if kind is PhaseKind.OPTION:
                raise IllegalGameActionError("an option after the foul is due, not a stroke")
            return _transition_stroke(state, absolute(state, action), kind)
        case OptionAction():
            if kind is not PhaseKind.OPTION:
                raise IllegalGameActionError(f"no option is due now (phase {kind.value!r})")
            return _transition_option(state, action)
        case _:
            raise IllegalGameActionError(
                f"action {action!r} is not a StrokeAction/RelativeStrokeAction/OptionAction"
            )


OBSERVATION_SIZE: Final = 16 * 3 + 1 + 2 + 2 + 2 + 5 + 4
"""Length of :meth:`Observation.as_array`."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Observation:
    """What a seat sees (all of it: pool has perfect information), from its own side.

    Attributes:
        player: the seat observing.
        to_act: the seat to act (``None`` once the match is over).
        phase: what the seat to act must do.
        layout: the balls on the table, inches (the cue ball absent while in hand).
        ball_in_play: the lowest ball on the table (``None`` once the match is over).
        scores: this rack's points, the observer's first.
        fouls: §XV consecutive fouls, the observer's first.
        racks_won: racks won, the observer's first.
        options: the options offered (only in the option phase).
    """

    player: Seat
    to_act: Seat | None
    phase: PhaseKind
    layout: Layout
    ball_in_play: Ball | None
    scores: tuple[int, int]
    fouls: tuple[int, int]
    racks_won: tuple[int, int]
    options: tuple[Option, ...]

    def as_array(self, length: float = 100.0, width: float = 50.0) -> npt.NDArray[np.float32]:
        """A fixed-size numeric view (:data:`OBSERVATION_SIZE` floats).

        Per ball 0..15: x / length, y / width, present (1/0); then the ball in play / 15;
        scores / 61; fouls / 4; racks won / 10; the phase one-hot (break, stroke, in
        hand, option, over); the options one-hot (in :class:`Option` order).
        """
        out = np.zeros(OBSERVATION_SIZE, np.float32)
        for ball, point in self.layout:
            out[3 * ball : 3 * ball + 3] = (point.x / length, point.y / width, 1.0)
        i = 48
        out[i] = 0.0 if self.ball_in_play is None else self.ball_in_play / 15.0
        out[i + 1 : i + 3] = [s / 61.0 for s in self.scores]
        out[i + 3 : i + 5] = [f / 4.0 for f in self.fouls]
        out[i + 5 : i + 7] = [min(r, 10) / 10.0 for r in self.racks_won]
        out[i + 7 + list(PhaseKind).index(self.phase)] = 1.0
        for option in self.options:
            out[i + 12 + list(Option).index(option)] = 1.0
        return out


def _mine(pair: tuple[int, int], player: Seat) -> tuple[int, int]:
    return (pair[player], pair[player.opponent])


def observation(state: GameState, player: Seat) -> Observation:
    """What ``player`` sees now (see :class:`Observation`)."""
    rack = state.rack
    over = terminal(state)
    pending = rack.pending
    return Observation(
        player=player,
        to_act=None if over else rack.to_act,
        phase=phase_of(state),
        layout=state.layout,
        ball_in_play=None if over else rack.lowest,
        scores=_mine(rack.scores, player),
        fouls=_mine(rack.consecutive_fouls, player),
        racks_won=_mine(state.match.racks_won, player),
        options=() if pending is None or over else pending.options,
    )


def rewards(state: GameState, action: Action, next_state: GameState) -> tuple[float, float]:
    """Both seats' rewards for one step (zero-sum), indexed by :class:`~rotation61.rules.Seat`.

    A seat's reward is the points it scored minus the points its opponent scored on
    the step, plus ``rack_reward`` for each rack it won on the step (minus it for each
    rack lost).
    """
    del action
    before = state.match
    after = next_state.match
    gained = [0.0, 0.0]
    if len(after.completed) > len(before.completed):
        finished = after.completed[len(before.completed)]
        for seat in Seat:
            gained[seat] += finished.scores[seat] - before.rack.scores[seat]
        # any racks after it in the same step start at zero
        if not after.is_over:
            for seat in Seat:
                gained[seat] += after.rack.scores[seat]
    else:
        for seat in Seat:
            gained[seat] += after.rack.scores[seat] - before.rack.scores[seat]
    bonus = state.config.rack_reward
    for seat in Seat:
        gained[seat] += bonus * (after.racks_won[seat] - before.racks_won[seat])
    a = gained[Seat.A] - gained[Seat.B]
    return (a, -a)


def reward(state: GameState, action: Action, next_state: GameState) -> float:
    """The reward of the seat that acted (see :func:`rewards`); 0 if the match was over."""
    if terminal(state):
        return 0.0
    return rewards(state, action, next_state)[state.rack.to_act]
