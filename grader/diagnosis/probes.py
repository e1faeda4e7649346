"""Probes: small calls that test a hypothesis about a failing function's behaviour, run in the submission's own
child after its cases (a passing submission runs none), and judged here against the exact reference.

- again: the small cases that came back wrong, once more (different answers: the code is random). Hidden cases too, so
  that one coincidence (a shuffle that happened to give the same answer twice) cannot hide the randomness;
- epochs: five points no line separates, with two epoch limits where the reference's answers differ (the same answer
  twice: the limit is ignored; no answer in time: the code does not stop);
- features: the point (1, 2, 4) alone (or (1, 2) where the course fixes two features), so each coordinate of θ
  after its update says which x it added; once with a label that is a mistake at θ = 0, and once with the other
  label (from zero where a zero score is a mistake for both; else from θ = 0 and an offset that makes it one, where
  the course passes the start), so that an update written as two branches, one per label, is read in both;
- batch: two points that are both mistakes at θ = 0 but not after the first update (the batch sum differs);
- elementwise: a single step on a point that is no mistake but whose θᵢxᵢ + θ₀ are all 0 (grader/diagnosis/
  elementwise.py)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping, Sequence

from rosenblatt.core import decide
from grader import tasks
from grader.assignments import Assignment, Knobs
from grader.cases import Case, make_case
from grader.judging import judge, show, show_row, spec_of
from grader.diagnosis import elementwise
from grader.diagnosis.finding import Finding, finding
from grader.diagnosis.wording import words

PROBE_SECONDS = 1.0
AGAIN_POINTS = 12  # a case runs again only if it is this small: a rerun costs what the case cost (a buggy loop that
# never stops early runs its whole epoch limit), and the small cases are many enough to show a shuffle
F = Fraction
# Five points no line separates, on which the answers after 1, 2 and 3 passes differ, with and without offset, and
# also with any one point left out or the order reversed (so that such bugs do not pass for an ignored limit).
NEVER = tuple((F(a), F(b)) for a, b in ((1, 2), (3, 3), (-1, 3), (-1, -3), (0, -3)))
NEVER_Y = (1, -1, -1, 1, -1)
# One point (1, 2, 4), alone: the update from zero copies it into θ, so each coordinate of θ says which x it added.
# Alone, so that the visiting order cannot matter (a second point visited first by a shuffled or reordered pass
# would read as a mixed-up coordinate), and a loop that leaves out the last point returns θ = 0 (no finding).
UNIT = (tuple(F(v) for v in (1, 2, 4)),)


def _unit(features) -> tuple:
    """The unit probe's point in the number of features the course fixes (Udacity's 2), else in 3-D."""
    d = features if isinstance(features, int) else len(UNIT[0])
    return (tuple(F(2 ** i) for i in range(d)),)
BATCH = ((F(1), F(0)), (F(1), F(1)))


@dataclass(frozen=True)
class Probe:
    """One probe call: its case (with the reference's answer), what it tests, and the case it repeats if any."""

    case: Case
    kind: str  # again | epochs-low | epochs-high | features | features-other | batch
    function: str
    repeats: str = ""


def _base(a: Assignment, f, cases: Sequence[Case]) -> Case | None:
    own = [c for c in cases if spec_of(a, c) is f and c.check == "result" and "large" not in c.tags]
    return next((c for c in own if c.offset), own[0] if own else None)


def _case(a: Assignment, base: Case, cid: str, X, y, epochs: int | None, theta0: Fraction = F(0)) -> Case | None:
    """A probe call like `base` (same function, offset, step) on other data, from a zero start (`theta0`: the
    offset it starts from, where the course passes the start)."""
    f = spec_of(a, base)
    start = ((F(0),) * len(X[0]), theta0) if base.start is not None else None
    T = epochs if epochs is not None else base.max_epochs
    cert = decide(X, y, base.offset).certificate
    if tasks.plain(a, f):
        return make_case(cid, base.family, True, tuple(X), tuple(y), base.offset, T, cert, PROBE_SECONDS)
    probe = replace(base, case_id=cid, X=tuple(X), y=tuple(y), max_epochs=T, certificate=cert,
                    seconds=PROBE_SECONDS, start=start, twin="", visible=True)
    e = tasks.mutant(f, probe, Knobs())  # the reference itself: no mistake switched on
    return None if e is None else replace(probe, expected=e)


def build(a: Assignment, visible: Sequence[Case], hidden: Sequence[Case] = ()) -> tuple[Probe, ...]:
    """Every probe of every graded function the probes apply to (built once per suite)."""
    out: list[Probe] = []
    for f in a.functions:
        base = _base(a, f, visible)
        if base is None or f.method:
            continue
        if not f.convention.by_property:  # randomness is allowed where results are graded by property
            out += [Probe(replace(c, case_id=f"{c.case_id}.again"), "again", f.name, c.case_id)
                    for c in (*visible, *hidden) if spec_of(a, c) is f and c.check == "result" and len(c.X) <= AGAIN_POINTS]
        out += [Probe(c, kind, f.name) for kind, c in elementwise.probes(f, base, PROBE_SECONDS)]
        if not f.trains or f.convention.epochs == "none":
            continue
        pre = f"{f.name or 'f'}.probe"
        if not f.passes("epochs") or f.convention.by_property:  # a fixed limit, or no exact answer: no-stop only
            stop = _case(a, base, f"{pre}-epochs-1", NEVER, NEVER_Y, None)
            out += [Probe(stop, "epochs-low", f.name)] if stop is not None else []
            if f.convention.by_property:
                continue
        elif f.passes("epochs"):
            low, high = _case(a, base, f"{pre}-epochs-1", NEVER, NEVER_Y, 1), \
                _case(a, base, f"{pre}-epochs-3", NEVER, NEVER_Y, 3)
            if low and high and (low.expected.theta, low.expected.theta0) != (high.expected.theta, high.expected.theta0):
                out += [Probe(low, "epochs-low", f.name), Probe(high, "epochs-high", f.name)]
        if not f.final_weights:
            continue
        out += _feature_probes(a, f, base, pre)
        c = f.convention
        if f.passes("epochs") and c.tie == "mistake" and not c.zero_one and c.bias == "separate":
            batch = _case(a, base, f"{pre}-batch", BATCH, (1, 1), 1)
            if batch is not None:
                out.append(Probe(batch, "batch", f.name))
    return tuple(out)


def _feature_probes(a: Assignment, f, base: Case, pre: str) -> list[Probe]:
    """The unit point once with a label that is a mistake at θ = 0, once with the other label: from zero where a
    zero score is a mistake for it too (`<= 0`), else from θ = 0 and θ₀ = the first label (a score of ∓1, a mistake
    under any tie rule) where the course passes the start and the offset is separate; else not at all."""
    first = -1 if f.convention.mistake(0, -1) else 1  # a mistake at θ = 0 under the course's tie rule
    points = _unit(f.convention.features)  # never more features than the course's data have
    epochs = 1 if f.passes("epochs") else None
    out = []
    unit = _case(a, base, f"{pre}-features", points, (first,), epochs)
    if unit is not None and len({abs(v) for v in unit.expected.theta} - {0}) == len(points[0]):
        out.append(Probe(unit, "features", f.name))
    if f.convention.mistake(0, -first):
        other = _case(a, base, f"{pre}-features-other", points, (-first,), epochs)
    elif base.start is not None and base.offset and f.convention.bias == "separate":
        other = _case(a, base, f"{pre}-features-other", points, (-first,), epochs, F(first))
    else:
        other = None
    if other is not None and len({abs(v) for v in other.expected.theta} - {0}) == len(points[0]):
        out.append(Probe(other, "features-other", f.name))
    return out


def wanted(probes: Sequence[Probe], failing: set[str], verdicts: Mapping[str, Any] | None = None) -> list[Probe]:
    """The probes of the functions that failed some case; a case runs again only if it came back with a wrong value
    the first time (a time-out would only cost its time again)."""
    def useful(p: Probe) -> bool:
        v = (verdicts or {}).get(p.repeats)
        return p.kind != "again" or (v is not None and v.status == "wrong")
    return [p for p in probes if p.function in failing and useful(p)]


def read(a: Assignment, probes: Sequence[Probe], outcomes: Mapping[str, Any]) -> dict[str, Any]:
    """Each probe's Verdict (None when it did not come back)."""
    return {p.case.case_id: judge(a, p.case, outcomes[p.case.case_id]) if p.case.case_id in outcomes else None
            for p in probes}


def random_functions(probes: Sequence[Probe], verdicts: Mapping[str, Any], first: Mapping[str, Any]) -> set[str]:
    """The functions that answered a visible case differently the second time."""
    out = set()
    for p in probes:
        v, w = verdicts.get(p.case.case_id), first.get(p.repeats)
        if p.kind == "again" and v is not None and w is not None and v.answer is not None and w.answer is not None \
                and v.answer.ok and w.answer.ok and (v.answer.theta, v.answer.theta0) != (w.answer.theta, w.answer.theta0):
            out.add(p.function)
    return out


def findings(a: Assignment, probes: Sequence[Probe], verdicts: Mapping[str, Any], cases: Sequence[Case]) -> list[Finding]:
    """What the probes showed, one finding per behaviour per function."""
    by = {(p.function, p.kind): p for p in probes}
    out = []
    for fn in dict.fromkeys(p.function for p in probes):
        mine = [c for c in cases if spec_of(a, c).name == fn]
        for make in (_epochs, _features, _batch, _elementwise):
            got = make(a, fn, by, verdicts, mine)
            if got is not None:
                out.append(got)
    return out


def _answer(verdicts, p: Probe | None):
    v = verdicts.get(p.case.case_id) if p is not None else None
    return v.answer if v is not None and v.answer is not None and v.answer.ok else None


def _epochs(a, fn, by, verdicts, mine) -> Finding | None:
    low, high = by.get((fn, "epochs-low")), by.get((fn, "epochs-high"))
    if low is None:
        return None
    v = verdicts.get(low.case.case_id)
    if v is not None and v.status == "timeout":
        title, hint = words("no-stop", fn=fn, n=len(NEVER), epochs=a.term("epochs"), limit=low.case.max_epochs,
                            fixed=not spec_of(a, low.case).passes("epochs"),
                            what=f"did not return within {PROBE_SECONDS:g} s", cases=0)
        return finding(a, mine, "no-stop", (), "probe", title, hint)
    x, y = _answer(verdicts, low), _answer(verdicts, high)
    if x is None or y is None or (x.theta, x.theta0) != (y.theta, y.theta0) or not any(x.theta or ()):
        return None  # different answers, or no update at all (a strict `< 0` test from zero): not this
    e1, e3 = low.case.expected, high.case.expected
    title, hint = words("epochs-ignored", fn=fn, epochs=a.term("epochs"), theta=a.term("theta"), low=1, high=3,
                        got=show(x.theta), want_low=show(e1.theta), want_high=show(e3.theta))
    return finding(a, mine, "epochs-ignored", (), "probe", title, hint)


def _source(g, want) -> tuple[int, ...] | None:
    """The coordinates whose updates sum to g: the probe's point is (1, 2, 4) times η·y, so each sum is one set
    (`W[1] = W[0] + η·x[0]; W[1] += η·x[1]` from zero gives x[0] + x[1]); () for 0; None for no such set."""
    if g == 0:
        return ()
    sets = (c for k in range(1, len(want) + 1) for c in itertools.combinations(range(len(want)), k))
    return next((c for c in sets if sum(want[j] for j in c) == g), None)


def _read_unit(verdicts, p: Probe | None) -> tuple[list, tuple, tuple] | None:
    """(source, got, want) of one unit probe: source[i] = the coordinates j whose updates θ[i] moved by, () where it
    did not move; None where it came back right, another size, with a number that is no sum of coordinates'
    updates, or unmoved."""
    got = _answer(verdicts, p)
    if got is None or got.theta is None:
        return None
    want = p.case.expected.theta
    if len(got.theta) != len(want) or got.theta == want:
        return None
    source = [_source(g, want) for g in got.theta]
    if None in source or all(j == () for j in source):
        return None  # a number that is no sum of the point's coordinates (or nothing moved): not a mix-up
    return source, got.theta, want


def _features(a, fn, by, verdicts, mine) -> Finding | None:
    theta = a.term("theta")
    probes = [p for p in (by.get((fn, "features")), by.get((fn, "features-other"))) if p is not None]
    reads = {p.kind: _read_unit(verdicts, p) for p in probes}
    mixed = []
    for p in probes:
        r = reads[p.kind]
        pairs = [{"i": i, "j": " and ".join(f"x[{k}]" for k in js)} for i, js in enumerate(r[0])
                 if js and js != (i,)] if r else []
        if pairs:
            shown = show_row([r[1], r[2]])
            mixed.append({"label": spec_of(a, p.case).convention.label(p.case.y[0]), "pairs": pairs,
                          "got": shown[0], "want": shown[1],
                          "offset": p.case.start[1] if p.case.start is not None and p.case.start[1] else None})
    if mixed:
        right = [p for p in probes if (got := _answer(verdicts, p)) is not None and got.theta == p.case.expected.theta]
        point = probes[0].case.X[0]
        where = {"dim": len(point), "point": "(" + ", ".join(str(v) for v in point) + ")"}
        title, hint = words("coordinate-mixed", theta=theta, theta0=a.term("theta0"), mixed=mixed,
                            only=len(mixed) == 1 and len(right) == 1,
                            same=len(mixed) == 2 and mixed[0]["pairs"] == mixed[1]["pairs"], **where)
        return finding(a, mine, "coordinate-mixed", (), "probe", title, hint)
    p, r = by.get((fn, "features")), reads.get("features")
    if r is None:
        return None
    source, got, want = r
    shown = show_row([got, want])
    where = {"dim": len(want), "point": "(" + ", ".join(str(v) for v in p.case.X[0]) + ")"}
    dropped = [i for i, js in enumerate(source) if js == ()]
    which = ", ".join(f"{theta}[{i}]" for i in dropped)
    title, hint = words("features-dropped", fn=fn, theta=theta, d=len(want), kept=len(want) - len(dropped),
                        dropped=len(dropped), which=which, got=shown[0], want=shown[1], **where)
    return finding(a, mine, "features-dropped", (), "probe", title, hint)


def _batch(a, fn, by, verdicts, mine) -> Finding | None:
    p = by.get((fn, "batch"))
    got = _answer(verdicts, p)
    if got is None or got.theta is None:
        return None
    step = p.case.step if p.case.step is not None else spec_of(a, p.case).convention.steps[0]
    batch = tuple(step * sum(yi * x[k] for x, yi in zip(BATCH, p.case.y)) for k in range(2))
    if got.theta != batch or batch == p.case.expected.theta:
        return None
    title, hint = words("batch", fn=fn, theta=a.term("theta"), got=show(got.theta), want_batch=show(batch),
                        want=show(p.case.expected.theta))
    return finding(a, mine, "batch", (), "probe", title, hint)


def _elementwise(a, fn, by, verdicts, mine) -> Finding | None:
    return elementwise.finding_of(a, by.get((fn, "elementwise")), by.get((fn, "elementwise-plain")), verdicts, mine)
