"""Fivefold under load, in the production topology, with its baselines in the same run.

    make bench            # or: .venv/bin/python -m bench.run [--seconds 8] [--workers 4]

Starts, on 127.0.0.1 only: gunicorn (WSGI, pages and HTMX posts) and daphne (ASGI,
the websockets) against PostgreSQL (a fresh database `fivefold_bench`, or BENCH_DB_NAME's) and
Redis (database 1, or BENCH_REDIS's) as the channel layer between them; seeds a campaign per
system with 5,000 rolls each, and the crowd of players the live and chat rows need (bench/seed.py); then
measures with wrk (a second process on loopback) and a websocket client, every run bounded in time:

1. baselines on the same servers: a trivial view and one INSERT + one small template,
   on gunicorn and on daphne (to compare WSGI with ASGI for pages), and a signed-in POST that
   does nothing (what the session, the user and the CSRF check cost every step);
2. the table page with its log; 3. posting a roll in each system; 4. a Fortune spend
   under contention; 5. a roll's POST, and a chat message's, to its arrival on 10 and 100 open tables;
6. exact odds for each system's largest legal input, cold and warm (bench/odds.py);
7. peak RSS of the web workers and the websocket process;
8. live tables (bench/live.py): 20 players rolling once a second at one table under 40 open
   sockets, and how many playing tables of 5 the machine holds (after 7: its thousands of
   sockets are not the websocket process's everyday memory).

Two runs side by side (another checkout's) keep apart with their own database and Redis db:

    BENCH_DB_NAME=fivefold_bench_live BENCH_REDIS=redis://127.0.0.1:6379/3 .venv/bin/python -m bench.run --only live

Prints a table (requests/s, p50/p99, ratio to the INSERT baseline) and writes the
same as JSON (bench/results.json).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

from bench import live

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/1")
DB_NAME = os.environ.get("BENCH_DB_NAME", "fivefold_bench")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def environment(static_root: str) -> dict:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "DATABASE_URL": f"{PG}/{DB_NAME}",
        "REDIS_URL": REDIS,
        "STATIC_ROOT": static_root,
    }


def fresh_database() -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {DB_NAME}")


def manage(env: dict, *args: str) -> str:
    done = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


class Servers:
    """gunicorn for pages, daphne for websockets; both stopped however the run ends."""

    def __init__(self, env: dict, workers: int, folder: Path):
        self.web_port, self.ws_port = free_port(), free_port()
        log = open(folder / "servers.log", "w")  # noqa: SIM115 - the servers' for their whole life
        self.web = subprocess.Popen(
            [
                str(BIN / "gunicorn"),
                "config.wsgi",
                "-w",
                str(workers),
                "-b",
                f"127.0.0.1:{self.web_port}",
                "--backlog",
                "2048",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.ws = subprocess.Popen(
            [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(self.ws_port), "config.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.log = folder / "servers.log"
        for port in (self.web_port, self.ws_port):
            self._wait(port)

    def _wait(self, port: int) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/bench/hello/", timeout=2)
                return
            except OSError:
                time.sleep(0.2)
        self.stop()
        sys.exit(f"a server did not start:\n{self.log.read_text()}")

    def web_workers(self) -> list[int]:
        children = Path(f"/proc/{self.web.pid}/task/{self.web.pid}/children").read_text().split()
        return [int(pid) for pid in children]

    def stop(self) -> None:
        for process in (self.web, self.ws):
            process.terminate()
        for process in (self.web, self.ws):
            process.wait(timeout=15)


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def wrk(url: str, *, seconds: int, connections: int, method="GET", body="", who=None) -> dict:
    env = {
        **os.environ,
        "WRK_METHOD": method,
        "WRK_BODY": body,
        "WRK_COOKIE": who["cookie"] if who else "",
        "WRK_CSRF": who["csrf"] if who else "",
    }
    threads = min(2, connections)
    done = subprocess.run(
        [
            "wrk",
            "-t",
            str(threads),
            "-c",
            str(connections),
            "-d",
            f"{seconds}s",
            "--timeout",
            "10s",
            "-s",
            str(ROOT / "bench" / "wrk.lua"),
            url,
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=seconds + 60,
        check=False,
    )
    line = next((row for row in done.stdout.splitlines() if row.startswith("WRK ")), None)
    if line is None:
        sys.exit(f"wrk gave no figures for {url}:\n{done.stdout}\n{done.stderr}")
    figures = json.loads(line[4:])
    return {
        "rps": figures["requests"] / (figures["duration_us"] / 1e6),
        "p50_ms": figures["p50_us"] / 1000,
        "p99_ms": figures["p99_us"] / 1000,
        "requests": figures["requests"],
        "refused": figures["non_2xx_3xx"],
        "socket_errors": figures["socket_errors"],
    }


def post(url: str, data: dict, who: dict) -> int:
    request = urllib.request.Request(
        url,
        data=urllib.parse.urlencode(data).encode(),
        method="POST",
        headers={"Cookie": who["cookie"], "X-CSRFToken": who["csrf"], "HX-Request": "true"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


async def timed_arrivals(servers: Servers, seed: dict, tables: int, posts: int, send) -> dict:
    """Open `tables` sockets on the first campaign as its player, make `posts` POSTs over HTTP one after
    another, and time each one's arrival at every socket from the start of its POST. `send(i, marker)`
    gives the i-th POST's path, its form (which carries `marker`, unique to it) and who posts it."""
    import websockets

    campaign = next(iter(seed["campaigns"].values()))  # the first installed system's
    uri = f"ws://127.0.0.1:{servers.ws_port}/ws/campaigns/{campaign}/"
    headers = {"Cookie": seed["player"]["cookie"], "Origin": f"http://127.0.0.1:{servers.ws_port}"}
    sockets = [await websockets.connect(uri, additional_headers=headers, max_queue=None) for _ in range(tables)]
    arrivals, loop = [], asyncio.get_running_loop()

    async def arrival(ws, marker: str, start: float) -> float:
        while marker not in await ws.recv():
            pass
        return (time.perf_counter() - start) * 1000

    try:
        for i in range(posts):
            marker = f"fan-{tables}-{i}-{secrets.token_hex(4)}"
            path, data, who = send(i, marker)
            url = f"http://127.0.0.1:{servers.web_port}/campaigns/{campaign}/{path}"
            start = time.perf_counter()
            waits = [asyncio.create_task(arrival(ws, marker, start)) for ws in sockets]
            await loop.run_in_executor(None, post, url, data, who)
            arrivals += await asyncio.wait_for(asyncio.gather(*waits), timeout=10)
            await asyncio.sleep(0.05)
    finally:
        for ws in sockets:
            await ws.close()
    arrivals.sort()
    return {
        "p50_ms": statistics.median(arrivals),
        "p99_ms": arrivals[min(len(arrivals) - 1, int(len(arrivals) * 0.99))],
        "max_ms": arrivals[-1],
    }


async def fan_out(servers: Servers, seed: dict, tables: int, rolls: int) -> dict:
    """A roll's POST to its arrival at `tables` open tables, `rolls` times: the player rolls 3d6, the label
    its marker."""
    timings = await timed_arrivals(
        servers, seed, tables, rolls, lambda i, marker: ("roll/", {"notation": "3d6", "label": marker}, seed["player"])
    )
    return {"tables": tables, "rolls": rolls, **timings}


# chat_views.TOO_FAST refuses an 11th message from one player at one table (and address) within 20 s: each
# player of the seed's crowd at the first campaign sends at most this many messages in the whole run.
CHAT_PER_PLAYER = 10


def chatters_needed(messages: int) -> int:
    """The crowd's players the two chat fan-outs (10 and 100 tables) take, each its own players."""
    return 2 * -(-messages // CHAT_PER_PLAYER)


async def chat_fan_out(servers: Servers, seed: dict, tables: int, messages: int, chatters: list[dict]) -> dict:
    """A chat message's POST to its arrival at `tables` open tables, `messages` times, sent to everyone by
    `chatters` in turn (players seated at the first campaign, none sending more than CHAT_PER_PLAYER)."""
    assert len(chatters) * CHAT_PER_PLAYER >= messages, "too few players to chat within the rate limit"
    timings = await timed_arrivals(
        servers,
        seed,
        tables,
        messages,
        lambda i, marker: ("chat/", {"text": f"Hold the door! {marker}", "to": ""}, chatters[i % len(chatters)]),
    )
    return {"tables": tables, "messages": messages, "chatters": len(chatters), **timings}


# The targets, each row's verdict in the printout and in results.json: the least share of the INSERT
# baseline's requests/s ("ratio") and the most p99 (ms), by group.
TARGETS = {
    "post roll": {"ratio": 0.25, "p99_ms": 150},
    "table (player)": {"ratio": 0.15, "p99_ms": 400},
    "table (gm)": {"ratio": 0.10, "p99_ms": 400},
    "contention": {"p99_ms": 300},
    "fan-out": {"p50_ms": 50, "p99_ms": 150},
    "chat": {"p50_ms": 100},
    "live": {"p50_ms": 50, "p99_ms": 150, "missing": 0, "doubled": 0},
    "capacity": {"tables": 300},
}
MEMORY_TARGET_MB = 150


def verdict(row: dict, target: dict) -> bool:
    """Whether `row` meets `target`: at least its ratio and tables, at most its latencies and failures."""
    at_least = {"ratio": "ratio_to_insert_baseline", "tables": "tables"}
    return all(
        (row[at_least[key]] or 0) >= limit if key in at_least else row[key] is not None and row[key] <= limit
        for key, limit in target.items()
    )


def roll_posts(seed: dict) -> dict[str, tuple[str, dict]]:
    """Each system's everyday roll, as the player's browser posts it (its own bench module's, by the seed)."""
    return {name: (path, data) for name, (path, data) in seed["posts"].items()}


def run(args) -> dict:
    if shutil.which("wrk") is None:
        sys.exit("The benchmark needs wrk: `make bench` installs it (apt-get install -y wrk).")
    folder = Path(tempfile.mkdtemp(prefix="fivefold-bench-"))
    env = environment(str(folder / "static"))
    fresh_database()
    manage(env, "manage.py", "migrate", "--noinput", "-v0")
    manage(env, "manage.py", "collectstatic", "--noinput", "-v0")
    crowd, seated = [], [0]
    if selected(args, "live", "under load"):
        seated.append(args.live_rollers * 2)  # each roller's table, and as many tables listening
    chatting = selected(args, "chat", "fan-out")
    if chatting:
        seated.append(chatters_needed(args.fanout_rolls))  # the players who send the chat fan-outs' messages
    if max(seated):
        crowd += ["--live", str(max(seated))]  # seated at the first campaign; the live run takes the first too
    if selected(args, "live", "capacity"):
        crowd += ["--tables", str(max(args.capacity_steps)), "--players", "5"]
    seed_line = next(row for row in manage(env, "-m", "bench.seed", *crowd).splitlines() if row.startswith("SEED "))
    seed = json.loads(seed_line[5:])
    servers = Servers(env, args.workers, folder)
    web, ws = f"http://127.0.0.1:{servers.web_port}", f"http://127.0.0.1:{servers.ws_port}"
    load = {"seconds": args.seconds, "connections": args.connections}
    rows: list[dict] = []

    def measure(group: str, name: str, url: str, **kwargs) -> dict | None:
        if group != "baseline" and not selected(args, group, name):
            return None
        row = {"group": group, "name": name, **wrk(url, **load, **kwargs)}
        rows.append(row)
        print(
            f"  {group:10} {name:32} {row['rps']:8.0f}/s  p50 {row['p50_ms']:6.1f} ms  p99 {row['p99_ms']:6.1f} ms"
            f"{'  refused ' + str(row['refused']) if row['refused'] else ''}",
            flush=True,
        )
        return row

    try:
        print(f"Fivefold bench: {args.workers} gunicorn workers, {args.connections} connections, {args.seconds} s each")
        measure("baseline", "trivial view (gunicorn)", f"{web}/bench/hello/")
        insert = measure("baseline", "INSERT + render (gunicorn)", f"{web}/bench/insert/")
        measure("baseline", "signed-in POST (gunicorn)", f"{web}/bench/signed-in/", method="POST", who=seed["player"])
        measure("baseline", "trivial view (daphne)", f"{ws}/bench/hello/")
        measure("baseline", "INSERT + render (daphne)", f"{ws}/bench/insert/")
        # The table pages before the posts: each log holds its 5,000 rolls, not the thousands the posts add to
        # the first campaign's, and no page row is measured in the wake of a post row's writes.
        for role in ("player", "gm"):
            for system, campaign in seed["campaigns"].items():
                measure(
                    f"table ({role})", f"{system} table, 5,000 rolls", f"{web}/campaigns/{campaign}/", who=seed[role]
                )
        for name, (path, data) in roll_posts(seed).items():
            measure(
                "post roll", name, f"{web}{path}", method="POST", body=urllib.parse.urlencode(data), who=seed["player"]
            )
        for name, path, body, system, campaign in seed["contention"]:
            race = measure("contention", name, f"{web}{path}", method="POST", body=body, who=seed["player"])
            if race:
                race["consistency"] = manage(env, "-m", "bench.check_pools", system, str(campaign)).strip()
                print(f"  {'':10} {'':32} {race['consistency']}")
        fanning = not args.only or args.only in "fan-out"
        fan = [asyncio.run(fan_out(servers, seed, tables, args.fanout_rolls)) for tables in (10, 100) if fanning]
        for row in fan:
            print(
                f"  {'fan-out':10} {'roll to ' + str(row['tables']) + ' open tables':32} {'':10} "
                f"p50 {row['p50_ms']:6.1f} ms  p99 {row['p99_ms']:6.1f} ms"
            )
        chat = []
        if chatting:
            per = chatters_needed(args.fanout_rolls) // 2
            for k, tables in enumerate((10, 100)):
                chatters = seed["crowd"]["live"][k * per : (k + 1) * per]
                chat.append(asyncio.run(chat_fan_out(servers, seed, tables, args.fanout_rolls, chatters)))
                print(
                    f"  {'chat':10} {'message to ' + str(tables) + ' open tables':32} {'':10} "
                    f"p50 {chat[-1]['p50_ms']:6.1f} ms  p99 {chat[-1]['p99_ms']:6.1f} ms"
                )
        memory = {
            "web_worker_peak_rss_mb": max(peak_rss_mb(pid) for pid in servers.web_workers()),
            "websocket_process_peak_rss_mb": peak_rss_mb(servers.ws.pid),
        }
        print(
            f"  {'memory':10} peak RSS: web worker {memory['web_worker_peak_rss_mb']:.0f} MB, "
            f"websocket process {memory['websocket_process_peak_rss_mb']:.0f} MB"
        )
        under, curve = None, None
        if selected(args, "live", "under load"):
            rollers = args.live_rollers
            under = asyncio.run(
                live.under_load(servers, seed, seconds=args.live_seconds, rollers=rollers, listeners=rollers)
            )
            print(f"  {'live':10} {describe_live(under)}", flush=True)
        if selected(args, "live", "capacity"):
            curve = asyncio.run(live.capacity(servers, seed, steps=args.capacity_steps, seconds=args.capacity_seconds))
            daphne_rss = peak_rss_mb(servers.ws.pid)
    finally:
        servers.stop()
    odds = json.loads(manage({**os.environ}, "-m", "bench.odds", "--json").splitlines()[-1])
    for row in odds:
        print(
            f"  {'odds':10} {row['system'] + ': ' + row['input']:44} cold {row['cold_ms']:7.1f} ms  "
            f"warm {row['warm_ms']:6.2f} ms"
        )
    for row in rows:
        row["ratio_to_insert_baseline"] = row["rps"] / insert["rps"]
        if row["group"] in TARGETS:
            row["target"], row["met"] = TARGETS[row["group"]], verdict(row, TARGETS[row["group"]])
    for row in fan:
        row["group"], row["target"] = "fan-out", TARGETS["fan-out"]
        row["met"] = verdict({**row, "ratio_to_insert_baseline": 0}, TARGETS["fan-out"])
    for row in chat:
        row["group"], row["target"] = "chat", TARGETS["chat"]
        row["met"] = verdict(row, TARGETS["chat"])
    if under is not None:
        under["group"], under["target"] = "live", TARGETS["live"]
        under["met"] = verdict(under, TARGETS["live"])
    if curve is not None:
        held = [step["tables"] for step in curve if step["within"]]
        curve = {
            "group": "capacity",
            "tables": max(held, default=0),
            "p99_limit_ms": live.CAPACITY_P99_MS,
            "websocket_process_peak_rss_mb": daphne_rss,
            "steps": curve,
            "target": TARGETS["capacity"],
        }
        curve["met"] = verdict(curve, TARGETS["capacity"])
    memory["target_mb"] = MEMORY_TARGET_MB
    memory["met"] = max(memory["web_worker_peak_rss_mb"], memory["websocket_process_peak_rss_mb"]) < MEMORY_TARGET_MB
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
        "load": {**load, "workers": args.workers},
        "http": rows,
        "fan_out": fan,
        "chat": chat,
        "memory": memory,
        "odds": odds,
        "live": under,
        "capacity": curve,
    }


def report(result: dict) -> None:
    print("\n| group | what | requests/s | p50 ms | p99 ms | ÷ INSERT baseline | target | met |")
    print("| --- | --- | ---: | ---: | ---: | ---: | --- | --- |")
    for row in result["http"]:
        print(
            f"| {row['group']} | {row['name']} | {row['rps']:.0f} | {row['p50_ms']:.1f} | {row['p99_ms']:.1f} | "
            f"{row['ratio_to_insert_baseline']:.2f} | {describe(row.get('target'))} | {met(row)} |"
        )
    for row in result["fan_out"]:
        print(
            f"| fan-out | a roll reaches {row['tables']} open tables | | {row['p50_ms']:.1f} | {row['p99_ms']:.1f} | "
            f"| {describe(row['target'])} | {met(row)} |"
        )
    for row in result["chat"]:
        print(
            f"| chat | a message reaches {row['tables']} open tables | | {row['p50_ms']:.1f} | {row['p99_ms']:.1f} | "
            f"| {describe(row['target'])} | {met(row)} |"
        )
    if under := result["live"]:
        print(
            f"| live | {under['rollers']} players rolling 1/s at one table, {under['open_tables']} open | "
            f"{under['rolls_per_s']:.0f} rolls | {live.fmt(under['p50_ms'])} | {live.fmt(under['p99_ms'])} | | "
            f"{describe(under['target'])} | {met(under)} |"
        )
    if curve := result["capacity"]:
        print(
            f"| capacity | playing tables of 5, p99 arrival ≤ {curve['p99_limit_ms']} ms | {curve['tables']} tables "
            f"| | | | {describe(curve['target'])} | {met(curve)} |"
        )
    memory = result["memory"]
    web, ws = memory["web_worker_peak_rss_mb"], memory["websocket_process_peak_rss_mb"]
    print(
        f"\nPeak RSS: web worker {web:.0f} MB, websocket process {ws:.0f} MB "
        f"(target: under {memory['target_mb']} MB: {met(memory)})"
    )
    if under := result["live"]:
        print(f"\nLive under load: {describe_live(under)}")
    if curve := result["capacity"]:
        print(
            f"\nCapacity: {curve['tables']} playing tables of 5 with the p99 arrival within "
            f"{curve['p99_limit_ms']} ms; websocket process peak RSS {curve['websocket_process_peak_rss_mb']:.0f} MB"
        )
        print(
            "| tables | open sockets | rolls/s offered | arrival p50 ms | p99 ms | max ms | POST p99 ms | "
            "page p99 ms | errors | missing | CPU % gunicorn / daphne / generator / postgres / redis / others | load |"
        )
        print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
        for step in curve["steps"]:
            cpu = step["cpu_percent"]
            print(
                f"| {step['tables']} | {step['open_sockets']} | {step['rolls_per_s_offered']:.0f} | "
                f"{live.fmt(step['p50_ms'])} | {live.fmt(step['p99_ms'])} | {live.fmt(step['max_ms'])} | "
                f"{live.fmt(step['post_p99_ms'])} | {live.fmt(step['page_p99_ms'])} | "
                f"{step['errors']} | {step['missing']} | "
                f"{cpu['gunicorn']} / {cpu['daphne']} / {cpu['generator']} / {cpu['postgres']} / {cpu['redis']} / "
                f"{cpu['others']} | "
                f"{cpu['load average']} |"
            )
    rows = [
        *result["http"],
        *result["fan_out"],
        *result["chat"],
        *(row for row in (result["live"], result["capacity"]) if row),
    ]
    missed = [row for row in rows if row.get("met") is False]
    print(f"\nTargets missed: {len(missed)} of {sum('met' in row for row in rows)}")


def describe_live(row: dict) -> str:
    cpu = row["cpu_percent"]
    return (
        f"{row['rolls']} rolls to {row['open_tables']} open tables: arrival p50 {live.fmt(row['p50_ms'])} ms, "
        f"p99 {live.fmt(row['p99_ms'])} ms, max {live.fmt(row['max_ms'])} ms; missing {row['missing']}, "
        f"doubled {row['doubled']}, errors {row['errors']}; POST p50 {live.fmt(row['post_p50_ms'])} ms, "
        f"p99 {live.fmt(row['post_p99_ms'])} ms; "
        f"{row['strips']} strips fetched, p99 {live.fmt(row['strip_p99_ms'])} ms; "
        f"CPU % gunicorn {cpu['gunicorn']}, daphne {cpu['daphne']}, generator {cpu['generator']}, "
        f"postgres {cpu['postgres']}, redis {cpu['redis']}, others {cpu['others']}; load {cpu['load average']}"
    )


def selected(args, group: str, name: str) -> bool:
    """Whether --only keeps the rows of `group` called `name`."""
    return not args.only or args.only in f"{group} {name}"


def describe(target: dict | None) -> str:
    names = {
        "ratio": "≥ {} of baseline",
        "p50_ms": "p50 ≤ {} ms",
        "p99_ms": "p99 ≤ {} ms",
        "missing": "{} missing",
        "doubled": "{} doubled",
        "tables": "≥ {} tables",
    }
    return ", ".join(names[key].format(limit) for key, limit in target.items()) if target else ""


def met(row: dict) -> str:
    return {True: "yes", False: "**no**", None: ""}[row.get("met")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=8, help="length of each load run")
    parser.add_argument("--connections", type=int, default=32, help="concurrent clients of each load run")
    parser.add_argument("--workers", type=int, default=2 * (os.cpu_count() or 1), help="gunicorn workers")
    parser.add_argument("--fanout-rolls", type=int, default=40, help="rolls (and chat messages) timed for each fan-out")
    parser.add_argument("--live-seconds", type=int, default=20, help="length of the live run under load")
    parser.add_argument("--live-rollers", type=int, default=20, help="players rolling at the live table")
    parser.add_argument("--capacity-seconds", type=int, default=25, help="length of each capacity step")
    parser.add_argument(
        "--capacity-steps",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[10, 25, 50, 100, 150, 200, 300, 400, 500],
        help="playing tables at each capacity step, comma-separated",
    )
    parser.add_argument("--json", type=Path, default=None, help="where to write (default bench/results.json)")
    parser.add_argument(
        "--only",
        default="",
        help="measure only the rows whose group and name hold this text "
        "(the baselines always); nothing written unless --json says where",
    )
    args = parser.parse_args()
    result = run(args)
    report(result)
    target = args.json or (None if args.only else ROOT / "bench" / "results.json")
    if target is not None:
        target.write_text(json.dumps(result, indent=2) + "\n")
        print(f"\nWritten to {target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}")


if __name__ == "__main__":
    main()
