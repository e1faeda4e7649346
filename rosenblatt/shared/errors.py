"""The one exception tree: every user-facing failure is a RosenblattError carrying its message and exit code."""


class RosenblattError(Exception):
    """Root of every error Rosenblatt reports to a user; `str(err)` is one clear sentence."""

    exit_code = 2

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class UsageError(RosenblattError):
    """Bad command-line flags or arguments."""


class DataError(RosenblattError):
    """A data file (points and labels for `trace` or `separable`) is malformed."""


class SpecError(RosenblattError):
    """An exercise spec is malformed or cannot be satisfied."""


class AnswerError(RosenblattError):
    """A student's answer file or handout cannot be read."""


class AssignmentError(RosenblattError):
    """A grading assignment file is malformed."""


class RosterError(RosenblattError):
    """A roster file is malformed."""


class SubmissionError(RosenblattError):
    """A submission folder or file cannot be used (empty folder, duplicate names)."""


class InternalError(RosenblattError):
    """A bug in Rosenblatt itself (a certificate that fails its verifier, say); never the user's fault."""

    exit_code = 3
