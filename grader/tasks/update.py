"""The single-step update task: one call from given weights (a function), or a sequence from zero (a method)."""

from __future__ import annotations

from fractions import Fraction

from rosenblatt.shared import fraction_str
from grader.assignments import Assignment, FunctionSpec, Knobs, run
from grader.cases import Case, DrawFailed, Expected, MAX_TRIES, NEAR_MARGIN, shared_mistakes
from grader.tasks import base

# family -> the kind of each step (a method's sequence runs all of them from zero weights; a function gets one: the
# family's own kind, except a near tie, a point at margin NEAR_MARGIN, which the tie family's last case is)
KINDS = {"mistake": ("mistake", "mistake", "correct"), "correct": ("mistake", "correct", "correct"),
         "tie": ("tie", "mistake", "tie", "near"), "one-dimensional": ("mistake", "correct"),
         "fractional": ("mistake", "correct"), "input-mutation": ("mistake",), "interface": ("correct",)}
POWERS = [Fraction(s * 2 ** e) for e in (-1, 0, 1) for s in (1, -1)]


def _score(theta, theta0, x) -> Fraction:
    return sum(a * b for a, b in zip(theta, x)) + theta0


def _perpendicular(rng, theta, d: int):
    """Without a bias, a dyadic x with θ·x = 0: x_i = t·θ_j, x_j = −t·θ_i on two coordinates (θ dyadic)."""
    nonzero = [j for j in range(d) if theta[j]]
    if d < 2 or not nonzero:
        return None
    j = nonzero[int(rng.integers(0, len(nonzero)))]
    i = (j + 1 + int(rng.integers(0, d - 1))) % d
    s = Fraction(int(rng.choice([-1, 1])))
    while max(abs(theta[i]), abs(theta[j])) * abs(s) > 4:
        s /= 2  # a power of two keeps x dyadic
    x = [Fraction(0)] * d
    x[i], x[j] = s * theta[j], -s * theta[i]
    return tuple(x)


def _tie_point(rng, theta, theta0, d: int, denom: int, target: Fraction = Fraction(0)):
    """x with θ·x + θ₀ = target exactly and x dyadic: solve for a coordinate whose θ is a power of two (or, for a
    tie without a bias, take a point perpendicular to θ). A dyadic target keeps x exact in binary floating point."""
    js = [j for j in range(d) if theta[j] in POWERS]
    if not js:
        return _perpendicular(rng, theta, d) if theta0 == 0 and target == 0 else None
    j = js[int(rng.integers(0, len(js)))]
    x = list(base.dyadic(rng, (d,), 3, denom))
    x[j] = Fraction(0)
    x[j] = (target - _score(theta, theta0, x)) / theta[j]
    return tuple(x) if abs(x[j]) <= 8 else None


def _point(rng, f: FunctionSpec, theta, theta0, kind: str, d: int, denom: int, sign: int = 1):
    """A point and label that make a mistake, are classified correctly, lie on the boundary (θ ≠ 0; label `sign`),
    or lie at margin NEAR_MARGIN on the right side of it (a near tie, label `sign`)."""
    conv = f.convention
    if not any(theta) and theta0 == 0:  # from zero weights every point is on the boundary: the tie rule decides
        x = tuple(base.dyadic(rng, (d,), 3, denom))
        wanted = [v for v in (-1, 1) if conv.mistake(0, v) == (kind not in ("correct", "near"))] or [-1, 1]
        return x, (sign if sign in wanted else int(wanted[int(rng.integers(0, len(wanted)))]))
    for _ in range(MAX_TRIES):
        if kind in ("tie", "near"):
            target = sign * NEAR_MARGIN if kind == "near" else Fraction(0)
            x = _tie_point(rng, theta, theta0, d, denom, target) if any(theta) \
                else tuple(base.dyadic(rng, (d,), 3, denom))
            if x is not None and (kind == "tie" or _score(theta, theta0, x) == target):
                return x, sign
            continue
        x = tuple(base.dyadic(rng, (d,), 3, denom))
        s = _score(theta, theta0, x)
        if s != 0:
            predicted = conv.predict(s)
            return x, (-predicted if kind == "mistake" else predicted)
    raise DrawFailed(f"could not draw a {kind} point for an update case")


def _weights(rng, f: FunctionSpec, d: int) -> tuple[tuple[Fraction, ...], Fraction]:
    theta = list(base.dyadic(rng, (d,), 2, 4))
    theta[-1] = POWERS[int(rng.integers(0, len(POWERS)))]  # so that a tie point can be solved for exactly
    theta0 = base.dyadic(rng, (1,), 2, 4)[0] if f.convention.bias == "separate" else Fraction(0)
    return tuple(theta), theta0


def expected(f: FunctionSpec, X, y, start, step, knobs: Knobs = Knobs()) -> Expected:
    """The weights after each step (one step for a function), and whether each step changed them."""
    conv = f.convention
    theta, theta0 = start if start is not None else ((Fraction(0),) * len(X[0]), Fraction(0))
    r = run(X, y, conv, offset=conv.bias == "separate", max_epochs=1, step=step, theta=theta, theta0=theta0,
            record=True, knobs=knobs)
    states = tuple((s[0], s[1]) for s in r.states)
    return Expected(states[-1][0], states[-1][1], False, r.mistakes, changed=tuple(s[2] for s in r.states),
                    states=states)


def _kinds(f: FunctionSpec, family: str, k: int) -> tuple[str, ...]:
    """The kinds of the k-th case's steps: a method's whole sequence, a function's one step."""
    single = KINDS[family][k % len(KINDS[family])]
    if family in ("mistake", "correct") or (family == "tie" and single != "near"):
        single = family
    kinds = KINDS[family] if f.method else (single,)
    if f.convention.update == "either":  # a correct point tells an update that checks from one that does not
        kinds = tuple({"correct": "mistake", "near": "tie"}.get(kind, kind) for kind in kinds)
    if f.convention.tie != "mistake" or f.convention.zero_one:  # a tolerance is no mistake of a label comparison
        kinds = tuple("tie" if kind == "near" else kind for kind in kinds)
    return kinds


def _case(a: Assignment, f: FunctionSpec, family: str, visible: bool, cid: str, rng, k: int, first: int = 1) -> Case:
    """The k-th case of a family. Its ties (and near ties) take the labels first, -first, first, ... in the order
    they come across the family's cases, so that a family of two or more carries both labels."""
    d = 1 if family == "one-dimensional" else int(rng.integers(2, 5))
    denom = 16 if family == "fractional" else 2
    kinds = _kinds(f, family, k)
    ties = 0 if f.method else sum(kind in ("tie", "near") for j in range(k) for kind in _kinds(f, family, j))
    start = None if f.method else _weights(rng, f, d)
    theta, theta0 = start if start else ((Fraction(0),) * d, Fraction(0))
    X, y = [], []
    step = base.step_for(f, k, True)
    for kind in kinds:
        x, label = _point(rng, f, theta, theta0, kind, d, denom, first * (-1) ** ties)
        ties += kind in ("tie", "near")
        X.append(x)
        y.append(label)
        e = expected(f, X[-1:], y[-1:], (theta, theta0), step)
        theta, theta0 = e.theta, e.theta0
    exp = expected(f, X, y, start, step)
    check = {"input-mutation": "mutation", "interface": "interface"}.get(family, "result")
    n = len(X)
    title = f"{n} update{'s' if n != 1 else ''} in {d}-D" + ("" if f.method else " from given weights")
    if step != 1 or f.passes("step"):
        title += f", {a.term('step')} {fraction_str(step)}"
    return base.build(a, f, cid, family, visible, X, y, f.convention.bias == "separate", None, None, exp,
                      seconds=a.case_seconds, check=check, step=step, start=start, title=title)


def hidden(a: Assignment, f: FunctionSpec, seed: str) -> list[Case]:
    out: list[Case] = []
    for family, _ in f.hidden:
        rng = base.hidden_rng(a, f, seed, family)
        count = 1 if family in ("input-mutation", "interface") else len(KINDS[family])
        first = int(rng.choice([-1, 1]))  # the label of the family's first tie, from the seed
        out += [_case(a, f, family, False, base.case_id(a, f, family, k + 1), rng, k, first) for k in range(count)]
    return out


def visible(a: Assignment, f: FunctionSpec) -> list[Case]:
    rng = base.visible_rng(a, f)
    families = ("mistake", "tie", "one-dimensional") if f.convention.update == "either" else ("mistake", "correct",
                                                                                                "tie")
    return [_case(a, f, family, True, base.case_id(a, f, "visible", k + 1), rng, k)
            for k, family in enumerate(families)]


# ------------------------------------------------------------ the shape's plug-in: mistakes, calls, shrinking
def offers(f: FunctionSpec) -> tuple[tuple[str, Knobs], ...]:
    """The update's mistakes; where the course says whether it checks for a mistake first, that one too."""
    out = shared_mistakes(f)
    if f.convention.update != "either":  # either way is right where the course leaves it open
        out.append(("always-updates", Knobs(always=True)) if f.convention.update == "on-mistake"
                   else ("update-checks", Knobs(always=False)))
    return tuple(out)


def mutant(f: FunctionSpec, case: Case, knobs: Knobs) -> Expected | None:
    return expected(f, case.X, case.y, case.start, case.step, knobs)


def call_slots(f: FunctionSpec, Xa, ya, columns: bool) -> dict:
    """A function gets the case's one point and its label."""
    return {"point": Xa[:, 0:1] if columns else Xa[0], "label": int(ya.reshape(-1)[0])}


def class_steps(a: Assignment, f: FunctionSpec, case: Case, Xa, ya, first: int) -> tuple[list, list[dict]]:
    """A method: one call per point from zero weights, the weights read after each."""
    args, steps = [], []
    for k, (x, label) in enumerate(zip(Xa, ya)):
        args.append((x, int(label)))
        steps += [{"m": f.name, "a": first + k, "keep": True, "wrap": {"0": "point"}},
                  {"m": a.klass.weights, "a": 2, "keep": True}]
    return args, steps


def smaller(a: Assignment, case: Case, cid: str, X, y, cert, seconds: float) -> Case | None:
    """Not shrunk: one point is already the smallest case."""
    return None
