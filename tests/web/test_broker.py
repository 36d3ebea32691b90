"""The live-update plumbing shared by both hubs: screens, their streams, the renders."""

import asyncio

import pytest

from rotation61.text import Language
from rotation61.web.adapters.broker import Board, Hub
from rotation61.web.adapters.screens import PENDING_KEPT, Audience, Renders, Subscriber
from rotation61.web.core.errors import MatchNotFoundError
from rotation61.web.presenters.boards import scoreboard_view


def test_a_push_wakes_the_waiting_stream_and_pending_frames_go_out_as_one_write() -> None:
    async def scenario() -> None:
        screen = Subscriber(lang=Language.EN)
        waiting = asyncio.create_task(screen.next_chunk(ping_s=30))
        await asyncio.sleep(0)
        assert not waiting.done()
        screen.push(1, b"data: a\n\n")
        assert await asyncio.wait_for(waiting, timeout=1) == b"data: a\n\n"
        screen.push(2, b"data: b\n\n")
        screen.push(3, b"data: c\n\n")
        screen.push(2, b"data: b2\n\n")  # the same slot: the newest frame, in its place
        assert await screen.next_chunk(ping_s=30) == b"data: b2\n\ndata: c\n\n"
        screen.close()

    asyncio.run(scenario())


def test_an_idle_stream_pings_and_a_busy_one_does_not() -> None:
    async def scenario() -> None:
        idle, busy = Subscriber(lang=Language.EN), Subscriber(lang=Language.VI)
        pinged = asyncio.create_task(idle.next_chunk(ping_s=0.2))
        chunks = []
        for n in range(6):  # a frame every 0.08 s: never 0.2 s without one
            waiting = asyncio.create_task(busy.next_chunk(ping_s=0.2))
            await asyncio.sleep(0.08)
            busy.push(n, b"data: %d\n\n" % n)
            chunks.append(await asyncio.wait_for(waiting, timeout=1))
        assert chunks == [b"data: %d\n\n" % n for n in range(6)]
        assert await asyncio.wait_for(pinged, timeout=1) == b": ping\n\n"
        idle.close()
        busy.close()

    asyncio.run(scenario())


def test_delivery_gives_each_language_its_bytes_and_forgets_a_gone_screen() -> None:
    async def scenario() -> None:
        audience: Audience[str] = Audience()
        en = [audience.subscribe("event:1", Language.EN) for _ in range(3)]
        vi = audience.subscribe("event:1", Language.VI)
        other = audience.subscribe("event:2", Language.EN)
        assert audience.count == 5
        assert audience.languages(["event:1"]) == {Language.EN, Language.VI}
        frame = b"data: en\n\n"
        audience.deliver(["event:1"], 7, {Language.EN: frame, Language.VI: None})
        assert all(s.take()[0] is frame for s in en)
        assert vi.take() == []
        assert other.take() == []
        audience.unsubscribe("event:2", other)
        audience.unsubscribe("event:2", other)  # twice: nothing left to forget
        assert audience.watched_keys() == ["event:1"]
        assert not audience.watched("event:2")

    asyncio.run(scenario())


def test_renders_coalesce_the_kicks_of_a_running_render_and_retry_after_a_failure() -> None:
    async def scenario() -> None:
        calls: list[str] = []
        failed: list[str] = []
        gate = asyncio.Event()

        async def step(key: str) -> None:
            calls.append(key)
            if key == "bad" and len(calls) == 1:
                raise ValueError("a render that fails")
            await gate.wait()

        renders: Renders[str] = Renders(step, failed.append)
        renders.kick("bad")
        await asyncio.sleep(0)
        assert failed == ["bad"]
        assert not renders.busy
        renders.kick("bad")  # the next change retries
        await asyncio.sleep(0)
        assert renders.running("bad")
        for _ in range(5):  # changes while it renders: one more render, not five
            renders.kick("bad")
        gate.set()
        for _ in range(20):
            await asyncio.sleep(0)
        assert calls == ["bad", "bad", "bad"]
        assert not renders.busy
        await renders.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("lang", [Language.EN, Language.VI], ids=["en", "vi"])
def test_a_closed_screen_has_no_ping_timer_left(lang: Language) -> None:
    async def scenario() -> None:
        screen = Subscriber(lang=lang)
        waiting = asyncio.create_task(screen.next_chunk(ping_s=30))
        await asyncio.sleep(0)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        screen.close()
        assert screen._timer is None

    asyncio.run(scenario())


class _NoBoards:
    """Storage that has no match (a render finds nothing and stops)."""

    def cached(self, match_id: int, seq: int = 0) -> Board | None:
        return None

    def board(self, match_id: int) -> Board:
        raise MatchNotFoundError(f"no match {match_id}")


def test_a_hub_remembers_a_bounded_number_of_matches_and_keeps_the_watched_ones() -> None:
    async def scenario() -> None:
        hub = Hub(_NoBoards(), scoreboard_view, kept=3)
        screen = hub.subscribe(1, Language.EN)
        hub.wake(1, 5)
        for match_id in range(2, 50):  # announced, watched by nobody
            hub.wake(match_id, 1)
            assert hub.remembered <= 3
        hub.wake(50, 1)
        assert hub.remembered == 2  # the watched match and the newest one
        hub.unsubscribe(1, screen)
        await hub.close()

    asyncio.run(scenario())


def test_a_screen_that_falls_too_far_behind_is_dropped_and_its_frames_forgotten() -> None:
    async def scenario() -> None:
        screen = Subscriber(lang=Language.EN)
        for n in range(PENDING_KEPT):
            screen.push(n, b"data: %d\n\n" % n)
        assert not screen.dropped
        screen.push(PENDING_KEPT, b"data: one too many\n\n")
        assert screen.dropped
        assert screen.frames == {}
        screen.push(0, b"data: later\n\n")  # nothing is kept for a dropped screen
        assert await asyncio.wait_for(screen.next_chunk(ping_s=30), timeout=1) == b""
        screen.close()

    asyncio.run(scenario())
