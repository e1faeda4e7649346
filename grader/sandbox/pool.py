"""A Sandbox's children: the zygote that forks them, the last one retiring, and the next one built ahead."""

from __future__ import annotations

from grader.sandbox import channel
from grader.sandbox.child import Child
from grader.sandbox.model import Limits, SandboxError
from grader.sandbox.supervisor import Zygote, ZygoteGone


class Pool:
    """One zygote (restarted when it dies) and the children it forks, at most one running, retiring, waiting."""

    def __init__(self, limits: Limits, requested: str, env: dict[str, str], build_ahead: bool):
        self.limits, self.requested, self.env, self.build_ahead = limits, requested, env, build_ahead
        self.zygote: Zygote | None = None
        self.mode, self.note = "weak", ""
        self.retired: Child | None = None  # the last submission's child, exiting while the grader judges
        self.ahead: Child | None = None  # the next submission's child, spawned while the grader judges
        self.start()

    def start(self) -> None:
        zygote = Zygote(self.env)
        if self.requested == "strong" and not zygote.strong:
            zygote.close()
            raise SandboxError(f"strong isolation is not available here: {zygote.note}")
        self.zygote = zygote
        self.mode = "strong" if zygote.strong and self.requested != "weak" else "weak"
        if self.mode == "weak":
            why = "requested by the caller" if self.requested == "weak" else f"namespaces unavailable: {zygote.note}"
            self.note = f"{why}; process limits only: the file system and network stay reachable"

    def retire(self, child: Child) -> None:
        """Keep the released child for collection (before the next child, or at `close()`)."""
        self.collect()
        self.retired = child

    def ask_ahead(self) -> None:
        """Ask for the next submission's child now. A strong zygote forks it at once, even while a job runs (in
        its own namespaces it waits, sealed off, for its submission); a weak one starts it when the job is reaped.
        Either way it is built while this submission runs and is judged."""
        if self.ahead is None and self.zygote is not None:
            try:
                self.ahead = Child(self.zygote, self.mode, self.limits)
            except ZygoteGone:
                self.drop_zygote()  # the next spawn starts a new zygote

    def collect(self) -> None:
        """Wait for the retired child's exit (usually long done), killing it after a grace; before a new child."""
        child, self.retired = self.retired, None
        if child is None:
            return
        try:
            child.end(1.0)
        except ZygoteGone:
            child.abandon()
            self.drop_zygote()

    def spawn(self, out: channel.Capture, err: channel.Capture, result_bytes: int) -> Child:
        """A child for the current submission: the one built ahead if it is sound, else a fresh one. Only once
        the last submission's child is collected (its job reaped and swept) is anything sent to it."""
        self.collect()
        child = self._adopt_ahead(out, err, result_bytes)
        for attempt in range(2):
            if child is not None:
                break
            if self.zygote is None or not self.zygote.alive():
                self.drop_zygote()
                self.start()
            try:
                child = Child(self.zygote, self.mode, self.limits, out, err, result_bytes)
            except ZygoteGone:
                self.drop_zygote()
        if child is None:
            raise SandboxError("the sandbox zygote keeps dying while starting a child")
        if self.build_ahead:
            self.ask_ahead()
        return child

    def _adopt_ahead(self, out: channel.Capture, err: channel.Capture, result_bytes: int) -> Child | None:
        """The child built ahead, bound to this submission; None if there is none, or it died or failed waiting."""
        ahead, self.ahead = self.ahead, None
        if ahead is None:
            return None
        if ahead.z is self.zygote and self.zygote.alive():
            ahead.adopt(out, err, result_bytes)
            try:
                ahead.wait_spawned()  # usually long answered; and did it die while waiting?
                if ahead.status is None:
                    return ahead
                ahead.end(0.0)  # died waiting (killed from outside): collect it and start a fresh one
            except SandboxError:  # its fork was refused (the last job used up a resource): a plain spawn now
                pass
            except ZygoteGone:
                self.drop_zygote()
        ahead.abandon()
        return None

    def drop_zygote(self) -> None:
        for child in (self.retired, self.ahead):
            if child is not None:
                child.abandon()
        self.retired = self.ahead = None
        if self.zygote is not None:
            self.zygote.close()
            self.zygote = None

    def close(self) -> None:
        """Collect the last child, then stop the zygote and everything it started."""
        self.collect()
        self.drop_zygote()
