"""Shrinking: the smallest candidate that fails the same way, found in at most two rounds of reruns."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from grader.assignments.assignment import load
from grader.suite import Suite
from grader.judging.shrinking import FIRST_TRY, _size, by_size, candidates, shrink

A = load()
FAILING = [c for c in Suite(A, "shrink").visible if c.check == "result" and len(c.X) > 1]


def _brute_force(case, failing_ids: set[str]):
    """The smallest failing candidate smaller than the case, first in candidate order among equals (or None)."""
    bad = [c for c in candidates(case, A) if c.case_id in failing_ids and _size(c) < _size(case)]
    return min(bad, key=_size) if bad else None


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_shrink_finds_what_running_every_candidate_would(data):
    cases = data.draw(st.lists(st.sampled_from(FAILING), min_size=1, max_size=3, unique_by=lambda c: c.case_id))
    every = [cand.case_id for c in cases for cand in candidates(c, A)]
    failing_ids = set(data.draw(st.lists(st.sampled_from(every), unique=True))) if every else set()
    batches: list[list[str]] = []

    def rerun(batch):
        batches.append([c.case_id for c in batch])
        return {c.case_id: c.case_id for c in batch}

    found = shrink(cases, rerun, lambda cand, outcome: outcome if outcome in failing_ids else None, A)
    for c in cases:
        want = _brute_force(c, failing_ids)
        assert (found[c.case_id].case if c.case_id in found else None) == want
    assert len(batches) <= 2 and all(len(set(b)) == len(b) for b in batches)
    if batches:  # the first round holds only each case's FIRST_TRY smallest candidates
        assert len(batches[0]) <= FIRST_TRY * len(cases)


def test_candidates_by_size_are_sorted_and_smaller_than_the_case():
    for c in FAILING:
        sizes = [_size(x) for x in by_size(c, A)]
        assert sizes == sorted(sizes) and all(s < _size(c) for s in sizes)
