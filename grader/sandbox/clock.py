"""A submission's time: its total budget, each wait's deadline, and credit for the time its job waited for a CPU."""

from __future__ import annotations

import time

from grader.sandbox.child import Child

STARVED_CAP = 2.0  # a deadline moves by the time the job waited for a CPU, up to this many times its length
NAP = 0.0003  # while results stream in back to back, collect them this often instead of waking for each one


class Clock:
    """The deadlines of one batch of cases: `deadline` for the total budget, `hard` past which no credit moves it."""

    def __init__(self, start: float, total_seconds: float):
        self.deadline, self.hard = start + total_seconds, start + STARVED_CAP * total_seconds
        self.starved_out = False  # the last wait timed out at the cap, the job's own time still short of its limit

    def pause(self, seconds: float) -> None:
        """Time that is not the submission's (building its sandbox) moves both deadlines."""
        self.deadline += seconds
        self.hard += seconds

    def wait(self, child: Child, start: float, limit: float) -> tuple[float, bytes | str]:
        """The next frame, waiting `limit` seconds of the job's own time from `start` (within the total budget).

        Time the job's process spent runnable but waiting for a CPU (starved by other jobs) is added back, up to
        STARVED_CAP times the limit, so a busy neighbour cannot make a correct submission miss its deadlines. A
        timeout at that cap, before the job used its own limit, sets `starved_out`: the machine's fault, not the
        submission's (the batch grades such a submission once more, alone, at its end).
        """
        frames = child.inbox.frames
        if frames:  # already here (a fast child's results come in bulk): no deadline to stretch
            return frames.popleft()
        if time.monotonic() - start < NAP:  # the last result just came: let the next few gather, then read them
            time.sleep(NAP)  # at once (waking for each costs the child its CPU on a busy machine)
            child.pump(0.0)
            if frames:
                return frames.popleft()
        base, hard = child.run_delay(), min(start + STARVED_CAP * limit, self.hard)
        while True:
            starved = child.run_delay() - base
            arrived, frame = child.wait_frame(min(start + limit + starved, self.deadline + starved, hard))
            if frame != "timeout" or arrived >= hard or child.run_delay() - base <= starved:
                own = arrived - (child.run_delay() - base)  # when the job would be, had it never waited for a CPU
                self.starved_out = frame == "timeout" and arrived >= hard and own < min(start + limit, self.deadline)
                self.deadline += starved  # the total budget counts the job's own time too
                return arrived, frame
