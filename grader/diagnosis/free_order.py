"""Mistakes named where a training function is graded by its properties (a free visiting order): no exact mutant
answer exists there, so the returned weights are read against the points themselves."""

from __future__ import annotations

import collections
from fractions import Fraction
from typing import Sequence

from rosenblatt.core import scaled_to_integers
from grader.cases import Case, passes
from grader.judging import Answer

SUBSET_POINTS = 12  # a single pass is looked for among the 2^n subsets of updated points up to this many points
DOUBLED_STATES = 200  # states the backward search of a doubling update visits at most, per case and test
DOUBLED = "update-adds-old"
ADDITIVE_STATES = 5_000  # states of the additive run with the label on θ·x only, searched to rule it out


def applies(f, case: Case, answer: Answer) -> bool:
    """A training function graded by properties from zero with `<= 0` and η = 1 (`passes.applies`), on separable
    data, that returned weights."""
    return passes.applies(f) and case.separable and answer.theta is not None


def _space(f, case: Case, answer: Answer) -> tuple[tuple[tuple[Fraction, ...], ...], tuple[Fraction, ...]]:
    """The points and weights in the space the perceptron runs in: (x, 1) with an offset, or the folded bias."""
    theta = tuple(Fraction(v) for v in answer.theta)
    if case.offset and not f.convention.folded:
        theta += (Fraction(answer.theta0) if answer.theta0 is not None else Fraction(0),)
    return passes.space(f, case.X, case.offset), theta


def rules(f, case: Case, answer: Answer) -> set[str]:
    """The mistakes the returned weights show on one failed case (keyed as the exact mutants' variants are)."""
    if not applies(f, case, answer):
        return set()
    pts, w = _space(f, case, answer)
    if len(w) != len(pts[0]):
        return set()
    names = _one_sided(pts, w, case.y) | _one_pass(pts, w, case.y) | doubled(f, case, answer)
    if passes.some_zero(case.X) and any(yi * sum(a * b for a, b in zip(w, p)) <= 0 for p, yi in zip(pts, case.y)):
        names.add("every-coordinate-changed")  # a pass whose updates all left a coordinate as it was looked clean
    return names


def _one_sided(pts, w, y) -> set[str]:
    """Every point right except some exactly on the boundary, all of one label: that label's ties were skipped
    (`1 if score > 0 else -1`: a zero score predicts −1, so a −1 point there is never updated), variant #0 for −1
    and #1 for +1, as in the exact mutants' order."""
    values = [yi * sum(a * b for a, b in zip(w, p)) for p, yi in zip(pts, y)]
    if any(v < 0 for v in values):
        return set()
    tied = {yi > 0 for v, yi in zip(values, y) if v == 0}
    return {f"one-sided-tie#{int(tied.pop())}"} if len(tied) == 1 else set()


def _one_pass(pts, w, y) -> set[str]:
    """The weights are the updates of a set of points each taken at most once (one pass in some order), not
    nothing, and they leave a point misclassified: the loop made one pass (small data only; the sums are taken in
    integers, every number scaled by one common denominator)."""
    if len(pts) > SUBSET_POINTS or not any(w):
        return set()
    if all(yi * sum(a * b for a, b in zip(w, p)) > 0 for p, yi in zip(pts, y)):
        return set()
    xs, target, _, _ = scaled_to_integers(pts, w)
    reachable = {tuple(0 for _ in w)}
    for x, yi in zip(xs, y):
        reachable |= {tuple(a + yi * b for a, b in zip(r, x)) for r in reachable}
    return {"single-pass"} if tuple(target) in reachable else set()


def doubled(f, case: Case, answer: Answer, run_away: bool = True) -> set[str]:
    """The update adds the old weights again (θ ← 2θ + y·x: `w = w + update(x, y, w)` where the helper returns the
    new weights; a separate θ₀ still moves by y). Named from the weights: exactly a sum Σ 2^(K−k)·y_k·x_k whose every
    update was a mistake at its moment under the course's test (`update-adds-old`) or under y(θ·x) + θ₀ <= 0, the
    label multiplying θ·x only (that pair); or, for both, weights larger than K = T·n additive updates can make (the
    doubling has run away), with θ₀ a whole number of at most T·n."""
    if not applies(f, case, answer):
        return set()
    pts, w = _space(f, case, answer)
    if len(w) != len(pts[0]) or not any(w):
        return set()
    bias = case.offset and not f.convention.folded  # a separate θ₀, last in the space: it does not double
    xs, target, _, _ = scaled_to_integers(pts, w)
    found = {DOUBLED} if _decoded(xs, case.y, target, bias, False) else set()
    if bias and _decoded(xs, case.y, target, bias, True):
        found.add(f"label-precedence+{DOUBLED}")
    if not found and run_away and _run_away(pts, w, case, bias):
        found = {DOUBLED, f"label-precedence+{DOUBLED}"} if bias else {DOUBLED}
    return found


def _decoded(xs, y, target, bias: bool, precedence: bool) -> bool:
    """Backwards from the returned weights to zero: each step undoes θ ← 2θ + y·x for a point that was a mistake
    before it (y(θ·x + θ₀) <= 0, or y(θ·x) + θ₀ <= 0), in integers; at most DOUBLED_STATES states."""
    d = len(target) - 1 if bias else len(target)
    zero, seen, queue = (0,) * len(target), {tuple(target)}, collections.deque([tuple(target)])
    while queue:  # breadth first: the fewest updates first (a fixed point w = −y·x can undo itself without end)
        w = queue.popleft()
        if w == zero:
            return True
        for x, yi in zip(xs, y):
            diff = [a - yi * b for a, b in zip(w, x)]
            if any(v % 2 for v in diff[:d]):
                continue
            prev = tuple(v // 2 for v in diff[:d]) + tuple(diff[d:])
            score = sum(a * b for a, b in zip(prev[:d], x[:d]))
            rest = sum(a * b for a, b in zip(prev[d:], x[d:]))
            if (yi * score + rest if precedence else yi * (score + rest)) <= 0 and prev not in seen:
                if len(seen) >= DOUBLED_STATES:
                    return False
                seen.add(prev)
                queue.append(prev)
    return False


def _run_away(pts, w, case: Case, bias: bool) -> bool:
    """A weight beyond T·n·max|x_j| (no run of at most T·n additive updates reaches it) and θ₀ a whole number of at
    most T·n: the weights grew geometrically, the offset did not."""
    if case.max_epochs is None:
        return False
    bound = case.max_epochs * len(pts)
    d = len(w) - 1 if bias else len(w)
    if bias and (Fraction(w[d]).denominator != 1 or abs(w[d]) > bound):
        return False
    return any(abs(v) > bound * max(abs(p[j]) for p in pts) for j, v in enumerate(w[:d]))


def widened(f, cases: Sequence[Case], verdicts, per_case: dict[str, set[str]]) -> dict[str, set[str]]:
    """A single pass shown exactly on a small failed case also stands for the failed cases too large to decide
    (more than SUBSET_POINTS points) whose weights could be one pass's: a point is wrong, and each coordinate and
    the offset lie within the sums of the updates' negative and positive parts (the offset a whole number)."""
    failed = [c for c in cases if c.case_id in per_case and not verdicts[c.case_id].passed]
    if not any("single-pass" in per_case[c.case_id] for c in failed if len(c.X) <= SUBSET_POINTS):
        return per_case
    for c in failed:
        answer = verdicts[c.case_id].answer
        if len(c.X) > SUBSET_POINTS and answer is not None and applies(f, c, answer) and _one_pass_bounds(f, c, answer):
            per_case[c.case_id] = per_case[c.case_id] | {"single-pass"}
    return per_case


def _one_pass_bounds(f, case: Case, answer: Answer) -> bool:
    pts, w = _space(f, case, answer)
    if len(w) != len(pts[0]) or not any(w):
        return False
    if all(yi * sum(a * b for a, b in zip(w, p)) > 0 for p, yi in zip(pts, case.y)):
        return False
    steps = [[yi * v for v in p] for p, yi in zip(pts, case.y)]
    for k, v in enumerate(w):
        low, high = sum(min(s[k], 0) for s in steps), sum(max(s[k], 0) for s in steps)
        if not low <= v <= high:
            return False
    bias = 0 if f.convention.bias == "first" else len(w) - 1
    return not (case.offset or f.convention.folded) or Fraction(w[bias]).denominator == 1


def contradicted(f, cases: Sequence[Case], failed_ids: set[str], verdicts=None) -> dict[str, int]:
    """Mistakes a passed case rules out: from zero, `< 0` never updates, so it fails every separable case; a single
    pass fails every case that no order separates in one pass; a doubling update (`verdicts` given) whatever the
    weights of a passed separable case do not show, or where no failed case shows it exactly."""
    conv = f.convention
    if not (conv.by_property and conv.start == "zero" and conv.tie == "mistake" and f.trains):
        return {}
    passed = [c for c in cases if c.case_id not in failed_ids and c.separable and c.check == "result"
              and "large" not in c.tags]  # as the mutant table, large cases are left out (their time is tested)
    out = {"strict-inequality": len(passed)} if passed else {}
    if passes.applies(f):  # no order separates these in one pass: a single pass, or a stop after a pass of zeroed
        longer = [c for c in passed if passes.one_pass_never_enough(passes.space(f, c.X, c.offset), c.y)]
        zeroed = sum(1 for c in longer if passes.zeroed(c.X))  # updates (each leaves a coordinate as it was), fails
        out.update({k: v for k, v in (("single-pass", len(longer)), ("every-coordinate-changed", zeroed)) if v})
    if verdicts is not None and passes.applies(f):
        out.update(_not_doubled(f, cases, verdicts, failed_ids))
    return out


def _not_doubled(f, cases: Sequence[Case], verdicts, failed_ids: set[str]) -> dict[str, int]:
    """Per doubling name, the passed separable small cases whose weights it does not explain, plus one where no
    failed case shows it (`_shown`)."""
    names = (DOUBLED, f"label-precedence+{DOUBLED}")
    small = [c for c in cases if c.separable and c.check == "result" and "large" not in c.tags
             and verdicts[c.case_id].answer is not None]
    out = {n: 0 if any(_shown(f, c, verdicts[c.case_id], n) for c in small if c.case_id in failed_ids) else 1
           for n in names}
    for c in small:
        if c.case_id not in failed_ids:
            got = doubled(f, c, verdicts[c.case_id].answer)
            for n in names:
                out[n] += int(n not in got)
    return {n: k for n, k in out.items() if k}


def _shown(f, case: Case, verdict, name: str) -> bool:
    """A failed case on which the doubling is the only reading: its weights decode exactly (not only ran away), they
    separate the points but no perceptron that adds y·x reaches them (the only failed check is `online`), and no
    run that adds y·x with the label on θ·x only reaches them either (searched; undecided is no proof)."""
    if verdict.wrong != ("online",) or name not in doubled(f, case, verdict.answer, run_away=False):
        return False
    pts, w = _space(f, case, verdict.answer)
    xs, target, _, _ = scaled_to_integers(pts, w)
    bias = case.offset and not f.convention.folded
    return not bias or _additive_misses(xs, case.y, tuple(target))


def _additive_misses(xs, y, target: tuple) -> bool:
    """No state of the run θ ← θ + y·x, θ₀ ← θ₀ + y with the test y(θ·x) + θ₀ <= 0, in any order, is the target
    (False where the states outnumber ADDITIVE_STATES: not decided)."""
    d = len(target) - 1
    seen, queue = {(0,) * len(target)}, collections.deque([(0,) * len(target)])
    while queue:
        w = queue.popleft()
        if w == target:
            return False
        for x, yi in zip(xs, y):
            if yi * sum(a * b for a, b in zip(w[:d], x[:d])) + w[d] * x[d] <= 0:
                nxt = tuple(a + yi * b for a, b in zip(w, x))
                if nxt not in seen:
                    if len(seen) >= ADDITIVE_STATES:
                        return False
                    seen.add(nxt)
                    queue.append(nxt)
    return True
