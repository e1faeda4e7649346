"""Hostile: forges the import's `sealed` answer, so that the hidden cases come while a process of its own reads fd 3.

At import it finds the load message's nonce on the harness's stack and forks a reader. The reader takes every frame
it can from the control pipe (fd 3), racing the visible fork; when it takes the `end` meant for that fork, it
writes `{"k": "sealed", "nonce": ...}` to the result pipe (fd 4) itself, as the import would once it is alone, and
says `FORGED` on stdout and stderr. From then on it prints a digest of every case it reads (`LEAK <sha256 of the
case's raw bytes>`). A grader that took a forged seal as the import's, and still read the file's output after it,
would show hidden cases; one that stops reading at the seal, whoever sent it, shows none. The first call waits
0.2 s, so that the reader wins the race for what is queued behind it; every call returns a wrong answer.

expect: 0
weak-safe: yes
"""

import hashlib
import json
import os
import struct
import sys
import time

import numpy as np


def _nonce():
    frame = sys._getframe()
    while frame is not None:
        msg = frame.f_locals.get("msg")
        if isinstance(msg, dict) and msg.get("k") == "load" and "nonce" in msg:
            return msg["nonce"]
        frame = frame.f_back
    return None


def _say(line):
    for fd in (1, 2):
        try:
            os.write(fd, line.encode())
        except OSError:
            pass


def _reader(nonce):
    os.set_blocking(3, False)
    buf = b""
    while True:  # grab whole writes while the visible fork waits in its read, then take the frames they hold
        try:
            chunk = os.read(3, 1 << 20)
        except BlockingIOError:
            continue
        if not chunk:
            os._exit(0)
        buf += chunk
        while len(buf) >= 4 and len(buf) >= 4 + struct.unpack(">I", buf[:4])[0]:
            size = struct.unpack(">I", buf[:4])[0]
            frame, buf = buf[4:4 + size], buf[4 + size:]
            _take(frame, nonce)


def _take(frame, nonce):
    if frame.startswith(b'{"k":"end"') and nonce is not None:
        payload = json.dumps({"k": "sealed", "nonce": nonce}, separators=(",", ":")).encode()
        os.write(4, struct.pack(">I", len(payload)) + payload)
        _say("FORGED\n")
    elif frame.startswith(b'{"k":"case"'):
        blob = frame.partition(b"\0")[2]
        _say(f"LEAK {hashlib.sha256(blob).hexdigest()}\n")


if os.fork() == 0:
    _reader(_nonce())


CALLS = []


def perceptron(X, y, max_epochs=1000, offset=True):
    if not CALLS:
        time.sleep(0.2)  # while the reader takes what else is queued, the `end` included
    CALLS.append(1)
    return np.full(X.shape[1], 7.0), 7.0, True  # never right
