"""The similarity check's evidence: a debug `if` around prints is dead code, and a flag needs enough shared code
(five lines, or most of a short file), so two independent solutions of a short exercise that share the stretch it
leaves room for are listed, not flagged."""

from __future__ import annotations

from pathlib import Path

from grader import similarity

HEAD = '''import nn


class PerceptronModel(object):
    def __init__(self, dimensions):
        self.w = nn.Parameter(1, dimensions)

    def get_weights(self):
        return self.w

    def run(self, x):
        return nn.DotProduct(x, self.w)

    def get_prediction(self, x):
        return 1 if nn.as_scalar(self.run(x)) >= 0 else -1
'''

COUNTING = HEAD + '''
    def train(self, dataset):
        while True:
            mistakes = 0
            for x, y in dataset.iterate_once(1):
                if self.get_prediction(x) != nn.as_scalar(y):
                    self.w.update(x, nn.as_scalar(y))
                    mistakes += 1
            if mistakes == 0:
                break
'''

PASSES = HEAD + '''
    def train(self, dataset):
        done = False
        while not done:
            done = True
            for x, y in dataset.iterate_once(1):
                if self.get_prediction(x) != nn.as_scalar(y):
                    done = False
                    self.w.update(x, nn.as_scalar(y))
'''

STEP = '''
def step(x, label, theta, theta_0):
    if label * (x @ theta + theta_0) <= 0:
        theta = theta + label * x
        theta_0 = theta_0 + label
    return theta, theta_0
'''


def _compare(tmp_path: Path, files: dict[str, str]) -> similarity.Result:
    for name, text in files.items():
        (tmp_path / f"{name}.py").write_text(text)
    return similarity.compare([(n, tmp_path / f"{n}.py") for n in files], similarity.Options())


def _pair(result: similarity.Result):
    (pair,) = result.pairs
    return pair


def test_an_if_around_prints_only_is_dead_code(tmp_path):
    debug = COUNTING.replace("                    mistakes += 1\n",
                             "                    if VERBOSE:\n                        print('mistake', x)\n"
                             "                    mistakes += 1\n")
    debug = debug.replace("            if mistakes == 0:\n",
                          "            if VERBOSE:\n                print(mistakes)\n            else:\n"
                          "                mistakes = mistakes * 1\n            if mistakes == 0:\n")
    plain = COUNTING.replace("            if mistakes == 0:\n",
                             "            if not VERBOSE:\n                mistakes = mistakes * 1\n"
                             "            if mistakes == 0:\n")
    assert _pair(_compare(tmp_path, {"a": plain, "b": debug})).score == 1.0


def test_independent_solutions_sharing_a_short_stretch_are_listed_not_flagged(tmp_path):
    """Both write the exercise's one-line prediction and its update call; the rest differs. The shared stretch
    scores over the threshold, but it is under five lines and under most of either file: no flag."""
    result = _compare(tmp_path, {"a": COUNTING, "b": PASSES})
    pair = _pair(result)
    assert pair.score >= result.options.threshold
    assert not result.flagged(pair)
    assert not similarity.document(result)["pairs"][0]["flagged"]
    similarity.write(tmp_path, result)
    page = (tmp_path / "similarity.html").read_text()
    assert "(not flagged: too little code in common)" in page and "No pair is flagged." in page


def test_a_file_with_less_than_five_lines_of_its_own_is_listed_not_flagged(tmp_path):
    """A five-line single step copied whole scores over the threshold, but under LEAST fingerprints of its own it is what the
    exercise leaves room for (the standard solution, or the residue of a short one once the course's reference is
    subtracted: two students' identical departures from it): listed, never flagged."""
    renamed = STEP.replace("label", "t").replace("theta_0", "b").replace("theta", "w")
    result = _compare(tmp_path, {"a": STEP, "b": renamed})
    pair = _pair(result)
    assert pair.score >= result.options.threshold and min(result.own) < 12 and not result.flagged(pair)


def test_a_short_file_with_code_of_its_own_copied_whole_is_flagged(tmp_path):
    """A short file with code of its own (twelve fingerprints or more, about five lines) copied whole is flagged."""
    longer = STEP + '''

def train(xs, ys, passes):
    theta, theta_0, mistakes = xs[0] * 0, 0, []
    for _ in range(passes):
        before = len(mistakes)
        for x, label in zip(xs, ys):
            if label * (x @ theta + theta_0) <= 0:
                mistakes.append(x)
            theta, theta_0 = step(x, label, theta, theta_0)
        if len(mistakes) == before:
            break
    return theta, theta_0, len(mistakes)
'''
    renamed = longer.replace("label", "t").replace("theta_0", "b").replace("theta", "w").replace("passes", "T")
    result = _compare(tmp_path, {"a": longer, "b": renamed})
    pair = _pair(result)
    assert min(result.own) >= 12 and result.flagged(pair)
