"""Each worker's memory of the matches: advanced by inputs, equal to a full replay.

A worker remembers each match's timeline and moves it on with the inputs it stores
itself, the inputs other workers' notifications carry, or the inputs read from storage
since; whatever the path (undos and overrides included), the state equals a replay of
the whole stored log. The hub renders from that memory and reads storage only when the
memory is behind.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from fastapi.testclient import TestClient

from rotation61.records import (
    DecisionInput,
    EventInput,
    Input,
    MatchLog,
    OverrideInput,
    ShotInput,
    UndoInput,
    input_to_dict,
    replay_inputs,
)
from rotation61.rules import OfficialEvent, Option, Seat, Shot
from rotation61.text import Language
from rotation61.web.adapters.broker import Hub
from rotation61.web.adapters.matches import (
    PAYLOAD_LIMIT,
    SqlRepository,
    notify_payload,
    parse_payload,
)
from rotation61.web.app import create_app
from rotation61.web.core.database import create_db_engine, migrate
from rotation61.web.core.errors import MatchNotFoundError, StaleInputError
from rotation61.web.core.model import MatchStatus, StoredMatch
from rotation61.web.core.settings import Settings, normalise_database_url
from rotation61.web.presenters.boards import scoreboard_view
from rotation61.web.services.matches import MatchService
from tests.web.fakes import FakeRepository, RecordingNotifier
from tests.web.helpers import (
    BREAK_RAILS,
    create_match,
    desk,
    post,
    referee_headers,
    same_log,
    shot,
)

RAIL = frozenset({0})
LOG: list[Input] = [
    ShotInput(shot=Shot(first_contact=1, pocketed=(5,), break_rail_balls=frozenset({2, 3, 4, 6}))),
    ShotInput(shot=Shot(first_contact=3, rail_after_contact=RAIL)),  # foul: a decision follows
    DecisionInput(option=Option.ACCEPT_TABLE),
    ShotInput(shot=Shot(first_contact=1, pocketed=(1,), rail_after_contact=RAIL)),
    OverrideInput(shot=Shot(first_contact=2, pocketed=(1,), rail_after_contact=RAIL), note="2"),
    UndoInput(),  # takes back the override
    ShotInput(shot=Shot(first_contact=2, rail_after_contact=RAIL)),
    UndoInput(),
    EventInput(event=OfficialEvent.CONCEDE_RACK, player=Seat.A),
]
SETUP = desk(players=("An", "Bình"), race_to=2, table_name="Bàn 1")


def _service(repo: FakeRepository | SqlRepository) -> MatchService:
    return MatchService(repo, RecordingNotifier(), clock=lambda: "t", pin_factory=lambda: "1")


def _replayed(repo: FakeRepository | SqlRepository, match_id: int) -> MatchLog:
    return replay_inputs(SETUP, repo.load_inputs(match_id))


# --- The service's memory, with the in-memory repository ------------------------------------


def test_memory_after_every_input_equals_a_full_replay() -> None:
    repo = FakeRepository()
    service = _service(repo)
    match = service.create_match(SETUP)
    for seq, item in enumerate(LOG):
        _, timeline = service.submit(match.id, seq, item)
        assert same_log(timeline, _replayed(repo, match.id))
        cached = service.cached(match.id, seq + 1)
        assert cached is not None
        assert cached[1] is timeline
    _, fresh = _service(repo).board(match.id)  # a new worker replays the whole log
    _, remembered = service.board(match.id)
    assert same_log(fresh, remembered)
    assert same_log(fresh, _replayed(repo, match.id))


def test_inputs_from_another_worker_are_read_from_storage_and_equal_a_replay() -> None:
    repo = FakeRepository()
    here, there = _service(repo), _service(repo)
    match = here.create_match(SETUP)
    for seq, item in enumerate(LOG):
        worker = here if seq % 3 == 0 else there  # the undo and override go through "there"
        worker.submit(match.id, seq, item)
        assert here.cached(match.id, seq + 1) is None or worker is here
        _, timeline = here.board(match.id)
        assert timeline.length == seq + 1
        assert same_log(timeline, _replayed(repo, match.id))


def test_a_stale_memory_cannot_store_an_input_in_a_taken_place() -> None:
    repo = FakeRepository()
    here, there = _service(repo), _service(repo)
    match = here.create_match(SETUP)
    here.submit(match.id, 0, LOG[0])
    there.submit(match.id, 1, LOG[1])  # "here" still remembers 1 input
    with pytest.raises(StaleInputError):
        here.submit(match.id, 1, LOG[1])  # the screen of "here" was stale: refused by storage
    assert repo.inputs[match.id] == LOG[:2]
    _, timeline = here.submit(match.id, 2, LOG[2])  # newer than memory: read storage first
    assert same_log(timeline, _replayed(repo, match.id))
    with pytest.raises(StaleInputError):
        here.submit(match.id, 1, LOG[1])


def test_offered_inputs_advance_the_memory_only_without_a_gap() -> None:
    repo = FakeRepository()
    here, there = _service(repo), _service(repo)
    match = here.create_match(SETUP)
    assert not here.offer(match.id, 1, LOG[0])  # not remembered yet: left to storage
    here.board(match.id)
    for seq, item in enumerate(LOG[:6]):
        there.submit(match.id, seq, item)
        assert here.offer(match.id, seq + 1, item)
        cached = here.cached(match.id, seq + 1)
        assert cached is not None
        assert same_log(cached[1], _replayed(repo, match.id))
    assert here.offer(match.id, 6, LOG[5])  # already shown: nothing changes
    there.submit(match.id, 6, LOG[6])
    there.submit(match.id, 7, LOG[7])
    assert not here.offer(match.id, 8, LOG[7])  # input 7 was missed: a gap
    assert here.cached(match.id, 8) is None
    _, timeline = here.board(match.id)
    assert same_log(timeline, _replayed(repo, match.id))


# --- Two workers on a real database --------------------------------------------------------


def test_two_workers_on_one_database_remember_what_a_replay_gives(database_url: str) -> None:
    engines = [create_db_engine(normalise_database_url(database_url)) for _ in range(2)]
    migrate(engines[0])
    repos = [SqlRepository(engine) for engine in engines]
    here, there = _service(repos[0]), _service(repos[1])
    try:
        match = here.create_match(SETUP)
        here.board(match.id)
        there.board(match.id)
        for seq, item in enumerate(LOG):
            (here if seq % 2 else there).submit(match.id, seq, item)
            for worker in (here, there):
                _, timeline = worker.board(match.id)
                assert same_log(timeline, _replayed(repos[0], match.id))
        with pytest.raises(StaleInputError):
            here.submit(match.id, 3, LOG[3])
    finally:
        for engine in engines:
            engine.dispose()


@pytest.mark.postgres
def test_an_input_posted_to_another_worker_reaches_its_memory_by_notification(
    postgres_url: str,
) -> None:
    from tests.web.conftest import PASSWORD, empty_postgres

    empty_postgres(postgres_url)
    url = Settings.from_env({"ROTATION61_DATABASE_URL": postgres_url}).database_url
    settings = Settings(database_url=url, organiser_password=PASSWORD)
    with TestClient(create_app(settings)) as first, TestClient(create_app(settings)) as second:
        match = create_match(first)
        headers = referee_headers(first, match)
        assert first.get(f"/api/matches/{match['id']}").status_code == 200  # remembered at 0
        assert second.get(f"/api/matches/{match['id']}").status_code == 200
        service = first.app.state.ctx.service  # type: ignore[attr-defined]
        reads: list[int] = []
        load_inputs = service._repo.load_inputs

        def counted(match_id: int, *, after: int = 0) -> list[Input]:
            reads.append(after)
            return load_inputs(match_id, after=after)

        service._repo.load_inputs = counted
        bodies = [
            {"kind": "shot", "shot": shot(1, 5, break_rails=BREAK_RAILS)},
            {"kind": "shot", "shot": shot(3)},
            {"kind": "decision", "option": "accept_table"},
            {"kind": "undo"},
        ]
        for seq, body in enumerate(bodies):
            assert post(second, match["id"], headers, seq, **body).status_code == 200
            deadline = time.monotonic() + 3
            while service.cached(match["id"], seq + 1) is None and time.monotonic() < deadline:
                time.sleep(0.01)
            cached = service.cached(match["id"], seq + 1)
            assert cached is not None, f"input {seq + 1} did not reach the other worker"
            assert same_log(cached[1], replay_inputs(SETUP, load_inputs(match["id"])))
        assert reads == []  # every input came with its notification


# --- The NOTIFY payload ---------------------------------------------------------------------


def test_notify_payload_carries_the_input_unless_too_long() -> None:
    import json

    stored = json.dumps(input_to_dict(LOG[4]), separators=(",", ":"))
    assert parse_payload(notify_payload(12, 5, stored)) == (12, 5, LOG[4])
    long_note = json.dumps({"kind": "override", "shot": {"first_contact": 1}, "note": "x" * 9000})
    payload = notify_payload(12, 5, long_note)
    assert len(payload.encode()) < PAYLOAD_LIMIT
    assert parse_payload(payload) == (12, 5, None)
    assert parse_payload("12:5:{not json") == (12, 5, None)
    assert parse_payload("x:5") is None


# --- The hub renders from memory ------------------------------------------------------------


class Boards:
    """A worker's memory over a log, counting the reads from storage."""

    def __init__(self) -> None:
        self.stored = StoredMatch(
            id=7,
            header=SETUP,
            pin="1",
            log_length=0,
            status=MatchStatus.LIVE,
            racks_won=(0, 0),
            created_at="t",
        )
        self.log: list[Input] = []
        self.memory: MatchLog = MatchLog.begin(SETUP)
        self.reads = 0

    def store(self, item: Input, *, remember: bool) -> int:
        self.log.append(item)
        if remember:
            self.memory = replay_inputs(SETUP, self.log)
        return len(self.log)

    def cached(self, match_id: int, seq: int = 0) -> tuple[StoredMatch, MatchLog] | None:
        if match_id != 7 or self.memory.length < seq:
            return None
        return self.stored, self.memory

    def board(self, match_id: int) -> tuple[StoredMatch, MatchLog]:
        if match_id != 7:
            raise MatchNotFoundError(str(match_id))
        self.reads += 1
        self.memory = replay_inputs(SETUP, self.log)
        return self.stored, self.memory


@pytest.fixture
def hub_parts() -> tuple[Hub, Boards]:
    boards = Boards()
    return Hub(boards, scoreboard_view), boards


def _seqs(frames: list[bytes]) -> list[int]:
    return [int(f.split(b"\n", 1)[0].rsplit(b":", 1)[1]) for f in frames]


async def _settle(hub: Hub) -> None:
    for _ in range(50):
        await asyncio.sleep(0.01)
        if not hub.busy:
            return


def test_hub_renders_from_memory_once_per_language(hub_parts: tuple[Hub, Boards]) -> None:
    hub, boards = hub_parts

    async def scenario() -> None:
        hub.bind(asyncio.get_running_loop())
        viewers = [hub.subscribe(7, lang) for lang in (Language.VI, Language.EN, Language.VI)]
        seq = boards.store(LOG[0], remember=True)  # stored by this worker
        hub.wake(7, seq)
        await _settle(hub)
        assert boards.reads == 0
        frames = [v.take() for v in viewers]
        assert [_seqs(f) for f in frames] == [[1], [1], [1]]
        assert frames[0][0] is frames[2][0]  # the same bytes for every screen of a language
        assert frames[0][0] != frames[1][0]
        seq = boards.store(LOG[1], remember=False)  # stored by another worker, not carried
        hub.wake(7, seq)
        await _settle(hub)
        assert boards.reads == 1
        assert [_seqs(v.take()) for v in viewers] == [[2], [2], [2]]
        hub.wake(7, 1)  # a late notification of an input already shown
        await _settle(hub)
        assert [v.take() for v in viewers] == [[], [], []]

    asyncio.run(scenario())


def test_hub_reload_does_not_swallow_the_next_input(hub_parts: tuple[Hub, Boards]) -> None:
    hub, boards = hub_parts

    async def scenario() -> None:
        hub.bind(asyncio.get_running_loop())
        viewer = hub.subscribe(7, Language.EN)
        hub.wake(7, boards.store(LOG[0], remember=True))
        await _settle(hub)
        hub.refresh_all()  # the notification connection came back
        await _settle(hub)
        assert boards.reads == 1
        assert _seqs(viewer.take()) == [1]
        hub.wake(7, boards.store(LOG[1], remember=False))
        await _settle(hub)
        assert _seqs(viewer.take()) == [2]

    asyncio.run(scenario())


def test_hub_coalesces_a_burst_and_ends_on_the_latest(hub_parts: tuple[Hub, Boards]) -> None:
    hub, boards = hub_parts

    async def scenario() -> None:
        hub.bind(asyncio.get_running_loop())
        viewer = hub.subscribe(7, Language.VI)
        for item in LOG:
            hub.wake(7, boards.store(item, remember=False))
        await _settle(hub)
        seqs = _seqs(viewer.take())
        assert seqs[-1] == len(LOG)
        assert boards.reads <= 2

    asyncio.run(scenario())


def test_a_screen_that_connects_during_an_input_catches_up(hub_parts: tuple[Hub, Boards]) -> None:
    hub, boards = hub_parts

    async def scenario() -> None:
        hub.bind(asyncio.get_running_loop())
        first = scoreboard_view(*boards.board(7), Language.EN)  # read at input 0
        hub.wake(7, boards.store(LOG[0], remember=False))  # lands before the screen subscribes
        await _settle(hub)
        stream = hub.stream(7, Language.EN, [first], ping_s=5)
        assert await anext(stream) == b"retry: 1000\n\n"
        assert _seqs([await anext(stream)]) == [0]
        assert _seqs([await asyncio.wait_for(anext(stream), timeout=2)]) == [1]
        await stream.aclose()

    asyncio.run(scenario())
