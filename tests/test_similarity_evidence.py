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
        passes = 0
        while not done:
            done = True
            passes = passes + 1
            for x, y in dataset.iterate_once(1):
                if self.get_prediction(x) != nn.as_scalar(y):
                    done = False
                    self.w.update(x, nn.as_scalar(y))
        return passes
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


def test_a_short_file_copied_whole_is_flagged(tmp_path):
    renamed = STEP.replace("label", "t").replace("theta_0", "b").replace("theta", "w")
    result = _compare(tmp_path, {"a": STEP, "b": renamed})
    pair = _pair(result)
    assert pair.shared < 12 and result.flagged(pair)
