"""Web benchmark: action round trips under load, the page's weight, and the time to draw the table.

Starts a real ``spider serve`` on a free loopback port over a fresh database, then prints:

1. action round trip p50 and p99 with N simulated players playing at once (default 200). Each player
   has its own connection and cookie, starts a game, and plays actions chosen from the view's groups
   (a move to the best target, else a deal; a new game when the view offers nothing), thinking for a
   random 0.5-1.5 s between actions as a person would. Target: p99 <= 30 ms on 2 cores.
2. the page's total transfer size on first load: the index and every file it references, followed
   through CSS and module imports, as a browser asking for gzip receives them. Target <= 150 KB.
3. the time until the table is drawn in headless Chromium: from navigation start until
   ``[data-column="10"]`` is in the page, median of fresh browser contexts. Target <= 500 ms.

    .venv/bin/python bench/web.py [--players 200] [--seconds 30] [--skip-browser]
    .venv/bin/python bench/web.py --processes 2 --database postgresql://... [--players 500]

With ``--processes N`` (and ``--database``, a SQLite file or a PostgreSQL URL), N servers share the one
database and every request goes to any of them at random, as behind a proxy without sticky sessions;
the single-process SQLite figures are measured first in the same run, to compare. Each setup also
times ``--one-player`` actions (default 300) of one player alone, sent to the processes in turn and one
after another: what an action costs when nothing waits in line before it.

The simulated players share one process: it collects no garbage while it measures, and it prints how late
its own event loop woke (time a round trip counts that no server spent).

Everything runs on loopback and every loop is bounded by time or count.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def spider_serve(
    database: str | Path, log: Path | None = None, shared: bool = False, settings: dict[str, str] | None = None
) -> Iterator[tuple[str, int]]:
    """A ``spider serve`` process for the length of the block; its URL and process id. What it writes
    on stderr goes to ``log``, when given. ``settings``: its ``SPIDER_*`` variables, else this bench's own
    (no background solving, no budget of actions a second)."""
    port = free_port()
    # no background solving while measuring, and no budget of actions a second: one player alone plays
    # back to back, faster than any person
    chosen = {"SPIDER_POOL_TARGET": "0", "SPIDER_ACTIONS_PER_SECOND": "0",
              "SPIDER_ACTIONS_PER_ADDRESS_PER_SECOND": "0"} if settings is None else settings
    env = {**os.environ, **chosen}
    if shared:
        env["SPIDER_SHARED_DATABASE"] = "1"  # several processes on one SQLite file
    errors = log.open("wb") if log is not None else subprocess.DEVNULL
    process = subprocess.Popen(
        [sys.executable, "-m", "spider.cli", "serve", "--port", str(port), "--database", str(database)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=errors,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/presets", timeout=1).read()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("spider serve did not start") from None
                time.sleep(0.1)
        yield url, process.pid
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
        if log is not None:
            errors.close()  # type: ignore[union-attr]


# A small HTTP/1.1 client on asyncio streams: cheap enough that 200 of them leave the CPU to the server.


class Connection:
    def __init__(
        self, host: str, port: int, jar: dict[str, str] | None = None, headers: dict[str, str] | None = None
    ) -> None:
        self.host, self.port = host, port
        self.jar = {} if jar is None else jar  # the player's cookie, shared by its connections
        self.headers = {} if headers is None else headers  # sent with every request (X-Forwarded-For)
        self.server_ms = 0.0  # the server's own time for the last answer (its Server-Timing header)
        self.retry_after: str | None = None  # the last answer's Retry-After, when it had one
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    @property
    def cookie(self) -> str:
        return self.jar.get("cookie", "")

    @cookie.setter
    def cookie(self, value: str) -> None:
        self.jar["cookie"] = value

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        try:
            return await self._request(method, path, body)
        except (ConnectionError, IndexError):
            # the server closed a connection left idle past its header timeout: a browser opens a new one
            self.close()
            self.writer = None
            return await self._request(method, path, body)

    async def _request(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        payload = b"" if body is None else json.dumps(body).encode()
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nContent-Length: {len(payload)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if self.jar.get("cookie"):
            head += f"Cookie: {self.jar['cookie']}\r\n"
        head += "".join(f"{name}: {value}\r\n" for name, value in self.headers.items())
        self.writer.write(head.encode() + b"\r\n" + payload)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        self.retry_after = None
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name = name.lower()
            if name == "content-length":
                length = int(value)
            elif name == "set-cookie":
                self.jar["cookie"] = value.strip().split(";")[0]
            elif name == "retry-after":
                self.retry_after = value.strip()
            elif name == "server-timing" and "dur=" in value:
                self.server_ms = float(value.split("dur=")[1].split(";")[0].split(",")[0])
        data = await self.reader.readexactly(length)
        return status, json.loads(data) if data else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def choose(view: dict[str, Any], rng: random.Random) -> str | None:
    """An action from the view alone: a group to its best target (a reveal or a suit first), else a deal."""
    columns = view["columns"]
    options = []
    for group in view["groups"]:
        if group["best"] is None:
            continue
        source = columns[group["column"] - 1]
        target = columns[group["best"] - 1]
        whole = group["count"] == len(source["up"])
        if not target["up"] and not target["down"] and not (whole and source["down"]):
            continue  # into an empty column only to turn a card
        worth = 2 * (whole and source["down"] > 0) + (bool(target["up"]) and target["up"][-1][1] == source["up"][-1][1])
        options.append((worth + rng.random(), f"{group['column']}>{group['best']}:{group['count']}"))
    if options and (not view["deal_possible"] or rng.random() < 0.9):
        return max(options)[1]
    return "d" if view["deal_possible"] else None


async def player(
    number: int,
    addresses: list[tuple[str, int]],
    until: float,
    measure_from: float,
    latencies: list[float],
    server_times: list[float],
    errors: list[str],
) -> None:
    rng = random.Random(number)
    jar: dict[str, str] = {}
    connections = [Connection(host, port, jar) for host, port in addresses]  # one to each server process
    suits = (1, 2, 4)[number % 3]
    await asyncio.sleep(rng.uniform(0, 1.0))  # players arrive over a second, not all at one instant
    try:
        await play(connections, rng, suits, until, measure_from, latencies, server_times, errors)
    except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as error:
        errors.append(f"player {number}: {error!r}")
    finally:
        for connection in connections:
            connection.close()


async def play(
    connections: list[Connection],
    rng: random.Random,
    suits: int,
    until: float,
    measure_from: float,
    latencies: list[float],
    server_times: list[float],
    errors: list[str],
) -> None:
    connection = rng.choice(connections)
    status, view = await connection.request("POST", "/api/games", {"suits": suits})
    moves_here = 0
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0.5, 1.5))
        connection = rng.choice(connections)  # any process serves any request
        action = choose(view, rng) if not view["over"] and moves_here < 400 else None
        if action is None:
            status, view = await connection.request("POST", "/api/games", {"suits": suits})
            moves_here = 0
            continue
        began = time.perf_counter()
        body = {"action": action, "version": view["version"]}  # as the page sends it
        status, answer = await connection.request("POST", f"/api/games/{view['id']}/actions", body)
        elapsed = time.perf_counter() - began
        if status != 200:
            errors.append(f"{status} {answer}")
            status, view = await connection.request("GET", f"/api/games/{view['id']}")
            continue
        if time.monotonic() >= measure_from:
            latencies.append(elapsed)
            server_times.append(connection.server_ms / 1000)
        view = answer["view"]
        moves_here += 1


def host_ports(urls: list[str]) -> list[tuple[str, int]]:
    """The host and port of each server's URL."""
    return [(host, int(port)) for host, port in (url.removeprefix("http://").split(":") for url in urls)]


def load(urls: list[str], players: int, seconds: float, warmup: float) -> tuple[list[float], list[float], list[str]]:
    """Round trips and the server's own times (seconds) of the actions played after the warm-up."""
    addresses = host_ports(urls)
    latencies: list[float] = []
    server_times: list[float] = []
    errors: list[str] = []

    async def run() -> None:
        start = time.monotonic()
        until = start + warmup + seconds
        lags: list[float] = []
        watch = asyncio.ensure_future(loop_lag(until, start + warmup, lags))
        await asyncio.gather(
            *(
                player(n, addresses, until, start + warmup, latencies, server_times, errors)
                for n in range(players)
            )
        )
        await watch
        late = f"p50 {1000 * percentile(lags, 0.5):.1f} ms, p99 {1000 * percentile(lags, 0.99):.1f} ms"
        print(f"  the players' own event loop woke late by {late}")

    # The players' own process collects no garbage while it measures: its pauses would count in the
    # round trips as if the servers had taken them.
    gc.disable()
    try:
        asyncio.run(run())
    finally:
        gc.enable()
    return latencies, server_times, errors


async def loop_lag(until: float, measure_from: float, lags: list[float]) -> None:
    """How late the players' own event loop wakes from a 10 ms sleep: time the round trips count that the
    servers did not spend."""
    while time.monotonic() < until:
        began = time.perf_counter()
        await asyncio.sleep(0.01)
        if time.monotonic() >= measure_from:
            lags.append(time.perf_counter() - began - 0.01)


def one_player(urls: list[str], count: int) -> list[float]:
    """Round trips (seconds) of ``count`` actions by one player alone, sent to each server in turn."""
    addresses = host_ports(urls)

    async def run() -> list[float]:
        rng = random.Random(0)
        jar: dict[str, str] = {}
        connections = [Connection(host, port, jar) for host, port in addresses]
        times: list[float] = []
        try:
            _, view = await connections[0].request("POST", "/api/games", {"suits": 1})
            for turn in range(4 * count):  # bounded: a new game now and then takes a turn too
                if len(times) == count:
                    break
                connection = connections[turn % len(connections)]
                action = choose(view, rng) if not view["over"] else None
                if action is None:
                    _, view = await connection.request("POST", "/api/games", {"suits": 1})
                    continue
                began = time.perf_counter()
                path = f"/api/games/{view['id']}/actions"
                status, answer = await connection.request("POST", path, {"action": action, "version": view["version"]})
                times.append(time.perf_counter() - began)
                if status != 200:
                    raise SystemExit(f"one player: {status} {answer}")
                view = answer["view"]
        finally:
            for connection in connections:
                connection.close()
        return times

    return asyncio.run(run())


def cpu_seconds(pid: int) -> float:
    """CPU time used so far by a process and its live child processes (the solver's worker)."""
    total = 0.0
    pids = [pid]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    pids.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue
    for each in pids:
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# The page's weight: what a browser asking for gzip receives on its first visit.

REFERENCES = [
    re.compile(r"""(?:src|href)\s*=\s*["']([^"'#]+)["']"""),
    re.compile(r"""(?:import|export)\s*(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']"""),
    re.compile(r"""import\(\s*["']([^"']+)["']\s*\)"""),
    re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)"""),
    re.compile(r"""fetch\(\s*["'](/static/[^"']+)["']"""),
]


def page_weight(url: str) -> tuple[int, int, int]:
    """(bytes on the wire, bytes uncompressed, files) for the index and everything it references."""
    from urllib.parse import urljoin, urlparse

    seen: set[str] = set()
    missing: list[str] = []
    queue = [url + "/"]
    wire = raw = 0
    while queue and len(seen) < 200:
        address = queue.pop()
        if address in seen:
            continue
        seen.add(address)
        request = urllib.request.Request(address, headers={"Accept-Encoding": "gzip"})
        try:
            response = urllib.request.urlopen(request, timeout=10)
        except urllib.error.HTTPError as error:
            missing.append(f"{address} ({error.code})")
            continue
        with response:
            body = response.read()
            headers_size = sum(len(k) + len(v) + 4 for k, v in response.getheaders()) + 17
            encoded = response.headers.get("Content-Encoding") == "gzip"
        wire += len(body) + headers_size
        text_bytes = __import__("gzip").decompress(body) if encoded else body
        raw += len(text_bytes)
        text = text_bytes.decode("utf-8", "replace")
        for pattern in REFERENCES:
            for found in pattern.findall(text):
                if found.startswith(("data:", "http:", "https:", "mailto:", "#")) or "${" in found:
                    continue  # other sites, inline data, and addresses the page builds as it runs
                target = urljoin(address, found).split("#")[0]
                path = urlparse(target).path
                if urlparse(target).netloc == urlparse(url).netloc and path != "/" and not path.startswith("/api/"):
                    queue.append(target)
    if missing:
        print(f"  referenced but not found: {', '.join(missing)}")
    return wire, raw, len(seen) - len(missing)


# Runs in the page before its own scripts: notes the time column 10 enters the page, and the time of
# the next animation frame, when the browser paints it.
WATCH_FOR_TABLE = """
new MutationObserver((changes, observer) => {
  if (document.querySelector('[data-column="10"]')) {
    observer.disconnect();
    window.__tableAdded = performance.now();
    requestAnimationFrame(() => { window.__tableDrawn = performance.now(); });
  }
}).observe(document, {childList: true, subtree: true});
"""


def draw_times(url: str, runs: int) -> tuple[list[float], int]:
    """Milliseconds from navigation start until column 10 is drawn (the frame after it enters the
    page), each in a fresh browser context; and the bytes the browser received on the first load."""
    from playwright.sync_api import sync_playwright

    times: list[float] = []
    transferred = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for run in range(runs):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_init_script(WATCH_FOR_TABLE)
                page = context.new_page()
                responses: list[Any] = []

                def keep(response: Any, into: list[Any] = responses) -> None:
                    into.append(response)

                page.on("response", keep)
                page.goto(url + "/", wait_until="commit")
                page.wait_for_function("() => window.__tableDrawn !== undefined", timeout=10_000)
                times.append(float(page.evaluate("window.__tableDrawn")))
                if run == 0:
                    page.wait_for_load_state("networkidle")
                    for response in responses:
                        sizes = response.request.sizes()
                        transferred += sizes["responseBodySize"] + sizes["responseHeadersSize"]
                context.close()
        finally:
            browser.close()
    return times, transferred


def measure(label: str, database: str, processes: int, args: argparse.Namespace) -> None:
    """Starts the servers, loads them with players, prints the round trips (and, for one process,
    the page's weight and drawing time)."""
    with ExitStack() as stack:
        served = [stack.enter_context(spider_serve(database, shared=processes > 1)) for _ in range(processes)]
        urls, pids = [url for url, _ in served], [pid for _, pid in served]
        print(f"{label}: {processes} spider serve on {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
        alone = one_player(urls, args.one_player)
        print(
            f"  one player alone, {len(alone)} actions one after another to the processes in turn:"
            f" p50 {percentile(alone, 0.5) * 1000:.1f} ms, p90 {percentile(alone, 0.9) * 1000:.1f} ms"
        )
        cpu_before = sum(cpu_seconds(pid) for pid in pids)
        latencies, server_times, errors = load(urls, args.players, args.seconds, warmup=5.0)
        cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
        if not latencies:
            raise SystemExit("no action was measured")
        print(
            f"  action round trip, {args.players} players thinking 0.5-1.5 s, {len(latencies)} actions"
            f" in {args.seconds:.0f} s ({len(latencies) / args.seconds:.0f}/s):"
            f" p50 {percentile(latencies, 0.5) * 1000:.1f} ms, p99 {percentile(latencies, 0.99) * 1000:.1f} ms,"
            f" max {max(latencies) * 1000:.1f} ms (target p99 <= 30 ms; at scale <= 20 ms)"
        )
        print(
            f"  of which in the server's handler: p50 {percentile(server_times, 0.5) * 1000:.1f} ms,"
            f" p99 {percentile(server_times, 0.99) * 1000:.1f} ms; load average now {os.getloadavg()[0]:.1f}"
        )
        print(
            f"  server CPU (with its solver worker): {cpu:.1f} s for the run, about"
            f" {cpu / (len(latencies) * (1 + 5.0 / args.seconds)) * 1000:.1f} ms per action"
        )
        print(f"  {len(errors)} errors" + (f", e.g. {errors[0]}" if errors else ""))
        if processes > 1:
            return
        url = urls[0]
        wire, raw, files = page_weight(url)
        print(
            f"page on first load: {wire / 1000:.1f} KB transferred ({raw / 1000:.1f} KB uncompressed)"
            f" in {files} files (target <= 150 KB)"
        )
        if not args.skip_browser:
            times, transferred = draw_times(url, args.browser_runs)
            print(
                f"table drawn in headless Chromium: median {statistics.median(times):.0f} ms,"
                f" best {min(times):.0f} ms, worst {max(times):.0f} ms over {len(times)} fresh loads"
                f" (target <= 500 ms); the browser received {transferred / 1000:.1f} KB in all, API calls included"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured load time (after a 5 s warm-up)")
    parser.add_argument("--browser-runs", type=int, default=7)
    parser.add_argument("--skip-browser", action="store_true")
    parser.add_argument("--processes", type=int, default=1, help="server processes sharing one database")
    parser.add_argument("--database", help="a SQLite file or database URL for the processes (default: a fresh file)")
    parser.add_argument("--one-player", type=int, default=300, help="actions timed for one player alone")
    args = parser.parse_args()
    # The simulated players all come from this one address, where real ones come from many.
    os.environ["SPIDER_NEW_GAMES_PER_ADDRESS_PER_MINUTE"] = os.environ["SPIDER_REQUESTS_IN_FLIGHT_PER_ADDRESS"] = "0"

    with tempfile.TemporaryDirectory() as folder:
        single = str(Path(folder) / "bench.sqlite")
        measure("one process on SQLite", single, 1, args)
        if args.processes > 1 or args.database:
            measure(f"{args.processes} processes on {args.database or 'one SQLite file'}",
                    args.database or str(Path(folder) / "shared.sqlite"), args.processes, args)


if __name__ == "__main__":
    main()
