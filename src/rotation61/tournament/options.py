"""Which settings each format uses: the options a new event refuses rather than ignore."""

from __future__ import annotations

from typing import assert_never

from rotation61.tournament.errors import ErrorCode, InvalidEventError
from rotation61.tournament.model import Config, Format, Stage

__all__ = ["check_settings_used", "unused_settings"]


def _stages(config: Config) -> frozenset[Stage]:
    """The stages an event of these settings has."""
    double = {Stage.WINNERS, Stage.LOSERS}
    double |= {Stage.KNOCKOUT} if config.single_from else {Stage.GRAND_FINAL, Stage.RESET}
    match config.format:
        case Format.SINGLE:
            return frozenset({Stage.MAIN})
        case Format.DOUBLE:
            return frozenset(double)
        case Format.ROUND_ROBIN:
            return frozenset({Stage.GROUP})
        case Format.SWISS:
            return frozenset({Stage.SWISS})
        case Format.GROUPS:
            if config.knockout is Format.DOUBLE:
                return frozenset({Stage.GROUP, *double})
            return frozenset({Stage.GROUP, Stage.KNOCKOUT})
    assert_never(config.format)


def unused_settings(config: Config) -> tuple[str, ...]:
    """The settings given (not at their defaults) that the event's format does not use.

    A setting's name is its :class:`Config` field (``single_from``, ``grand_final_reset``,
    ``group_size``, ``group_count``, ``advance``, ``knockout``, ``swiss_rounds``), or
    ``races.<stage>`` for the race of a stage the format has not. The entry points of a
    new event (the terminal's ``tournament create``) refuse them rather than let them
    pass unnoticed; a stored event keeps them (they change nothing).

    >>> unused_settings(Config(format=Format.SINGLE, single_from=4, swiss_rounds=3))
    ('single_from', 'swiss_rounds')
    >>> unused_settings(Config(format=Format.DOUBLE, single_from=4, grand_final_reset=False))
    ('grand_final_reset',)
    """
    fmt = config.format
    double = fmt is Format.DOUBLE or (fmt is Format.GROUPS and config.knockout is Format.DOUBLE)
    grouped = fmt in (Format.ROUND_ROBIN, Format.GROUPS)
    unused = [
        name
        for name, given, used in (
            ("single_from", config.single_from != 0, double),
            ("grand_final_reset", not config.grand_final_reset, double and not config.single_from),
            ("group_size", config.group_size != 0, grouped),
            ("group_count", config.group_count != 0, grouped),
            ("advance", config.advance != 2, fmt is Format.GROUPS),
            ("knockout", config.knockout is not Format.SINGLE, fmt is Format.GROUPS),
            ("swiss_rounds", config.swiss_rounds != 0, fmt is Format.SWISS),
        )
        if given and not used
    ]
    stages = _stages(config)
    races = config.races
    named = [stage for stage, _ in races.by_stage] + [stage for stage, _, _ in races.by_round]
    unused += [f"races.{stage.value}" for stage in dict.fromkeys(named) if stage not in stages]
    return tuple(unused)


def check_settings_used(config: Config) -> None:
    """Refuse a setting the format does not use (:func:`unused_settings`).

    Raises:
        InvalidEventError: naming the first such setting and the format.
    """
    unused = unused_settings(config)
    if unused:
        raise InvalidEventError(
            f"{unused[0]} is not used by the {config.format.value} format",
            ErrorCode.SETTING_NOT_USED,
            setting=unused[0],
            format=config.format.value,
        )
