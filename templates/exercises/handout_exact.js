{% raw %}
// Exact answers in the browser: a line-by-line port of exercises/answer_parse.py and exercises/surds.py.
// Same grammar, same limits, same canonical text and the same error sentences (tests compare the two).
const RosenblattExact = (() => {
  "use strict";
  const MAX_TEXT = 2000, MAX_DIGITS = 40, MAX_DEPTH = 20, MAX_LIST = 1000;
  const MAX_BITS = 4000, MAX_TERMS = 16, MAX_RADICAND = 10n ** 12n;

  class AnswerError extends Error {}
  class SurdError extends Error {}

  // Rationals as {n, d} BigInt pairs, d > 0, in lowest terms (Python's Fraction).
  const babs = (x) => (x < 0n ? -x : x);
  function gcd(a, b) { a = babs(a); b = babs(b); while (b) { [a, b] = [b, a % b]; } return a; }
  function Q(n, d = 1n) {
    if (d < 0n) { n = -n; d = -d; }
    const g = gcd(n, d) || 1n;
    return { n: n / g, d: d / g };
  }
  const ZERO = Q(0n), ONE_Q = Q(1n);
  const qadd = (a, b) => Q(a.n * b.d + b.n * a.d, a.d * b.d);
  const qmul = (a, b) => Q(a.n * b.n, a.d * b.d);
  const qneg = (a) => ({ n: -a.n, d: a.d });
  const qcmp = (a, b) => { const l = a.n * b.d, r = b.n * a.d; return l < r ? -1 : (l > r ? 1 : 0); };
  const bits = (x) => (x === 0n ? 0 : babs(x).toString(2).length);
  const fractionStr = (q) => (q.d === 1n ? `${q.n}` : `${q.n}/${q.d}`);

  // Surds: Map from square-free radicand (BigInt) to nonzero coefficient; empty is 0, key 1n the rational part.
  function norm(terms) {
    const out = new Map();
    for (const [k, c] of terms) if (c.n !== 0n) out.set(k, c);
    if (out.size > MAX_TERMS) throw new SurdError(`the expression has more than ${MAX_TERMS} different square roots`);
    for (const [k, c] of out) {
      if (k > MAX_RADICAND) throw new SurdError("a square root of a number above 10^12 remains after simplifying");
      if (Math.max(bits(c.n), bits(c.d)) > MAX_BITS) throw new SurdError(`a number grows beyond ${MAX_BITS} bits`);
    }
    return out;
  }
  const neg = (a) => new Map([...a].map(([k, c]) => [k, qneg(c)]));
  function add(a, b) {
    const out = new Map(a);
    for (const [k, c] of b) out.set(k, qadd(out.get(k) || ZERO, c));
    return norm(out);
  }
  function mul(a, b) {
    const out = new Map();
    for (const [x, p] of a) {
      for (const [y, q] of b) {
        const g = gcd(x, y), k = (x / g) * (y / g);
        out.set(k, qadd(out.get(k) || ZERO, qmul(qmul(p, q), Q(g))));
      }
    }
    return norm(out);
  }
  function div(a, b) {
    if (b.size === 0) throw new SurdError("division by zero");
    if (b.size > 2) throw new SurdError("cannot divide by a sum of more than two terms when square roots are involved");
    if (b.size === 2) {
      const [[x, p], [y, q]] = [...b];
      const conj = new Map([[x, p], [y, qneg(q)]]);
      return div(mul(a, conj), mul(b, conj));
    }
    const [[x, p]] = [...b];
    return mul(a, new Map([[x, Q(p.d, p.n * x)]]));
  }
  function isqrt(n) {
    if (n < 2n) return n;
    let x = 1n << BigInt(Math.ceil(bits(n) / 2));
    for (;;) { const y = (x + n / x) >> 1n; if (y >= x) return x; x = y; }
  }
  function splitSquare(n) {
    let root = isqrt(n);
    if (root * root === n) return [root, 1n];
    let square = 1n, free = 1n, p = 2n;
    while (p * p * p <= (n < MAX_RADICAND ? n : MAX_RADICAND)) {
      let exponent = 0n;
      while (n % p === 0n) { n /= p; exponent += 1n; }
      square *= p ** (exponent / 2n);
      free *= p ** (exponent % 2n);
      p += p === 2n ? 1n : 2n;
    }
    root = isqrt(n);
    if (root * root === n) return [square * root, free];
    if (p * p * p <= n) throw new SurdError("cannot simplify the square root of a number this large");
    return [square, free * n];
  }
  function sqrt(a) {
    for (const k of a.keys()) {
      if (k !== 1n) throw new SurdError("sqrt(...) must contain a rational number, not another square root");
    }
    const r = a.get(1n) || ZERO;
    if (r.n < 0n) throw new SurdError("square root of a negative number");
    if (r.n === 0n) return new Map();
    const [s, f] = splitSquare(r.n), [t, g] = splitSquare(r.d);
    return norm(new Map([[f * g, Q(s, t * g)]]));
  }
  function formatSurd(surd) {
    let out = "";
    for (const [k, c] of [...surd].sort((u, v) => (u[0] < v[0] ? -1 : (u[0] > v[0] ? 1 : 0)))) {
      const an = babs(c.n);
      let term = an === 1n ? `sqrt(${k})` : `${an}*sqrt(${k})`;
      term = k === 1n ? fractionStr({ n: an, d: c.d }) : term + (c.d === 1n ? "" : `/${c.d}`);
      out += out === "" ? (c.n < 0n ? "-" : "") + term : (c.n < 0n ? " - " : " + ") + term;
    }
    return out || "0";
  }

  // Python's repr() of short printable text, and where() of a position.
  function pyrepr(s) {
    const q = s.includes("'") && !s.includes('"') ? '"' : "'";
    let body = s.replace(/\\/g, "\\\\");
    if (q === "'") body = body.replace(/'/g, "\\'");
    return q + body + q;
  }
  function where(text, pos) {
    const nl = pos === 0 ? -1 : text.lastIndexOf("\n", pos - 1);
    const column = pos - nl;
    if (!text.includes("\n")) return `at column ${column}`;
    const line = (text.slice(0, pos).match(/\n/g) || []).length + 1;
    return `at line ${line}, column ${column}`;
  }

  const BAD_CHAR = /[^\t\n\r\x20-\x7e]/u;
  const SPACE = /[ \t\n\r]*/y;
  const TOKEN = /(\d+\.?\d*|\.\d+)|([A-Za-z_][A-Za-z0-9_]*)|(\*\*|[-+*/()[\],^])/y;
  const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
  function skip(text, pos) { SPACE.lastIndex = pos; SPACE.exec(text); return SPACE.lastIndex; }
  function hex4(cp) { return cp.toString(16).toUpperCase().padStart(4, "0"); }

  function tokens(text) {
    const bad = BAD_CHAR.exec(text);
    if (bad) {
      const cp = bad[0].codePointAt(0);
      if (cp < 128) throw new AnswerError(`control character U+${hex4(cp)} ${where(text, bad.index)}`);
      const shown = PRINTABLE.test(bad[0]) ? `${pyrepr(bad[0])} ` : "";
      throw new AnswerError(`non-ASCII character ${shown}(U+${hex4(cp)}) ${where(text, bad.index)}; ` +
                            "use plain digits and ASCII symbols");
    }
    const out = [];
    let pos = skip(text, 0);
    while (pos < text.length) {
      TOKEN.lastIndex = pos;
      const m = TOKEN.exec(text);
      if (!m) throw new AnswerError(`unexpected character ${pyrepr(text[pos])} ${where(text, pos)}`);
      const kind = m[1] !== undefined ? "num" : (m[2] !== undefined ? "name" : "op"), tok = m[0];
      if (tok === "**" || tok === "^") {
        throw new AnswerError(`exponentiation ${pyrepr(tok)} is not supported ${where(text, pos)}`);
      }
      if (kind === "num" && tok.replace(".", "").length > MAX_DIGITS) {
        throw new AnswerError(`number with more than ${MAX_DIGITS} digits ${where(text, pos)}`);
      }
      if (kind === "num" && text.startsWith(".", TOKEN.lastIndex)) {
        throw new AnswerError(`malformed number with two decimal points ${where(text, pos)}`);
      }
      out.push([kind, tok, pos]);
      pos = skip(text, TOKEN.lastIndex);
    }
    out.push(["end", "", pos]);
    return out;
  }
  const show = (t) => (t[0] === "end" ? "the end of the answer" : pyrepr(t[1].slice(0, 20) + (t[1].length > 20 ? "..." : "")));

  class Parser {
    constructor(text) { this.text = text; this.toks = tokens(text); this.i = 0; this.depth = 0; }
    fail(what, pos, hint = "") { throw new AnswerError(`${what} ${where(this.text, pos)}${hint}`); }
    peekOp(ops) { const t = this.toks[this.i]; return t[0] === "op" && ops.includes(t[1]); }
    take(expected = "") {
      const t = this.toks[this.i++];
      if (expected && (t[0] !== "op" || !expected.includes(t[1]))) {
        this.fail(`expected ${[...expected].map(pyrepr).join(" or ")} but found ${show(t)}`, t[2]);
      }
      return t;
    }
    nest(pos, step) { this.depth += step; if (this.depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`, pos); }
    apply(fn, pos, ...args) {
      try { return fn(...args); } catch (err) {
        if (err instanceof SurdError) throw new AnswerError(`${err.message} ${where(this.text, pos)}`);
        throw err;
      }
    }
    answer() {
      const value = this.peekOp("[") ? this.list() : this.expr();
      const t = this.toks[this.i];
      if (t[0] !== "end") this.fail(`expected an operator or the end of the answer but found ${show(t)}`, t[2]);
      return value;
    }
    list() {
      this.nest(this.take()[2], 1);
      const items = [];
      let closed = this.peekOp("]");
      if (closed) this.i += 1;
      while (!closed) {
        items.push(this.peekOp("[") ? this.list() : this.expr());
        const [, tok, pos] = this.take(",]");
        closed = tok === "]";
        if (!closed && items.length >= MAX_LIST) this.fail(`list with more than ${MAX_LIST} items`, pos);
      }
      this.depth -= 1;
      return items;
    }
    expr() {
      let value = this.term();
      while (this.peekOp("+-")) {
        const [, op, pos] = this.take();
        const rhs = this.term();
        value = this.apply(add, pos, value, op === "+" ? rhs : neg(rhs));
      }
      return value;
    }
    term() {
      let value = this.unary();
      while (this.peekOp("*/")) {
        const [, op, pos] = this.take();
        value = this.apply(op === "*" ? mul : div, pos, value, this.unary());
      }
      return value;
    }
    unary() {
      let negative = false;
      while (this.peekOp("+-")) negative = negative !== (this.take()[1] === "-");
      const value = this.primary();
      return negative ? neg(value) : value;
    }
    primary() {
      const token = this.take(), [kind, tok, pos] = token;
      if (kind === "num") {
        const dot = tok.indexOf("."), whole = dot < 0 ? tok : tok.slice(0, dot), frac = dot < 0 ? "" : tok.slice(dot + 1);
        const number = Q(BigInt(whole + frac), 10n ** BigInt(frac.length));
        return number.n === 0n ? new Map() : new Map([[1n, number]]);
      }
      if (kind === "name" && tok !== "sqrt") {
        this.fail(`unknown name ${show(token)}`, pos, "; only numbers, + - * /, sqrt(...) and [lists] are allowed");
      }
      if (kind === "name") this.take("(");
      else if (kind !== "op" || tok !== "(") {
        this.fail(tok === "[" ? "a list cannot be used inside arithmetic" : `expected a number but found ${show(token)}`, pos);
      }
      this.nest(pos, 1);
      const value = this.expr();
      this.take(")");
      this.depth -= 1;
      return kind === "name" ? this.apply(sqrt, pos, value) : value;
    }
  }

  // Python's str.strip() whitespace (str.isspace), which differs from String.prototype.trim.
  const PY_SPACE = /^[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/u;

  function parse(text) {
    if ([...text].length > MAX_TEXT) throw new AnswerError(`the answer is longer than ${MAX_TEXT} characters`);
    if (PY_SPACE.test(text)) throw new AnswerError("the answer is empty");
    return new Parser(text).answer();
  }
  function canonical(value) {
    if (typeof value === "boolean") return value ? "true" : "false";
    if (Array.isArray(value)) return "[" + value.map(canonical).join(", ") + "]";
    return formatSurd(value);
  }
  function rational(value) {
    if (Array.isArray(value) || [...value.keys()].some((k) => k !== 1n)) return null;
    return value.get(1n) || ZERO;
  }
  function asSet(value) {
    const items = Array.isArray(value) ? value.map(rational) : [null];
    if (items.some((v) => v === null)) throw new AnswerError("expected a list of rational numbers, like [1, 3]");
    const sorted = items.sort(qcmp).filter((v, k, all) => k === 0 || qcmp(all[k - 1], v) !== 0);
    return sorted.map((q) => (q.n === 0n ? new Map() : new Map([[1n, q]])));
  }
  // Read one answer text: {value, text} with its canonical text, or {error} with the parser's sentence.
  function read(text, kind = "exact") {
    try {
      const value = parse(text);
      return { value, text: canonical(kind === "set" ? asSet(value) : value) };
    } catch (err) {
      if (err instanceof AnswerError) return { error: err.message };
      throw err;
    }
  }
  function number(text) {  // the exact numbers in handout data: "3", "-4/5"
    const [n, d] = text.split("/");
    return Q(BigInt(n), BigInt(d || "1"));
  }
  return { read, canonical, rational, number, Q, qadd, qmul, qcmp, ZERO, ONE: ONE_Q, AnswerError };
})();
{% endraw %}
