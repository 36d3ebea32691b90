"""The service layer with fakes: validation before storage, storage before announcement."""

from __future__ import annotations

import pytest

from rotation61.records import (
    DecisionInput,
    EventInput,
    MalformedInputError,
    MatchHeader,
    ShotInput,
    UndoInput,
)
from rotation61.rules import IllegalActionError, OfficialEvent, Seat, Shot, UnknownRuleSetError
from rotation61.web.core.errors import AuthenticationError, StaleInputError
from rotation61.web.core.model import MatchStatus
from rotation61.web.services.matches import MatchService
from rotation61.web.services.results import MatchFinished
from tests.web.fakes import FakeRepository, RecordingNotifier
from tests.web.helpers import desk

BREAK = ShotInput(
    shot=Shot(first_contact=1, pocketed=(5,), break_rail_balls=frozenset({2, 3, 4, 6}))
)


@pytest.fixture
def parts() -> tuple[MatchService, FakeRepository, RecordingNotifier]:
    repo, notifier = FakeRepository(), RecordingNotifier()
    service = MatchService(
        repo, notifier, clock=lambda: "2026-01-01T00:00:00Z", pin_factory=lambda: "123456"
    )
    return service, repo, notifier


def _setup(**fields: object) -> MatchHeader:
    return desk(**({"players": ("An", "Bình"), "race_to": 2} | fields))


def test_submit_stores_then_notifies(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
) -> None:
    service, repo, notifier = parts
    match = service.create_match(_setup())
    _, timeline = service.submit(match.id, 0, BREAK)
    assert repo.inputs[match.id] == [BREAK]
    assert notifier.published_inputs == [(match.id, 1)]
    assert repo.matches[match.id].status is MatchStatus.LIVE
    assert timeline.match.rack.scores == (5, 0)


def test_rejected_input_changes_nothing(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
) -> None:
    service, repo, notifier = parts
    match = service.create_match(_setup())
    with pytest.raises(IllegalActionError):
        service.submit(
            match.id, 0, DecisionInput(option=__import__("rotation61").Option.ACCEPT_TABLE)
        )
    assert repo.inputs[match.id] == []
    assert notifier.published_inputs == []


def test_stale_expected_seq_is_refused(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
) -> None:
    service, repo, _ = parts
    match = service.create_match(_setup())
    service.submit(match.id, 0, BREAK)
    with pytest.raises(StaleInputError, match="stale"):
        service.submit(match.id, 0, UndoInput())
    assert len(repo.inputs[match.id]) == 1


def test_unknown_preset_is_refused_before_storage(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
) -> None:
    service, repo, _ = parts
    with pytest.raises(UnknownRuleSetError, match="known presets"):
        service.create_match(_setup(preset="snooker"))
    assert repo.matches == {}


def test_same_form_twice_returns_the_same_match(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
) -> None:
    service, repo, _ = parts
    first = service.create_match(_setup(), form_id="f1")
    assert service.create_match(_setup(), form_id="f1") == first
    assert service.create_match(_setup(), form_id="f2") != first
    assert len(repo.matches) == 2


def test_wrong_pin_is_refused(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
) -> None:
    service, _, _ = parts
    match = service.create_match(_setup())
    with pytest.raises(AuthenticationError):
        service.check_pin(match.id, "000000")
    assert service.check_pin(match.id, "123456").id == match.id


def test_export_then_import_gives_the_same_record(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
) -> None:
    service, _, _ = parts
    match = service.create_match(
        _setup(first_breaker=Seat.B, tags={"event": "Cup"}, table_name="Bàn 2")
    )
    service.submit(match.id, 0, BREAK)
    text = service.export_json(match.id)
    copy = service.import_json(text)
    assert service.export_json(copy.id) == text
    assert copy.table_name == "Bàn 2"
    assert copy.event_tags == {"Event": "Cup"}
    assert '[Event "Cup"]' in service.export_text(match.id)


def test_bad_tag_names_are_refused(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
) -> None:
    service, repo, _ = parts
    with pytest.raises(MalformedInputError, match="tag name"):
        service.create_match(_setup(tags={"two words": "x"}))
    assert repo.matches == {}


def test_timeline_reads_only_new_inputs_after_another_process_wrote(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
) -> None:
    service, repo, notifier = parts
    match = service.create_match(_setup())
    other = MatchService(repo, notifier)
    other.submit(match.id, 0, BREAK)
    _, timeline = service.board(match.id)
    assert timeline.length == 1


class _Subscriber:
    """Records each match that ends, with what storage held when it was told."""

    def __init__(self, repo: FakeRepository, fail: bool = False) -> None:
        self.repo = repo
        self.fail = fail
        self.seen: list[tuple[MatchFinished, int]] = []

    def match_finished(self, event: MatchFinished) -> None:
        self.seen.append((event, len(self.repo.inputs[event.match_id])))
        if self.fail:
            raise RuntimeError("the event's storage is down")


def test_a_match_that_ends_is_published_once_after_its_last_input_is_stored(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
) -> None:
    service, repo, notifier = parts
    early = _Subscriber(repo)
    late = _Subscriber(repo)
    service = MatchService(repo, notifier, subscribers=[early])
    service.subscribe(late)
    match = service.create_match(_setup())
    service.submit(match.id, 0, BREAK)
    assert early.seen == []  # an input that does not end the match is not published
    service.submit(match.id, 1, EventInput(event=OfficialEvent.CONCEDE_MATCH, player=Seat.B))
    finished = MatchFinished(match_id=match.id, length=2)
    assert early.seen == [(finished, 2)]  # told after the input is stored
    assert late.seen == [(finished, 2)]


def test_a_failing_subscriber_neither_refuses_the_input_nor_stops_the_others(
    parts: tuple[MatchService, FakeRepository, RecordingNotifier],
    caplog: pytest.LogCaptureFixture,
) -> None:
    _, repo, notifier = parts
    broken, other = _Subscriber(repo, fail=True), _Subscriber(repo)
    service = MatchService(repo, notifier, subscribers=[broken, other])
    match = service.create_match(_setup(race_to=1))
    end = EventInput(event=OfficialEvent.CONCEDE_MATCH, player=Seat.A)
    _, log = service.submit(match.id, 0, end)
    assert log.match.is_over
    assert repo.inputs[match.id] == [end]
    assert [event for event, _ in other.seen] == [MatchFinished(match_id=match.id, length=1)]
    assert f"match {match.id} ended failed" in caplog.text
