"""Name the student's bug: match their outputs, case by case, to the exact reference's mutants and a few rules."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction
from typing import Any, Mapping, Sequence


from grader import tasks
from grader.assignments import Assignment
from grader.judging import ATOL, Answer, Verdict, batch_answer, close, compare, compare_exact, compare_properties, expected_values, read, read_vector, spec_of
from grader.cases import Case, Expected, run_normalized
from grader.diagnosis import free_order

BIG_DENOMINATOR = 1 << 20


def keyed(pairs) -> tuple[tuple[str, Any], ...]:
    """(name, x) pairs keyed `name#k`, k the index among that name's variants (one pass more or fewer, one branch
    or the other): a mistake explains several cases only when one variant of it explains them all."""
    seen: dict[str, int] = {}
    out = []
    for name, x in pairs:
        seen[name] = seen.get(name, -1) + 1
        out.append((f"{name}#{seen[name]}", x))
    return tuple(out)


class MutantTable:
    """Each mutant's exact output on each small result case, computed once per suite (lazily, then cached)."""

    def __init__(self, a: Assignment, cases: Sequence[Case]):
        self._a = a
        self._cases = {c.case_id: c for c in cases if c.check == "result" and "large" not in c.tags}
        self._outputs: dict[str, tuple[tuple[str, Expected], ...]] = {}
        self._normalized: dict[str, tuple] = {}
        self._exact: dict[tuple, dict[tuple, tuple[str, ...]]] = {}
        self._agrees: dict[str, tuple[tuple[str, bool], ...]] = {}

    def outputs(self, case_id: str) -> tuple[tuple[str, Expected], ...]:
        if case_id not in self._outputs and case_id in self._cases:
            self._outputs[case_id] = tasks.mutants(self._a, self._cases[case_id])
        return self._outputs.get(case_id, ())

    def normalized(self, case_id: str) -> tuple | None:
        c = self._cases.get(case_id)
        if case_id not in self._normalized and c is not None and tasks.plain(self._a, spec_of(self._a, c)):
            theta, theta0 = run_normalized(c.X, c.y, c.offset, c.max_epochs)[:2]  # floats, as numpy returns them
            self._normalized[case_id] = (tuple(Fraction(v) for v in theta), Fraction(theta0))  # exact, once
        return self._normalized.get(case_id)

    def exact_names(self, case_id: str, fields: tuple[str, ...]) -> dict[tuple, tuple[str, ...]]:
        """The mutants (each variant as `name#k`) by their exact output on these fields: one lookup instead of a
        comparison per mutant."""
        index = self._exact.get((case_id, fields))
        if index is None:
            index = {}
            for key, e in self.variants(case_id):
                index.setdefault(expected_values(e, fields), []).append(key)
            index = self._exact[(case_id, fields)] = {k: tuple(v) for k, v in index.items()}
        return index

    def variants(self, case_id: str) -> tuple[tuple[str, Expected], ...]:
        """Each mutant's output keyed `name#k` (see `keyed`)."""
        return keyed(self.outputs(case_id))

    def agreement(self, case_id: str) -> tuple[tuple[str, bool], ...]:
        """Per mutant variant (`name#k`), whether it returns what the reference returns on this case (on the
        graded fields)."""
        hit = self._agrees.get(case_id)
        if hit is None:
            hit = self._agrees[case_id] = tuple((key, _same_expected(self._a, self._cases[case_id], e))
                                                for key, e in self.variants(case_id))  # none for a large case
        return hit


def _exact(f, case: Case) -> bool:
    """Whether answers to this case are compared field by field, exactly (what compare() does for it)."""
    return case.expected.tolerance is None and not f.convention.by_property and (f.final_weights or f.single_step) \
        and not f.method


def _matching(a: Assignment, case: Case, answer: Answer, table: MutantTable) -> set[str]:
    """The mutants whose output on this case is the answer: by lookup where fields are compared exactly."""
    f = spec_of(a, case)
    if f.predicts and f.method and answer.theta is not None and answer.theta != case.expected.theta:
        return _own_weights(f, case, answer)
    if _exact(f, case):  # the fields are θ, θ₀ (Fractions), converged, mistakes, changed: all hashable
        fields = f.returns
        return set(table.exact_names(case.case_id, fields).get(tuple(getattr(answer, x) for x in fields), ()))
    return {key for key, out in table.variants(case.case_id) if _same(a, case, answer, out)}


def _own_weights(f, case: Case, answer: Answer) -> set[str]:
    """A class's predict judged on the weights its model reports (its own update may have set others): each
    classify mistake run on those weights."""
    start = (answer.theta, Fraction(0))
    return {key for key, knobs in keyed(tasks.offered(f)) if answer.predictions is not None
            and answer.predictions == tasks.mutant(f, replace(case, start=start), knobs).predictions}


def _same(a: Assignment, case: Case, answer: Answer, e: Expected) -> bool:
    """Whether the answer is what the mutant returns, where it is not compared exactly (by property, within the
    case's tolerance when η is not dyadic, or an average compared to 1e-9)."""
    f = spec_of(a, case)
    if f.predicts:  # the mutant's labels for the case's weights (a method's model reports its own weights)
        return answer.predictions is not None and answer.predictions == e.predictions
    if case.expected.tolerance is not None:
        e = replace(e, tolerance=case.expected.tolerance)
    shadow = replace(case, expected=e)
    if f.convention.by_property:
        return not compare_exact(a, shadow, answer)
    if f.averages and answer.theta is not None and len(answer.theta) == len(e.theta):
        # a wrong count gives averages floats cannot hold exactly: compare to 1e-9
        got = list(answer.theta) + [answer.theta0 if answer.theta0 is not None else e.theta0]
        return close(got, list(e.theta) + [e.theta0])
    return not compare(a, shadow, answer)


def _scaled_copy(answer: Answer, e: Expected) -> bool:
    """θ and θ₀ are c times the reference for one c > 0, c ≠ 1 (a step size), converged the same."""
    ref = list(e.theta) + [e.theta0]
    got = list(answer.theta) + [answer.theta0 if answer.theta0 is not None else e.theta0]
    pivot = next((k for k, v in enumerate(ref) if v != 0), None)
    if pivot is None or got[pivot] == 0:  # one number alone is its own multiple: other cases must agree
        return False
    c = Fraction(got[pivot]) / Fraction(ref[pivot])
    if c <= 0 or abs(c - 1) < ATOL or (answer.converged is not None and answer.converged != e.converged):
        return False
    return close(got, [c * Fraction(v) for v in ref])


def _wrong_count(answer: Answer, e: Expected, final: Expected | None) -> set[str]:
    """Averages that are c times the right ones (c ≠ 1, the same c for θ and θ₀): the sums divided by a wrong count;
    θ so (or right, where the wrong count happens to be the right one) but θ₀ the final one, or the final one divided
    by some count (the final-offset mistake): both mistakes at once. Both names where both fit one case."""
    if answer.theta is None or len(answer.theta) != len(e.theta) or answer.theta0 is None:
        return set()
    out = set()
    if _scaled_copy(replace(answer, converged=None), replace(e, converged=None)):
        out.add("average-wrong-count")
    zero = Fraction(0)
    theta_only = replace(answer, theta0=zero, converged=None), replace(e, theta0=zero, converged=None)
    if final is not None and _multiple(answer.theta0, final.theta0) \
            and (answer.theta == e.theta or _scaled_copy(*theta_only)):
        out.add("average-wrong-count+average-final-offset")
    return out


def _multiple(got, final) -> bool:
    """got is final times some factor r > 0 (the final θ₀, perhaps divided by a count)."""
    got, final = Fraction(got), Fraction(final)
    return got == final == 0 or (final != 0 and got / final > 0)


def _proportional(answer: Answer, e: Expected) -> bool:
    ref = list(e.theta) + [e.theta0]
    got = list(answer.theta) + [answer.theta0 if answer.theta0 is not None else e.theta0]
    pivot = next((k for k, v in enumerate(ref) if v != 0), None)
    if pivot is None or got[pivot] == 0:
        return False
    c = got[pivot] / ref[pivot]
    return c > 0 and all(g == c * r for g, r in zip(got, ref))


def _big(answer: Answer) -> bool:
    values = list(answer.theta or ()) + ([answer.theta0] if answer.theta0 is not None else [])
    return any(Fraction(v).denominator > BIG_DENOMINATOR for v in values)


def _value_rules(a: Assignment, case: Case, answer: Answer, table: MutantTable) -> set[str]:
    e, f = case.expected, spec_of(a, case)
    names = _matching(a, case, answer, table) | free_order.rules(f, case, answer)
    if f.convention.by_property and f.convention.tie == "mistake" and case.separable and answer.theta is not None \
            and not any(answer.theta) and not answer.theta0:
        names.add("strict-inequality")  # nothing learned from zero: the zero start was never a mistake
    if f.convention.by_property and f.method and f.trains and f.convention.epochs == "none" \
            and answer.passes is not None and len(answer.passes) == 1:
        names.add("single-pass")  # the course module served one pass, and the weights still misclassify a point
    if not f.trains or f.method or answer.theta is None \
            or len(answer.theta) != len(e.theta):
        return names
    if f.convention.by_property and case.separable and f.convention.start == "zero":
        if f.final_weights and batch_answer(f, case, answer):
            names.add("batch")  # separates, but as a batch perceptron does, not an online one
        elif _big(answer):
            names.add("random-start")
    theta_ok = answer.theta == e.theta and answer.theta0 in (None, e.theta0)
    if theta_ok and answer.converged is not None and answer.converged != e.converged:
        names.add("wrong-converged")
    if f.final_weights and f.convention.start == "zero" and _scaled_copy(answer, e):
        names.add("step-size")
    if f.averages:
        names |= _wrong_count(answer, e, dict(table.outputs(case.case_id)).get("average-final-offset"))
    norm = table.normalized(case.case_id)
    if norm is not None and close(list(answer.theta) + [answer.theta0 or 0], list(norm[0]) + [norm[1]]):
        names.add("normalized-points")
    if not names and f.final_weights and f.convention.start in ("zero", "ones") and not f.convention.by_property:
        if _big(answer):
            names.add("random-start")
        elif case.separable and not compare_properties(a, case, answer) and not _proportional(answer, e):
            names.add("shuffled-order")
    return names


def _swapped(a: Assignment, case: Case, value: Any) -> bool:
    returns = spec_of(a, case).returns
    for order in itertools.permutations(returns):
        if order == returns:
            continue
        answer = read(a, case, value, order)
        if answer.ok and not compare(a, case, answer):
            return True
    return False


def _unaugmented(a: Assignment, case: Case, value: Any) -> bool:
    """A folded-bias function that returned d weights instead of d + 1 (the constant coordinate left out)."""
    f = spec_of(a, case)
    if not f.convention.folded or f.method:
        return False
    part = value[f.returns.index("theta")] if len(f.returns) > 1 and isinstance(value, (tuple, list)) \
        and len(value) == len(f.returns) else value
    return read_vector(part, len(case.X[0]))[0] is not None


def case_explanations(a: Assignment, case: Case, outcome: Any, verdict: Verdict, table: MutantTable,
                      runs_elsewhere: bool = True) -> set[str]:
    """The mistakes that would produce exactly what the student returned on this failed case: a mutant's variant as
    `name#k`, a rule by its name (a rule named like a mutant counts as its first variant)."""
    names = _explanations(a, case, outcome, verdict, table, runs_elsewhere)
    mutants = {key.split("#")[0] for key, _ in table.variants(case.case_id)}
    return {f"{n}#0" if "#" not in n and n in mutants else n for n in names}


def _explanations(a: Assignment, case: Case, outcome: Any, verdict: Verdict, table: MutantTable,
                  runs_elsewhere: bool = True) -> set[str]:
    """`runs_elsewhere`: the code returned on some case with more than one point (else a crash is not about
    n = 1)."""
    if verdict.passed or case.check != "result":
        return set()
    if outcome.status in ("raised", "crashed") and len(case.X) == 1:
        return {"crashes-on-single-point"} if runs_elsewhere else set()
    if outcome.status == "raised" and len(case.X[0]) == 1 and "index 1 is out of bounds" in (outcome.error or ""):
        return {"first-two-features"}  # W[1] on one-dimensional data
    if verdict.status == "malformed" and outcome.status == "returned":
        value = outcome.value
        if type(value) is dict and "result" in value and "spied" in value:  # a call whose helper was recorded
            value = value["result"]
        if _unaugmented(a, case, value):
            return {"bias-not-appended"}
        return {"swapped-returns"} if _swapped(a, case, outcome.value) else set()
    if verdict.status != "wrong" or "large" in case.tags or not verdict.answer.ok:  # nan/inf: no mutant returns it
        return set()
    return _value_rules(a, case, verdict.answer, table)


def contradictions(cases: Sequence[Case], verdicts: Mapping[str, Verdict],
                    table: MutantTable) -> dict[str, int]:
    """For each exact mutant variant (`name#k`): how many passed cases it would have failed (the student cannot
    have that bug)."""
    bad: dict[str, int] = {}
    for c in cases:
        passed = verdicts[c.case_id].passed
        for key, agrees in table.agreement(c.case_id):
            bad[key] = bad.get(key, 0) + int(passed and not agrees)
    return bad


def _same_expected(a: Assignment, case: Case, e: Expected) -> bool:
    """Whether a mutant returns the same as the reference on everything the function is graded on."""
    f, x = spec_of(a, case), case.expected
    if f.predicts:
        return e.predictions == x.predictions
    if f.single_step and f.method:
        return (e.changed, e.states) == (x.changed, x.states)
    fields = ("theta",) if f.method else f.returns
    return expected_values(e, fields) == expected_values(x, fields)  # the values compare_exact grades


def twin_names(a: Assignment, cases: Sequence[Case], verdicts: Mapping[str, Verdict]) -> dict[str, set[str]]:
    """Identical cases that came back different: the code is not deterministic (random start or shuffling)."""
    found: dict[str, set[str]] = {}
    for c in cases:
        if not c.twin or spec_of(a, c).convention.by_property:
            continue
        x, y = verdicts[c.case_id].answer, verdicts[c.twin].answer
        if x is not None and y is not None and x.ok and y.ok and x != y:
            name = "random-start" if _big(x) or _big(y) else "shuffled-order"
            found.setdefault(c.case_id, set()).add(name)
            found.setdefault(c.twin, set()).add(name)
    return found
