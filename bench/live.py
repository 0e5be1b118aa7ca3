"""Live tables under load, the last rows of bench/run.py, driven from this one asyncio process:

1. under load: players rolling once a second each at one table, each with the table open, and
   more open tables listening there; each roll timed from the start of its POST to its arrival
   on every open table of the campaign, and counted missing (not there within WAIT_S) or doubled
   (there twice on one socket);
2. capacity: N playing tables of 5 players each (a roll every 10 s on average each, the table
   page loaded every 5 minutes, every player's table open), N stepped up until the p99 of the
   arrivals passes CAPACITY_P99_MS or anything fails.

Every open table fetches its "Needs you" strip again after a live message that says what waits on its
viewer may have changed, as the page's script does (static/fivefold/needs.js: 150 ms after the last
of them); those fetches are counted and timed. The players' rolls here are plain rolls, which change
no strip: the count says that none was fetched for them.

The rolls are posted on their schedule whether the answers to the earlier ones came or not, as
players who do not wait for each other: a slow server meets the load offered, not less. Each
run reads the CPU of the servers, of PostgreSQL and Redis, and of this process from /proc: a
generator that ran out of CPU would time its own delay, and its share says it did not.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import re
import statistics
import time
import urllib.parse
from pathlib import Path

WAIT_S = 10  # seconds: a roll not on an open table by then is missing
CAPACITY_P99_MS = 250
ROLL_EVERY_S = 10  # a player's rolls, on average, at a playing table
PAGE_EVERY_S = 300  # a player's loads of the table page
OPENING = 50  # sockets opened at once: a crowd arriving, not a connect storm the server refuses
STRIP_STALE = re.compile(r'data-live="(needs|catch-up)"')
LABEL = re.compile(r"bench-live-(\d+)-")
_numbers = itertools.count()


async def request(port: int, method: str, path: str, who: dict, body: bytes = b"") -> int:
    """One HTTP/1.1 request on a connection of its own (gunicorn's sync workers close each one); its status."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {who['cookie']}\r\nConnection: close\r\n"
        if method == "POST":  # as htmx posts the roller's form; a page load is the browser's own
            head += f"X-CSRFToken: {who['csrf']}\r\nHX-Request: true\r\n"
            head += f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
        writer.write(head.encode() + b"\r\n" + body)
        status = await reader.readline()
        await reader.read()
        return int(status.split()[1])
    finally:
        writer.close()


class Table:
    """One open table (a player's websocket): when each roll of the run reached it."""

    def __init__(self, ws, campaign: int, timing: Timing, who: dict):
        self.ws, self.campaign, self.timing, self.who = ws, campaign, timing, who
        self.seen: dict[int, float] = {}  # roll number -> ms from the start of its POST
        self.doubled: set[int] = set()
        self.waiting_strip: asyncio.Task | None = None
        self.reading = asyncio.create_task(self._read())

    async def _strip_after_a_moment(self) -> None:
        await asyncio.sleep(0.15)
        self.waiting_strip = None
        self.timing.spawn(self.timing.strip(self.campaign, self.who))

    async def _read(self) -> None:
        import websockets

        try:
            async for message in self.ws:
                now = time.perf_counter()
                # A set: one message may name its roll more than once (its label, its title…).
                for number in {int(found) for found in LABEL.findall(message)}:
                    start = self.timing.starts.get(number)
                    if start is None:
                        continue
                    if number in self.seen:
                        self.doubled.add(number)
                    else:
                        self.seen[number] = (now - start) * 1000
                # As the page's script does after a message that may change what waits on its viewer
                # (static/fivefold/needs.js, campaigns.table.live.NEEDS_CHANGED) or a catch-up: its trigger
                # waits 150 ms, and such a message meanwhile starts the wait again (htmx's `delay:`).
                if self.timing.web_port and STRIP_STALE.search(message):
                    if self.waiting_strip is not None:
                        self.waiting_strip.cancel()
                    self.waiting_strip = asyncio.create_task(self._strip_after_a_moment())
        except websockets.ConnectionClosed:
            pass
        if not self.timing.closing:
            self.timing.errors.append("socket closed")


class Timing:
    """A run's rolls (when each POST started, and which open tables it must reach), answers and errors."""

    def __init__(self):
        self.starts: dict[int, float] = {}
        self.expected: list[tuple[int, list[Table]]] = []
        self.answers: list[float] = []  # the POSTs' own, ms
        self.pages: list[float] = []
        self.errors: list[str] = []
        self.closing = False
        self.tasks: set[asyncio.Task] = set()
        self.strips: list[float] = []  # the "Needs you" strip's fetches, ms
        self.web_port = 0  # where the open tables fetch their strip; 0 before the run

    def spawn(self, coroutine) -> None:
        task = asyncio.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def roll(self, port: int, campaign: int, who: dict, listening: list[Table]) -> None:
        number = next(_numbers)
        body = urllib.parse.urlencode({"notation": "3d6", "label": f"bench-live-{number}-"}).encode()
        self.starts[number] = time.perf_counter()
        if await self._timed("roll", port, "POST", f"/campaigns/{campaign}/roll/", who, self.answers, body):
            self.expected.append((number, listening))

    async def page(self, port: int, campaign: int, who: dict) -> None:
        await self._timed("page", port, "GET", f"/campaigns/{campaign}/", who, self.pages)

    async def strip(self, campaign: int, who: dict) -> None:
        """The strip fetched again after a live message (answered 204 when unchanged)."""
        await self._timed("strip", self.web_port, "GET", f"/campaigns/{campaign}/needs/", who, self.strips)

    async def _timed(self, what: str, port: int, method: str, path: str, who: dict, into: list, body=b"") -> bool:
        """One request, its time (ms) added to `into`; an error or a refusal counted under `what`."""
        start = time.perf_counter()
        try:
            status = await asyncio.wait_for(request(port, method, path, who, body), WAIT_S)
        except (OSError, TimeoutError, ValueError, IndexError) as error:
            self.errors.append(f"{what}: {type(error).__name__}")
            return False
        into.append((time.perf_counter() - start) * 1000)
        if status not in (200, 204):
            self.errors.append(f"{what}: HTTP {status}")
            return False
        return True

    async def settle(self) -> None:
        """Wait for the posts still out, then for every roll on every table it must reach, or WAIT_S."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks))
        deadline = time.perf_counter() + WAIT_S
        while time.perf_counter() < deadline and any(
            number not in table.seen for number, tables in self.expected for table in tables
        ):
            await asyncio.sleep(0.1)

    def summary(self) -> dict:
        arrivals, missing, doubled = [], 0, 0
        for number, tables in self.expected:
            for table in tables:
                took = table.seen.get(number)
                if took is None or took > WAIT_S * 1000:
                    missing += 1
                else:
                    arrivals.append(took)
                doubled += number in table.doubled
        kinds: dict[str, int] = {}
        for error in self.errors:
            kinds[error] = kinds.get(error, 0) + 1
        return {
            "rolls": len(self.expected),
            "arrivals": len(arrivals),
            **{f"{key}_ms": value for key, value in percentiles(arrivals).items()},
            "missing": missing,
            "doubled": doubled,
            **{f"post_{key}_ms": value for key, value in percentiles(self.answers).items() if key != "max"},
            "pages": len(self.pages),
            "page_p99_ms": percentiles(self.pages)["p99"],
            "strips": len(self.strips),
            "strip_p99_ms": percentiles(self.strips)["p99"],
            "errors": len(self.errors),
            "error_kinds": kinds,
        }


def percentiles(values: list[float]) -> dict:
    if not values:
        return {"p50": None, "p99": None, "max": None}
    values = sorted(values)
    return {
        "p50": statistics.median(values),
        "p99": values[min(len(values) - 1, int(len(values) * 0.99))],
        "max": values[-1],
    }


async def open_tables(port: int, seats: list[tuple[int, dict]], timing: Timing) -> list[Table]:
    """A socket for each (campaign, member), OPENING at a time."""
    import websockets

    gate = asyncio.Semaphore(OPENING)

    async def one(campaign: int, who: dict) -> Table:
        async with gate:
            ws = await websockets.connect(
                f"ws://127.0.0.1:{port}/ws/campaigns/{campaign}/",
                additional_headers={"Cookie": who["cookie"], "Origin": f"http://127.0.0.1:{port}"},
                max_queue=None,
                ping_interval=None,  # as the browser's: the page's socket sends no pings of its own
                open_timeout=30,
            )
            return Table(ws, campaign, timing, who)

    return list(await asyncio.gather(*(one(campaign, who) for campaign, who in seats)))


async def close_tables(tables: list[Table], timing: Timing) -> None:
    timing.closing = True
    gate = asyncio.Semaphore(OPENING)

    async def one(table: Table) -> None:
        async with gate:
            await table.ws.close()
            await table.reading

    await asyncio.gather(*(one(table) for table in tables))


async def every(timing: Timing, first: float, gap, until: float, act) -> None:
    """Start `act()` at `first`, then `gap()` seconds after each start, until `until` (loop time)."""
    loop = asyncio.get_running_loop()
    at = first
    while at < until:
        await asyncio.sleep(max(0.0, at - loop.time()))
        timing.spawn(act())
        at += gap()


class CPU:
    """CPU of the servers, the database, Redis and this process between start and stop, and of
    everything else on the machine: a busy neighbour's share is time the servers did not get."""

    TICK = os.sysconf("SC_CLK_TCK")
    KEYS = ("gunicorn", "daphne", "generator", "postgres", "redis")

    def __init__(self, servers):
        self.servers = servers

    def _ticks(self) -> dict[int, tuple[str, int]]:
        """Each process of ours by pid: its kind and CPU ticks so far."""
        gunicorn = {self.servers.web.pid, *self.servers.web_workers()}
        ticks = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                text = stat.read_text()
            except OSError:
                continue  # gone meanwhile
            pid, name = int(text.split(" ", 1)[0]), text[text.index("(") + 1 : text.rindex(")")]
            fields = text[text.rindex(")") + 2 :].split()
            used = int(fields[11]) + int(fields[12])  # utime, stime
            if pid in gunicorn:
                ticks[pid] = ("gunicorn", used)
            elif pid == self.servers.ws.pid:
                ticks[pid] = ("daphne", used)
            elif pid == os.getpid():
                ticks[pid] = ("generator", used)
            elif name == "postgres":  # every database's backends: a neighbour's tests count here too
                ticks[pid] = ("postgres", used)
            elif name.startswith("redis"):
                ticks[pid] = ("redis", used)
        return ticks

    @staticmethod
    def _machine() -> tuple[int, int]:
        numbers = [int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        return sum(numbers), numbers[3] + numbers[4]  # all, idle + iowait

    def __enter__(self):
        self.began, self.ticks, self.machine = time.monotonic(), self._ticks(), self._machine()
        return self

    def __exit__(self, *exc) -> None:
        seconds = time.monotonic() - self.began
        ticks, (total, idle) = self._ticks(), self._machine()
        used = dict.fromkeys(self.KEYS, 0)
        for pid, (kind, now) in ticks.items():
            # A process that ended meanwhile is not counted; one that started, from its start.
            used[kind] += now - self.ticks.get(pid, (kind, 0))[1]
        # Per cent of one core, as top shows a process.
        self.percent = {key: round(100 * used[key] / self.TICK / seconds) for key in self.KEYS}
        busy = 1 - (idle - self.machine[1]) / max(1, total - self.machine[0])
        self.percent["others"] = max(0, round(100 * busy * (os.cpu_count() or 1)) - sum(self.percent.values()))
        self.percent["load average"] = Path("/proc/loadavg").read_text().split()[0]


async def under_load(servers, seed: dict, *, seconds: int, rollers: int, listeners: int) -> dict:
    """`rollers` players rolling once a second each at the first system's campaign, each with it
    open, and `listeners` more open tables of it."""
    campaign = next(iter(seed["campaigns"].values()))
    players = seed["crowd"]["live"][: rollers + listeners]
    timing = Timing()
    timing.web_port = servers.web_port
    tables = await open_tables(servers.ws_port, [(campaign, who) for who in players], timing)
    loop = asyncio.get_running_loop()
    try:
        await asyncio.sleep(1)  # the presence lines of the arrivals, sent before the first roll
        with CPU(servers) as cpu:
            begin = loop.time()
            until = begin + seconds
            schedule = [
                every(
                    timing,
                    begin + random.uniform(0, 1),
                    lambda: 1.0,
                    until,
                    lambda who=who: timing.roll(servers.web_port, campaign, who, tables),
                )
                for who in players[:rollers]
            ]
            await asyncio.gather(*schedule)
            await timing.settle()
    finally:
        await close_tables(tables, timing)
    return {
        "rollers": rollers,
        "open_tables": len(tables),
        "seconds": seconds,
        "rolls_per_s": len(timing.starts) / seconds,
        **timing.summary(),
        "cpu_percent": cpu.percent,
    }


async def capacity(servers, seed: dict, *, steps: list[int], seconds: int) -> list[dict]:
    """Step the playing tables up through `steps`, every player's table open, until a step's p99
    arrival passes CAPACITY_P99_MS or anything fails. The tables of a step stay open in the next."""
    crowd = seed["crowd"]["tables"]
    loop = asyncio.get_running_loop()
    curve, tables, timing, opened = [], [], Timing(), 0
    try:
        for count in steps:
            if count > len(crowd):
                break
            seats = [(campaign, who) for campaign, players in crowd[opened:count] for who in players]
            tables += await open_tables(servers.ws_port, seats, timing)
            opened = count
            by_campaign: dict[int, list[Table]] = {}
            for table in tables:
                by_campaign.setdefault(table.campaign, []).append(table)
            await asyncio.sleep(1)
            timing.expected, timing.answers, timing.pages, timing.errors, timing.strips = [], [], [], [], []
            timing.web_port = servers.web_port
            with CPU(servers) as cpu:
                begin = loop.time()
                until = begin + seconds
                schedule = []
                for campaign, players in crowd[:count]:
                    for who in players:
                        roll = lambda campaign=campaign, who=who, listening=by_campaign[campaign]: timing.roll(  # noqa: E731
                            servers.web_port, campaign, who, listening
                        )
                        first = begin + random.uniform(0, ROLL_EVERY_S)
                        schedule.append(
                            every(timing, first, lambda: random.uniform(0.5, 1.5) * ROLL_EVERY_S, until, roll)
                        )
                        if random.random() < seconds / PAGE_EVERY_S:
                            at = begin + random.uniform(0, seconds)
                            page = lambda campaign=campaign, who=who: timing.page(servers.web_port, campaign, who)  # noqa: E731
                            schedule.append(every(timing, at, lambda: seconds, until, page))
                await asyncio.gather(*schedule)
                await timing.settle()
            step = {
                "tables": count,
                "open_sockets": len(tables),
                "rolls_per_s_offered": count * 5 / ROLL_EVERY_S,
                **timing.summary(),
                "cpu_percent": cpu.percent,
            }
            step["within"] = passed(step)
            curve.append(step)
            print_step(step)
            if not step["within"]:
                break
    finally:
        await close_tables(tables, timing)
    return curve


def passed(step: dict) -> bool:
    return (
        step["p99_ms"] is not None
        and step["p99_ms"] <= CAPACITY_P99_MS
        and not (step["errors"] or step["missing"] or step["doubled"])
    )


def print_step(step: dict) -> None:
    """One step's line as it ends: a long run shows where it is."""
    cpu = step["cpu_percent"]
    print(
        f"  {'capacity':10} {step['tables']:4} tables {step['rolls_per_s_offered']:6.1f} rolls/s  "
        f"arrival p50 {fmt(step['p50_ms'])} p99 {fmt(step['p99_ms'])}  POST p99 {fmt(step['post_p99_ms'])}  "
        f"strips {step['strips']} p99 {fmt(step['strip_p99_ms'])}  "
        f"errors {step['errors']} missing {step['missing']} doubled {step['doubled']}  "
        f"cpu gunicorn {cpu['gunicorn']}% daphne {cpu['daphne']}% "
        f"generator {cpu['generator']}% others {cpu['others']}% load {cpu['load average']}",
        flush=True,
    )


def fmt(ms: float | None) -> str:
    return "     -" if ms is None else f"{ms:6.1f}"
