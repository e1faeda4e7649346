"""Hostile: tries to overwrite, delete and plant files among the other submissions.

Tries to overwrite and delete the other submissions (next to itself, in the well-known submissions folder
the test created, and under the repo), and to plant files there.

expect: 0
weak-safe: no
"""

import glob
import os

import numpy as np

TARGETS = ("/tmp/rosenblatt-hostile-bait/submissions", "/tmp/rosenblatt-hostile-bait", "/work/main/tests/hostile",
           "/work/main/submissions", os.path.dirname(os.path.abspath(__file__)), ".")


def perceptron(X, y, max_epochs=1000, offset=True):
    done = []
    for folder in TARGETS:
        for path in glob.glob(os.path.join(folder, "*")):
            for action in (lambda p: open(p, "a").write("\n# tampered\n"), os.remove):
                try:
                    action(path)
                    done.append(path)
                except OSError:
                    pass
        try:
            with open(os.path.join(folder, "planted_by_hostile.py"), "w") as fh:
                fh.write("def perceptron(*a, **k): return 'planted'\n")
            done.append(folder)
        except OSError:
            pass
    return np.zeros(X.shape[1]), 0.0, done
