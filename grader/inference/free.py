"""Inferring a training function that visits its points in a random order (or starts at random): the convention
read exactly on one-point probes (where every order is the same), then checked by property on the others, so the
preset grades it by property (order: free)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

from grader.inference import calls, counting, reading
from grader.inference.model import Decision, Function, NotAPerceptron
from grader.inference.probes import NON_SEPARABLE, Probe, training

STEP = F(1, 2)  # what the grader passes where the function takes η (training.STEP)

ONE_POINT = (
    Probe("one-point-positive", "one point labelled +1: in every order the same run (labels, tie, bias, step)",
          ((F(1), F(2)),), (1,)),
    Probe("one-point-negative", "one point labelled -1", ((F(2), F(-1)),), (-1,)),
    Probe("one-point-far", "one point labelled -1 far from the origin", ((F(-3), F(1, 2)),), (-1,)),
)
FIELDS = ("labels", "theta_shape", "bias", "offset", "tie", "step", "layout")


def separates(theta, theta0, X, y, bias: str, tie: str) -> bool:
    """Whether the weights put every point on its side (a zero score as the tie rule says)."""
    for x, label in zip(X, y):
        xs = (F(1),) + tuple(x) if bias == "first" else tuple(x) + ((F(1),) if bias == "last" else ())
        score = sum(a * b for a, b in zip(theta, xs)) + (theta0 or 0)
        if score == 0 and tie in ("mistake", "avoid") or score != 0 and (score > 0) != (label > 0) or \
                score == 0 and (tie == "positive") != (label > 0):
            return False
    return True


def infer(n, why: Decision, epochs_default, steps: tuple[str, ...] = ()) -> tuple[Decision, ...]:
    """The decisions of a random-order reference (`n`: a training.Narrowing over the whole grid, not yet probed)."""
    n.cands = list(dict.fromkeys(replace(c, order="fixed") for c in n.cands if not c.averaged))
    for p in ONE_POINT:
        n.probe(p)
    replies: dict = {}
    for p in training()[:4]:
        kept = [c for c in n.cands if _separates(n, c, replace(p, seconds=2.0), replies)]
        if not kept and p.name == "offset" and all(c.bias == "none" for c in n.cands):
            kept = _grader_appends(n, p, replies)
        if not kept:
            c = n.cands[0]
            raise NotAPerceptron(f"probe {p.name} ({p.purpose}): {n.sig.name} visits its points in a random order, "
                                 f"and its result does not separate data a perceptron separates: it "
                                 f"{calls.shown(replies[(c.variant, c.bias, c.appended, p.name)])}")
        n.cands = kept
        n._decide(p.name)
    undecided = [f for f in FIELDS if f not in n.decided]
    if undecided:
        values = sorted({str(getattr(c, undecided[0])) for c in n.cands})
        raise NotAPerceptron(f"probes disagree: {n.sig.name}: every probe is explained by {undecided[0]} "
                             f"{' and by '.join(values)}; Rosenblatt does not guess")
    c = n.cands[0]
    n.names = n.named.get(c, n.names)
    features = Decision("features", "any", "dimensions", "")
    for p in training()[4:]:
        if not _separates(n, c, replace(p, seconds=2.0), replies):
            features = Decision("features", 2, p.name, "")
            break
    out = [n.decided[f] for f in FIELDS] + ([n.decided["appended"]] if "appended" in n.decided else [])
    out += [n.decided.get("layout", Decision("layout", c.layout, "layout", "")), why,
            Decision("averaged", False, why.probe, ""), _cap(n, c, epochs_default, steps), features]
    return tuple(out)


def _grader_appends(n, p: Probe, replies: dict) -> list:
    """Candidates whose data come with the constant 1 appended by the grader (the reference has no offset of its
    own, yet separates the offset probe once the 1 is there): bias last, else first."""
    for bias in ("last", "first"):
        moved = [replace(c, bias=bias, appended="grader") for c in n.cands]
        for c, old in zip(moved, n.cands):
            n.named[c] = n.named.get(old, n.names)
        kept = [c for c in moved if _separates(n, c, replace(p, name=f"offset-{bias}", seconds=2.0), replies)]
        if kept:
            n.decided["bias"] = Decision("bias", bias, f"offset-{bias}", "")
            n.decided["appended"] = Decision("appended", "grader", f"offset-{bias}", "")
            return kept
    return []


def _separates(n, c, p: Probe, replies: dict) -> bool:
    key = (c.variant, c.bias, c.appended, p.name)
    if key not in replies:
        replies[key] = n.call(c, p)[0]
    reply = replies[key]
    got = reading.parts(reply.value)[0] if reply.ok else ()
    names = n.named.get(c, n.names)
    if "theta" not in names or len(got) != len(names):
        return False
    theta = reading.vector(got[names.index("theta")])
    theta0 = reading.scalar(got[names.index("theta0")]) if "theta0" in names else None
    if theta is None or ("theta0" in names and theta0 is None):
        return False
    width = len(p.X[0]) + (c.bias in ("first", "last"))
    return len(theta[0]) == width and separates(theta[0], theta0, p.X, p.y, c.bias, c.tie)


def _cap(n, c, epochs_default, steps: tuple[str, ...]) -> Decision:
    epochs_given, _ = n.given()
    if epochs_given:
        return Decision("epochs", "argument", "signature", "")
    if epochs_default is not None:
        return Decision("epochs", epochs_default, "signature", "")
    reply, _ = n.call(c, NON_SEPARABLE)
    if reply.status != "timeout":
        counted = counting.read_cap(n, c, steps, c.step if c.step is not None else STEP)
        if counted is not None:
            return counted
    return until_clean(n, c, reply=reply, unread="it visits its points in a random order, so the cap cannot be read from its results, "
                             "and its passes could not be counted (that needs the tie rule 'a zero score is a "
                             "mistake' and a single-step function of its own that it calls for its updates); "
                             "Rosenblatt does not guess (write epochs: in the preset, or give the cap as a parameter "
                             "with a default)")


def until_clean(n, c, unread: str, reply=None) -> Decision:
    """The cap when no other probe read it: none, if the function does not return on data no line separates (it
    loops until a clean pass); otherwise it caps its passes somewhere no probe saw, and `unread` says why."""
    if reply is None:
        reply, _ = n.call(c, NON_SEPARABLE)
    if reply.status == "timeout":
        return Decision("epochs", "none", NON_SEPARABLE.name, "it did not return on data no line separates: it loops "
                                                             "until a clean pass")
    raise NotAPerceptron(f"probe {NON_SEPARABLE.name}: {n.sig.name} returns on data no line separates, so it caps its "
                         f"passes, but {unread}")
