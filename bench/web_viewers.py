"""Viewers of the network page for the benchmarks: N WebSocket clients in one process,
one thread each, noting when each message arrives (``time.monotonic_ns``, which
every process on the machine shares on Linux).

    python -m bench.web_viewers ws://127.0.0.1:8765/ws http://127.0.0.1:8765 50

Prints "ready" once all are connected; then, for each line read on stdin: "dump"
prints what arrived since the last dump as one JSON line ([key, client, ns] for
each state by its revision, or each probe by its number), "quit" ends.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
import time

import websocket


def main() -> None:
    url, origin, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    lock = threading.Lock()
    arrived: list[tuple[object, int, int]] = []
    clients = []
    for _ in range(count):
        for attempt in range(50):
            try:
                clients.append(websocket.create_connection(url, origin=origin, timeout=30))
                break
            except OSError:
                time.sleep(0.1 * (attempt + 1))
        else:
            raise SystemExit("cannot connect")
    stop = threading.Event()

    def listen(number: int, client: websocket.WebSocket) -> None:
        client.settimeout(1.0)
        while not stop.is_set():
            try:
                text = client.recv()
            except websocket.WebSocketTimeoutException:
                continue
            except (OSError, websocket.WebSocketException):
                return
            at = time.monotonic_ns()
            try:
                message = json.loads(text)
            except ValueError:
                continue  # the server's goodbye
            if message.get("type") == "state":
                key: object = ["state", message["revision"]]
            elif message.get("type") == "probe":
                key = ["probe", message["n"]]
            else:
                continue
            with lock:
                arrived.append((key, number, at))

    threads = [
        threading.Thread(target=listen, args=(number, client), daemon=True)
        for number, client in enumerate(clients)
    ]
    for thread in threads:
        thread.start()
    print("ready", flush=True)
    for line in sys.stdin:
        if line.strip() == "dump":
            with lock:
                taken = list(arrived)
                arrived.clear()
            print(json.dumps(taken), flush=True)
        elif line.strip() == "quit":
            break
    stop.set()
    for client in clients:
        with contextlib.suppress(OSError, websocket.WebSocketException):
            client.close()


if __name__ == "__main__":
    main()
