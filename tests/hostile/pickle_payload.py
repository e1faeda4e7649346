"""Hostile: returns a malicious pickle and a __reduce__ payload, hoping to be unpickled.

Returns the bytes of a malicious pickle (it would create a marker file when unpickled) and an object whose
__reduce__ runs a shell command, hoping the grader unpickles what comes back.

expect: 0
weak-safe: yes
"""

import os
import pickle


class Payload:
    def __reduce__(self):
        return (os.system, ("touch /tmp/rosenblatt-hostile-pwned",))


BLOB = pickle.dumps(Payload())


def perceptron(X, y, max_epochs=1000, offset=True):
    return BLOB, Payload(), [BLOB]
