"""Hostile: tries to reach a listener on 127.0.0.1 and the outside network.

Tries to reach the network: reads the port of a listener from a file the test wrote outside the sandbox,
then connects to it and to a range of ports on 127.0.0.1, and tries an outside address too.

expect: 0
weak-safe: no
"""

import socket

import numpy as np


def _try(host, port):
    try:
        with socket.create_connection((host, port), timeout=0.2) as conn:
            conn.sendall(b"hello from a hostile submission\n")
            return True
    except OSError:
        return False


def perceptron(X, y, max_epochs=1000, offset=True):
    ports = list(range(40000, 40040))
    try:
        with open("/tmp/rosenblatt-hostile-bait/port") as fh:
            ports.insert(0, int(fh.read()))
    except (OSError, ValueError):
        pass
    reached = [p for p in ports if _try("127.0.0.1", p)] + [p for p in (53, 80) if _try("1.1.1.1", p)]
    return np.zeros(X.shape[1]), float(len(reached)), reached
