"""What every schema of the HTTP API shares: a seat on the wire, the response models' config."""

from typing import Annotated, Final

from pydantic import ConfigDict, PlainSerializer, PlainValidator, WithJsonSchema

from rotation61.rules import Seat

__all__ = [
    "OUT",
    "SeatName",
]


def _seat(value: object) -> Seat:
    """A seat from the wire (its name) or from a presenter (the enum)."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str) and value in Seat.__members__:
        return Seat[value]
    raise ValueError(f"expected a seat, 'A' or 'B', got {value!r}")


SeatName = Annotated[
    Seat,
    PlainValidator(_seat),
    PlainSerializer(lambda seat: seat.name, return_type=str),
    WithJsonSchema({"type": "string", "enum": [seat.name for seat in Seat]}),
]
"""A seat on the wire: its name, ``"A"`` or ``"B"`` (as in the records' JSON)."""

OUT: Final = ConfigDict(extra="forbid")
"""The response models' config: a presenter cannot add a field the model does not declare."""
