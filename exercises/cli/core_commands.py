"""The core's commands: `trace`, `separable`, `bound` and `cover` (the tools students check hand work with).

Start-up matters here (students run `trace` dozens of times): `--help` imports only this module's argparse
set-up; each command imports what it uses when it runs (sympy only in `bound`, whose γ and R are surds).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rosenblatt.shared import DataError, UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("trace", help="print the exact step-by-step perceptron trace of a data file")
    p.add_argument("data", type=Path, help="YAML file with X, y and optional offset, theta_init, theta0_init, max_epochs")
    p.add_argument("--json", action="store_true", help="print the trace as JSON (exact numbers as strings)")
    p.set_defaults(run=run_trace)
    p = sub.add_parser("separable", help="decide separability through the origin and with an offset, with proofs")
    p.add_argument("data", type=Path, help="YAML file with X and y")
    p.add_argument("--json", action="store_true", help="print the verdicts and certificates as JSON")
    p.set_defaults(run=run_separable)
    p = sub.add_parser("bound", help="margin γ, radius R and the mistake bound (R/γ)² for a separator w_star, "
                                     "or with --best for the maximum-margin separator")
    p.add_argument("data", type=Path, help="YAML file with X, y and w_star (or X, y and optional offset with --best)")
    p.add_argument("--best", action="store_true",
                   help="the tightest bound: the exact maximum margin γ_max, R²/γ_max², w_max and the support points")
    p.add_argument("--json", action="store_true", help="print the quantities as JSON")
    p.set_defaults(run=run_bound)
    p = sub.add_parser("cover", help="Cover's count C(P, N) of separable dichotomies")
    p.add_argument("P", type=int, help="number of points (1 to 10000)")
    p.add_argument("N", type=int, help="dimension (1 to 10000)")
    p.add_argument("--json", action="store_true", help="print as JSON")
    p.set_defaults(run=run_cover)


def _table(visits, X, y, offset: bool) -> dict:
    from rosenblatt.shared import fraction_str, vector_str

    keep = 8 if offset else 7
    rows = [
        [str(v.epoch), str(v.index), "(" + ", ".join(vector_str(X[v.index - 1])) + ")", f"{y[v.index - 1]:+d}",
         fraction_str(v.value), "yes" if v.mistake else "no",
         "(" + ", ".join(vector_str(v.theta)) + ")", fraction_str(v.theta0)][:keep]
        for v in visits
    ]
    header = ["epoch", "point", "x", "y", "y(θ·x+θ₀)" if offset else "y(θ·x)", "mistake", "θ after", "θ₀ after"][:keep]
    widths = [max(len(r[k]) for r in [header, *rows]) for k in range(len(header))]
    return {"header": header, "rows": rows, "widths": widths}


def run_trace(args: argparse.Namespace) -> int:
    from rosenblatt.core import perceptron_trace
    from rosenblatt.shared import load_data
    from rosenblatt.shared import fraction_str, vector_str
    from rosenblatt.shared import render

    data = load_data(args.data)
    trace = perceptron_trace(
        data.X, data.y, offset=data.offset, theta_init=data.theta_init, theta0_init=data.theta0_init,
        max_epochs=data.max_epochs, order=data.order,
    )
    if args.json:
        print(json.dumps(trace.to_json(), indent=2))
        return 0
    print(render("cli/trace.txt.j2", trace=trace, table=_table(trace.visits, data.X, data.y, data.offset),
                 theta=vector_str(trace.theta), theta0=fraction_str(trace.theta0),
                 start=vector_str(data.theta_init), start0=fraction_str(data.theta0_init)), end="")
    return 0


def run_separable(args: argparse.Namespace) -> int:
    from rosenblatt.core import separability
    from rosenblatt.shared import load_data
    from rosenblatt.shared import render

    data = load_data(args.data)
    origin, offset = separability(data.X, data.y)
    if args.json:
        print(json.dumps({"origin": origin.to_json(), "offset": offset.to_json()}, indent=2))
        return 0
    print(render("cli/separable.txt.j2", decisions=[origin.to_json(), offset.to_json()], n=len(data.X)), end="")
    return 0


def run_bound(args: argparse.Namespace) -> int:
    from rosenblatt.core import margin_bound
    from rosenblatt.shared import load_data
    from rosenblatt.shared import fraction_str, vector_str
    from rosenblatt.shared import render

    data = load_data(args.data)
    if args.best:
        return _best_bound(args, data)
    if data.w_star is None:
        raise DataError(f"{args.data}: w_star: missing; give the separator, e.g. w_star: [1, -1]")
    try:
        mb = margin_bound(data.X, data.y, data.w_star)
    except ValueError as exc:
        raise DataError(f"{args.data}: w_star: {exc}") from None
    if args.json:
        print(json.dumps(mb.to_json(), indent=2))
        return 0
    print(render("cli/bound.txt.j2", mb=mb.to_json(), w_star=vector_str(data.w_star),
                 m_min=fraction_str(mb.min_functional_margin), w_sq=fraction_str(mb.w_norm_sq),
                 r_sq=fraction_str(mb.R_sq), within=mb.within_bound), end="")
    return 0


def run_cover(args: argparse.Namespace) -> int:
    from rosenblatt.core import cover_count, cover_fraction
    from rosenblatt.shared import exact_str
    from rosenblatt.shared import render

    for name, value in (("P", args.P), ("N", args.N)):
        if not 1 <= value <= 10_000:
            raise UsageError(f"rosenblatt cover: {name} must be between 1 and 10000, got {value}")
    count, frac = cover_count(args.P, args.N), cover_fraction(args.P, args.N)
    if args.json:
        print(json.dumps({"P": args.P, "N": args.N, "count": str(count), "fraction": exact_str(frac)}))
        return 0
    print(render("cli/cover.txt.j2", P=args.P, N=args.N, count=count, fraction=exact_str(frac)), end="")
    return 0


def _best_bound(args: argparse.Namespace, data) -> int:
    from rosenblatt.core import max_margin
    from rosenblatt.shared import fraction_str
    from rosenblatt.shared import render

    try:
        mm = max_margin(data.X, data.y, data.offset)
    except ValueError as exc:
        raise DataError(f"{args.data}: X, y: {exc} (see rosenblatt separable)") from None
    if args.json:
        print(json.dumps(mm.to_json(), indent=2))
        return 0
    print(render("cli/bound_best.txt.j2", mm=mm.to_json(), w_sq=fraction_str(mm.norm_sq), r_sq=fraction_str(mm.R_sq),
                 alphas=[{"i": i, "alpha": fraction_str(a)} for i, a in enumerate(mm.multipliers, 1) if a],
                 converged=mm.converged), end="")
    return 0
