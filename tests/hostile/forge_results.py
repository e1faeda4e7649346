"""Hostile: steals the queued case messages and forges result frames with their nonces.

A thread steals the queued case messages from the control pipe (fd 3) and forges result frames with the
stolen nonces on the result pipe (fd 4), all claiming a wrong answer; the call itself then hangs.

expect: 0
weak-safe: yes
"""

import json
import os
import struct
import threading
import time


def _forge():
    buffer = b""
    while True:
        try:
            chunk = os.read(3, 1 << 16)
        except OSError:
            return
        if not chunk:
            return
        buffer += chunk
        while len(buffer) >= 4 and len(buffer) >= 4 + struct.unpack(">I", buffer[:4])[0]:
            size = struct.unpack(">I", buffer[:4])[0]
            msg, buffer = json.loads(buffer[4:4 + size]), buffer[4 + size:]
            fake = json.dumps({"k": "case", "nonce": msg.get("nonce"), "status": "returned",
                               "value": {"t": "tuple", "v": [[9.0, 9.0], 9.0, True]}, "error": "",
                               "mutated": False}).encode()
            os.write(4, struct.pack(">I", len(fake)) + fake)


threading.Thread(target=_forge, daemon=True).start()


def perceptron(X, y, max_epochs=1000, offset=True):
    time.sleep(3600)
