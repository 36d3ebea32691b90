"""Pydantic schemas of the HTTP API: what requests carry and responses return.

Only the web layer uses pydantic. Requests are checked on the way in; responses are
built by :mod:`rotation61.web.presenters` and checked against the routes'
``response_model`` on the way out (``extra="forbid"``: a presenter cannot add a field
that the model does not declare). Shot contents are not modelled here: the records
layer's codec reads and checks them (:func:`rotation61.records.shot_from_dict`).

A leaf of the web app: the fields are typed by the domain's enums and bounded by the
limits' one home (:mod:`rotation61.web.core.limits`, the text and stroke limits); no
service is imported here (the routes turn a request into the services' values). A seat
is ``"A"`` or ``"B"`` on the wire, as in the records' JSON (:data:`SeatName`).

One module per job: :mod:`.matches` (the scorekeeper), :mod:`.play` (browser games),
:mod:`.tournaments` (events), :mod:`.clock` (the shot clock), :mod:`.wire` (what they
share); every name is imported from here.
"""

from rotation61.web.schemas.clock import ClockIn, ClockOut
from rotation61.web.schemas.matches import (
    ConsoleView,
    ErrorOut,
    HealthOut,
    HistoryEntry,
    InputIn,
    LabelOut,
    MatchCreate,
    MatchOut,
    MatchWithPin,
    OptionOut,
    OverrideBase,
    PinIn,
    ScoreboardView,
    TokenOut,
)
from rotation61.web.schemas.play import (
    PlayConcedeIn,
    PlayCreate,
    PlayCreated,
    PlayDecisionIn,
    PlayJoinIn,
    PlayStrokeIn,
    PlayTable,
    PlayView,
    ShotView,
)
from rotation61.web.schemas.tournaments import (
    CheckInIn,
    DrawIn,
    EntryIn,
    EntryOut,
    LineOut,
    ResultIn,
    TableNowOut,
    TournamentCreate,
    TournamentMatchOut,
    TournamentOut,
    WalkoverIn,
    WithdrawIn,
)
from rotation61.web.schemas.wire import SeatName

__all__ = [
    "CheckInIn",
    "ClockIn",
    "ClockOut",
    "ConsoleView",
    "DrawIn",
    "EntryIn",
    "EntryOut",
    "ErrorOut",
    "HealthOut",
    "HistoryEntry",
    "InputIn",
    "LabelOut",
    "LineOut",
    "MatchCreate",
    "MatchOut",
    "MatchWithPin",
    "OptionOut",
    "OverrideBase",
    "PinIn",
    "PlayConcedeIn",
    "PlayCreate",
    "PlayCreated",
    "PlayDecisionIn",
    "PlayJoinIn",
    "PlayStrokeIn",
    "PlayTable",
    "PlayView",
    "ResultIn",
    "ScoreboardView",
    "SeatName",
    "ShotView",
    "TableNowOut",
    "TokenOut",
    "TournamentCreate",
    "TournamentMatchOut",
    "TournamentOut",
    "WalkoverIn",
    "WithdrawIn",
]
