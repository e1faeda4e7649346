"""Diagnosis where results are graded by properties (a free visiting order): the one-sided tie and the single pass
are read from the returned weights, checked against the exact reference's runs in every order."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from grader.assignments import Knobs, run
from grader.assignments.assignment import load
from grader.cases import Case
from grader.diagnosis import free_order
from grader.judging import Answer
from rosenblatt.core import Separator

CS4780 = load("cs4780")
PERCEPTRON = CS4780.spec("perceptron")
LFD = load("lfd-w").spec("pla")
POINTS = st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.sampled_from([-1, 1])), min_size=2,
                  max_size=6, unique_by=lambda t: t[:2])


IN_ORDER = replace(PERCEPTRON.convention, order="fixed")  # the reference visits the points as they are given


def _case(rows) -> Case:
    """Separable or not, the rules read only the points and the answer (the certificate marks the case separable)."""
    X = tuple((Fraction(a), Fraction(b)) for a, b, _ in rows)
    y = tuple(label for *_, label in rows)
    return Case("c", "separable", (), False, "", X, y, True, 100, None, Separator((Fraction(1), Fraction(0)),
                                                                                  Fraction(0)), 1.0)


def _answer(r) -> Answer:
    return Answer(theta=tuple(r.theta[:-1]), theta0=r.theta[-1])


def _augmented(case: Case):
    return tuple(row + (Fraction(1),) for row in case.X)


@settings(max_examples=60, deadline=None)
@given(POINTS, st.permutations(range(6)))
def test_one_pass_in_any_order_is_named_and_a_finished_run_never_is(rows, perm):
    case = _case(rows)
    order = [k for k in perm if k < len(rows)]
    X, y = tuple(_augmented(case)[k] for k in order), tuple(case.y[k] for k in order)
    one = run(X, y, IN_ORDER, offset=False, max_epochs=1, knobs=Knobs(single_pass=True))
    misclassified = any(yi * sum(a * b for a, b in zip(one.theta, p)) <= 0 for p, yi in zip(X, y))
    got = free_order.rules(PERCEPTRON, case, _answer(one))
    assert ("single-pass" in got) == (misclassified and any(one.theta))
    done = run(X, y, IN_ORDER, offset=False, max_epochs=100)
    if done.converged:
        assert "single-pass" not in free_order.rules(PERCEPTRON, case, _answer(done))


@settings(max_examples=60, deadline=None)
@given(POINTS)
def test_a_one_sided_tie_names_its_label_and_only_that_label(rows):
    case = _case(rows)
    X = _augmented(case)
    for tie, variant in (("negative", "one-sided-tie#0"), ("positive", "one-sided-tie#1")):
        r = run(X, case.y, IN_ORDER, offset=False, max_epochs=100, knobs=Knobs(tie=tie))
        if not r.converged:
            continue
        got = free_order.rules(PERCEPTRON, case, _answer(r))
        other = "one-sided-tie#1" if variant.endswith("0") else "one-sided-tie#0"
        assert other not in got
        scores = [yi * sum(a * b for a, b in zip(r.theta, p)) for p, yi in zip(X, case.y)]
        assert (variant in got) == (0 in scores)


def test_a_passed_separable_case_rules_out_strict():
    cases = [replace(_case([(1, 0, 1), (-1, 0, -1)]), case_id=f"c{k}") for k in range(3)]
    assert free_order.contradicted(LFD, cases, {"c0", "c1"}) == {"strict-inequality": 1}
    assert free_order.contradicted(LFD, cases, {"c0", "c1", "c2"}) == {}


def _free_suites():
    from grader.suite import Suite
    from grader.judging import spec_of
    for name in ("cs4780", "cs4780-folded", "lfd", "lfd-w"):
        a = load(name)
        for seed in ("s1", "s2"):
            for c in Suite(a, seed).hidden:
                yield a, seed, spec_of(a, c), c


def test_every_free_order_suite_has_data_no_single_pass_separates_with_and_without_zero_coordinates():
    """Each free-order suite holds two small separable cases that one pass leaves misclassified in EVERY order (the
    exact reference, run one pass in each permutation, agrees), one with a zero coordinate in every point (a
    strictly wrong point left, so no tie rule explains it) and one with no zero coordinate at all."""
    import itertools

    from grader.cases import passes
    kinds = {}
    for a, seed, f, c in _free_suites():
        if not (f.trains and c.separable and len(c.X) <= passes.MAX_POINTS
                and passes.one_pass_never_enough(passes.space(f, c.X, c.offset), c.y)):
            continue
        kinds.setdefault((a.name, seed), set()).add(
            "zeroed" if passes.zeroed(c.X) else "plain" if not passes.some_zero(c.X) else "some")
        pts = passes.space(f, c.X, c.offset)
        for order in itertools.permutations(range(len(pts))):
            one = run(tuple(pts[i] for i in order), tuple(c.y[i] for i in order), replace(f.convention, order="fixed"),
                      offset=False, knobs=Knobs(single_pass=True))
            scores = [yi * sum(a * b for a, b in zip(one.theta, p)) for p, yi in zip(pts, c.y)]
            assert min(scores) < 0 if passes.zeroed(c.X) else min(scores) <= 0
    assert len(kinds) == 8 and all({"zeroed", "plain"} <= found for found in kinds.values()), kinds


DOUBLED, PAIR = "update-adds-old", "label-precedence+update-adds-old"


def _doubling(X, y, order, precedence: bool):
    """θ ← 2θ + y·x and θ₀ ← θ₀ + y on each mistake (`w = w + update(x, y, w)`), passes in one order, exactly;
    None where 100 passes do not end clean."""
    w, b = [Fraction(0)] * len(X[0]), Fraction(0)
    for _ in range(100):
        clean = True
        for i in order:
            dot = sum(p * q for p, q in zip(w, X[i]))
            if (y[i] * dot + b if precedence else y[i] * (dot + b)) <= 0:
                w, b, clean = [2 * p + y[i] * q for p, q in zip(w, X[i])], b + y[i], False
        if clean:
            return tuple(w), b
    return None


@settings(max_examples=60, deadline=None)
@given(POINTS, st.permutations(range(6)), st.booleans())
def test_an_update_that_adds_the_old_weights_is_read_from_the_weights_in_any_order(rows, perm, precedence):
    case = _case(rows)
    got = _doubling(case.X, case.y, [k for k in perm if k < len(rows)], precedence)
    if got is None or not any(got[0]):
        return
    assert (PAIR if precedence else DOUBLED) in free_order.doubled(PERCEPTRON, case, Answer(theta=got[0],
                                                                                             theta0=got[1]))


@settings(max_examples=60, deadline=None)
@given(POINTS, st.permutations(range(6)))
def test_a_run_that_adds_y_x_with_the_label_on_w_x_only_never_shows_a_doubling(rows, perm):
    """Whatever weights an additive run with the label-precedence slip returns (even where the judge found no
    ordinary perceptron reaching them), the doubling is never the only reading of them: both names are ruled out."""
    from grader.judging import Verdict

    case = _case(rows)
    order = [k for k in perm if k < len(rows)]
    r = run(tuple(case.X[k] for k in order), tuple(case.y[k] for k in order), IN_ORDER, offset=True,
            max_epochs=100, knobs=Knobs(precedence=True))
    verdict = Verdict("c", False, "wrong", "", Answer(theta=r.theta, theta0=r.theta0), ("online",))
    assert {DOUBLED, PAIR} <= set(free_order.contradicted(PERCEPTRON, [case], {"c"}, {"c": verdict}))
