"""numpy's spellings of arithmetic read as the operators they stand for: `np.dot(a, b)`, `a.dot(b)`,
`np.matmul(a, b)`, `np.sum(a * b)` and `(a * b).sum()` as `a @ b` (the sum of the elementwise products: the dot
product, as `np.vdot` is; a course library's `nn.DotProduct(x, w)` too, the inner product `np.inner` is);
`np.add(a, b)` as `a + b`, and likewise `np.subtract`, `np.multiply`, `np.divide`, `np.power`, `np.negative` and
the comparisons (`np.greater(a, b)` as `a > b`, ...), except where an operand is a Python list (a list display,
`[0.0] * n`, or a name the file stores one in): for lists `+` and `*` concatenate and repeat, and numpy's
functions do not. `a.T` reads as `np.transpose(a)`."""

from __future__ import annotations

import ast

PRODUCTS = {"dot", "matmul", "inner", "vdot", "DotProduct"}
OPERATORS = {"add": ast.Add, "subtract": ast.Sub, "multiply": ast.Mult, "divide": ast.Div, "true_divide": ast.Div,
             "power": ast.Pow}
COMPARISONS = {"greater": ast.Gt, "greater_equal": ast.GtE, "less": ast.Lt, "less_equal": ast.LtE, "equal": ast.Eq,
               "not_equal": ast.NotEq}
NUMPY = ("np", "numpy")


def _numpy(f: ast.expr, names: dict) -> bool:
    return isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in NUMPY and f.attr in names


def _plain(call: ast.Call, count: int) -> bool:
    return len(call.args) == count and not call.keywords and not any(isinstance(a, ast.Starred) for a in call.args)


def listed(value: ast.expr, lists: set[str] | frozenset[str] = frozenset()) -> bool:
    """Whether an expression is a Python list: a list display or comprehension, `list(...)`, `[0.0] * n`, or a
    name in `lists`."""
    if isinstance(value, (ast.List, ast.ListComp)):
        return True
    if isinstance(value, ast.Name):
        return value.id in lists
    if isinstance(value, ast.Call):
        return isinstance(value.func, ast.Name) and value.func.id == "list"
    return (isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Mult, ast.Add))
            and (listed(value.left) or listed(value.right)))


def operator(call: ast.Call, lists: set[str] | frozenset[str] = frozenset()) -> ast.expr | None:
    """The operator expression a call (its arguments already canonical) stands for, or None. `lists`: the names
    the file stores a list in."""
    f = call.func
    if isinstance(f, ast.Attribute) and f.attr in PRODUCTS and not call.keywords:
        if len(call.args) == 2:  # np.dot(a, b)
            return ast.copy_location(ast.BinOp(call.args[0], ast.MatMult(), call.args[1]), call)
        if len(call.args) == 1 and f.attr == "dot":  # a.dot(b)
            return ast.copy_location(ast.BinOp(f.value, ast.MatMult(), call.args[0]), call)
    if isinstance(f, ast.Attribute) and f.attr == "sum" and not call.keywords:  # np.sum(a * b), (a * b).sum()
        summed = call.args[0] if _numpy(f, {"sum"}) and _plain(call, 1) else f.value if not call.args else None
        if isinstance(summed, ast.BinOp) and isinstance(summed.op, ast.Mult):
            return ast.copy_location(ast.BinOp(summed.left, ast.MatMult(), summed.right), call)
    if _numpy(f, OPERATORS) and _plain(call, 2) and not any(listed(a, lists) for a in call.args):  # np.add(a, b)
        return ast.copy_location(ast.BinOp(call.args[0], OPERATORS[f.attr](), call.args[1]), call)
    if _numpy(f, COMPARISONS) and _plain(call, 2) and not any(listed(a, lists) for a in call.args):  # np.less
        return ast.copy_location(ast.Compare(call.args[0], [COMPARISONS[f.attr]()], [call.args[1]]), call)
    if _numpy(f, {"negative"}) and _plain(call, 1) and not listed(call.args[0], lists):  # np.negative(a)
        return ast.copy_location(ast.UnaryOp(ast.USub(), call.args[0]), call)
    return None


def arithmetic(value: ast.expr) -> bool:
    """An arithmetic value: an operator, or a call of numpy's that reads as one (`np.dot(w, x)`)."""
    return isinstance(value, (ast.BinOp, ast.UnaryOp)) or isinstance(value, ast.Call) and operator(value) is not None


def transposed(node: ast.Attribute) -> ast.expr:
    """`a.T` read as `np.transpose(a)`, its other spelling (the call's length: a file that writes `.T` where
    another calls numpy is not the shorter for it)."""
    if node.attr != "T" or not isinstance(node.ctx, ast.Load):
        return node
    f = ast.Attribute(ast.Name("np", ast.Load()), "transpose", ast.Load())
    return ast.copy_location(ast.Call(f, [node.value], []), node)
