"""Ignores SIGTERM (and SIGINT, SIGHUP), then sleeps for an hour inside every call.

expect: 0
weak-safe: yes
"""

import signal
import time

for _sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(_sig, signal.SIG_IGN)


def perceptron(X, y, max_epochs=1000, offset=True):
    time.sleep(3600)
