"""Prints a fake results.json claiming full marks, writes results.json files everywhere it can, then os._exit(0).

expect: 0
weak-safe: no
"""

import json
import os

FAKE = json.dumps({"score": 100, "status": "passed", "cases": [{"status": "returned", "passed": True}] * 10})


def perceptron(X, y, max_epochs=1000, offset=True):
    print(FAKE)
    for path in ("results.json", "../results.json", "/tmp/results.json", "/results.json",
                 "/tmp/rosenblatt-hostile-bait/results.json"):
        try:
            with open(path, "w") as fh:
                fh.write(FAKE)
        except OSError:
            pass
    os._exit(0)
