"""A client written from docs/protocol.md alone, with Python's standard library only.

Plays every game the server lists: makes a match, takes every seat on connections of
its own, plays the game's example actions from whichever seat may make them (a client
that knows no rules tries, as the document says, and shows the refusal's reason), then
resigns until the match has a result. Prints a line per game and exits 1 on anything
the document did not lead it to expect.

    python3 tests/doc_client.py ws://127.0.0.1:7464/
"""

import base64
import hashlib
import json
import os
import socket
import struct
import sys
import urllib.parse

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Connection:
    """One WebSocket connection (RFC 6455), text frames of JSON; the server's pings are
    answered as they come."""

    def __init__(self, url):
        parts = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((parts.hostname, parts.port or 80), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\n"
            f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise RuntimeError("the server closed during the handshake")
            head += chunk
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        if b" 101 " not in head.split(b"\r\n")[0] or accept.encode() not in head:
            raise RuntimeError(f"no WebSocket upgrade: {head!r}")
        self.next_id = 0
        self.waiting = []

    def _frame(self, opcode, data):
        """A final frame, masked as a client's must be."""
        mask = os.urandom(4)
        length = len(data)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.sendall(header + mask + masked)

    def send(self, message):
        self._frame(0x1, json.dumps(message).encode())

    def _exact(self, n):
        out = b""
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise RuntimeError("the server closed the connection")
            out += chunk
        return out

    def receive(self):
        """The next message; answers pings on the way."""
        while True:
            first, second = self._exact(2)
            opcode = first & 0x0F
            length = second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", self._exact(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", self._exact(8))
            payload = self._exact(length)
            if opcode == 0x9:
                self._frame(0xA, payload)
                continue
            if opcode == 0x8:
                raise RuntimeError(f"closed by the server: {payload!r}")
            if opcode == 0x1:
                return json.loads(payload)

    def request(self, message):
        """Sends a request with a fresh id and returns its answer (an error or the
        reply carrying the id); events that come meanwhile are kept for later."""
        self.next_id += 1
        message = dict(message, id=self.next_id)
        self.send(message)
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id and reply.get("type") != "event":
                return reply
            self.waiting.append(reply)

    def events(self):
        """Every event kept so far, in order, and forgets them."""
        kept, self.waiting = self.waiting, []
        return [m["event"] for m in kept if m.get("type") == "event"]


def play(url, info):
    """Plays one game; returns what happened, or raises on what the document did not
    lead to expect."""
    game = info["id"]
    seats = len(info["seats"])
    first = Connection(url)
    assert first.receive()["type"] == "welcome"
    assert first.request({"type": "hello", "version": 1, "lang": "en"})["type"] == "ack"
    made = first.request(
        {"type": "create", "game": game, "seats": ["me"] + ["open"] * (seats - 1), "name": "A"}
    )
    assert made["type"] == "created", made
    code = made["code"]
    players = [first]
    for n in range(1, seats):
        c = Connection(url)
        assert c.receive()["type"] == "welcome"
        joined = c.request({"type": "join", "code": code, "name": f"P{n}"})
        assert joined["type"] == "seated", joined
        players.append(c)
    played, refused = [], []
    for action in info["examples"]:
        words = []
        for p in players:
            answer = p.request({"type": "act", "code": code, "action": action})
            if answer["type"] == "ack":
                played.append(action)
                break
            words.append(answer["error"])
            if answer["error"] == "rules":
                assert answer["message"], answer
                refused.append(f"{action}: {answer['message']}")
                break
            assert answer["error"] == "not-yours", answer
        else:
            raise AssertionError(f"{game}: no seat may play {action}: {words}")
    # Resign from each seat in turn until the match has its result.
    result = None
    for p in players * 2:
        answer = p.request({"type": "act", "code": code, "action": "resign"})
        if answer["type"] == "error":
            assert answer["error"] in ("not-yours", "rules"), answer
        for c in players:
            for event in c.events():
                if event.get("result"):
                    result = event["result"]
        if result:
            break
    if not result:
        listing = first.request({"type": "list"})
        raise AssertionError(f"{game}: no result after every seat resigned: {listing}")
    for p in players:
        p.sock.close()
    return played, refused, result


def main():
    url = sys.argv[1]
    c = Connection(url)
    assert c.receive()["type"] == "welcome"
    games = c.request({"type": "games"})
    assert games["type"] == "games", games
    failed = 0
    for info in games["games"]:
        try:
            played, refused, result = play(url, info)
            # Dice chess's examples follow the catalogue's roll, not the match's
            # secret one: they may all be refused, with the reason.
            if not played and info["id"] != "dice-chess":
                raise AssertionError(f"none of {info['examples']} was played: {refused}")
            print(f"{info['id']}: played {played}, refused {len(refused)}, result {result}")
        except Exception as e:  # noqa: BLE001 - each game's failure is reported
            failed += 1
            print(f"{info['id']}: FAILED: {e}")
    print(f"{len(games['games'])} games, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
