{% raw %}
// The self-check page: read the answer boxes, derive the answers' slow digests, say right or wrong per part.
(() => {
  "use strict";
  const X = RosenblattExact;
  const DATA = JSON.parse(document.getElementById("handout-data").textContent);
  const EXERCISES = new Map(DATA.exercises.map((e) => [String(e.number), e]));
  const PREFIX = "rosenblatt-answer-v2", LOCK_PREFIX = "rosenblatt-answer-v3", X_BLOCKS = 5;
  const STORE = `rosenblatt-handout:${DATA.salt}`;
  const encoder = new TextEncoder();
  const LOCK = DATA.digest;  // format v3: the time-lock; format v2 pages carry DATA.kdf (PBKDF2) instead
  const cryptoOk = typeof crypto !== "undefined" && crypto.subtle && typeof BigInt === "function" &&
    typeof crypto.subtle[LOCK ? "digest" : "deriveBits"] === "function";
  const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const sha256 = async (text) => hex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))));

  async function pbkdf2Digest(key, text) {
    const base = await crypto.subtle.importKey("raw", encoder.encode(text), "PBKDF2", false, ["deriveBits"]);
    const params = { name: "PBKDF2", hash: "SHA-256", salt: encoder.encode(`${PREFIX}|${DATA.salt}|${key}`),
                     iterations: DATA.kdf.iterations };
    return hex(new Uint8Array(await crypto.subtle.deriveBits(params, base, 256)));
  }

  // The time-lock (exercises/answers/timelock.py): x from the salted answer, then t squarings mod N in a row,
  // which nobody without the sheet's secret primes can shorten; the digest hashes the result with the salt.
  async function lockDigest(key, text) {
    const n = BigInt(`0x${LOCK.modulus}`), message = `${LOCK_PREFIX}|${DATA.salt}|${key}|`;
    let wide = "";
    for (let i = 0; i < X_BLOCKS; i++) wide += await sha256(`${message}${text}|${i}`);
    let y = 2n + BigInt(`0x${wide}`) % (n - 3n);
    await new Promise((resume) => setTimeout(resume, 0));  // let the page paint between guesses
    for (let i = LOCK.squarings; i > 0; i--) y = y * y % n;
    return sha256(message + y.toString(16).padStart(n.toString(16).length, "0"));
  }
  const digest = LOCK ? lockDigest : pbkdf2Digest;

  // A vector is written as check-answers reads it, in square brackets: `(0, 3)` or a bare `0, 3` is refused here too.
  function readVector(text) {
    const first = X.read(text), t = text.trim();
    if (first.error !== undefined && /,/.test(t) && !t.startsWith("[")) {
      return { error: `write a vector in square brackets, e.g. [${t.replace(/^\(|\)$/g, "")}]`, source: t };
    }
    return { ...first, source: t };
  }
  const vectorText = (text) => readVector(text).source;
  const readBox = (input, part) => (part.example.startsWith("[") && part.type !== "set" ? readVector(input.value)
                                                                                          : X.read(input.value, part.type));
  const box = (form, partId, field = "") => form.querySelector(`[data-part="${partId}"]${field ? `[data-field="${field}"]` : ""}`);
  const empty = (input) => !input || input.value.trim() === "";
  const FIELD_NAMES = { point: "point", theta: "θ", theta0: "θ₀" };

  function readSequence(form, part) {
    const rows = [...form.querySelectorAll(`tr[data-sequence="${part.id}"]`)];
    const filled = rows.filter((r) => [...r.querySelectorAll("input")].some((i) => !empty(i)));
    if (filled.length === 0) return { missing: true };
    const texts = [];
    for (const [k, row] of filled.entries()) {
      const values = [];
      for (const name of part.item_keys) {
        const input = row.querySelector(`[data-field="${name}"]`), shown = FIELD_NAMES[name] || name;
        if (empty(input)) return { error: `update ${k + 1}: the ${shown} box is empty` };
        const got = name === "theta" ? readVector(input.value) : X.read(input.value);
        if (got.error !== undefined) return { error: `update ${k + 1}, ${shown}: ${got.error}` };
        values.push(got.value);
      }
      texts.push(X.canonical(values));
    }
    return { texts };
  }

  // Separability proofs are checked from the data, exactly, as exercises/kinds/separability.py does.
  function rationalVector(value, n, what) {
    if (!Array.isArray(value) || value.length !== n) throw new Error(`${what} must be a list of ${n} numbers`);
    return value.map((v) => {
      const q = Array.isArray(v) ? null : X.rational(v);
      if (q === null) throw new Error(`${what} must hold rational numbers (no square roots)`);
      return q;
    });
  }
  const dot = (a, b) => a.reduce((s, v, k) => X.qadd(s, X.qmul(v, b[k])), X.ZERO);
  function checkCertificate(exercise, form, part) {
    const name = part.id.split(".")[0], offset = name === "offset", data = exercise.data;
    const pts = data.X.map((x) => x.map(X.number)), ys = data.y.map((v) => X.Q(BigInt(v)));
    const choice = form.querySelector(`input[name="${form.id}-${name}-proof"]:checked`);
    const field = (f) => box(form, part.id, f);
    if (!choice) return { status: "missing", reason: "certificate_missing", facts: { name, offset } };
    const text = field(choice.value).value;
    if (empty(field(choice.value))) return { status: "missing", reason: "certificate_missing", facts: { name, offset } };
    const got = readVector(text);
    if (got.error !== undefined) return { status: "invalid", reason: "unreadable", facts: { error: got.error } };
    try {
      if (choice.value === "weights") {
        const lam = rationalVector(got.value, pts.length, "weights");
        const ok = lam.every((l) => l.n >= 0n) && lam.some((l) => l.n !== 0n) &&
          pts[0].every((_, j) => dot(lam.map((l, i) => X.qmul(l, ys[i])), pts.map((p) => p[j])).n === 0n) &&
          (!offset || dot(lam, ys).n === 0n);
        return ok ? { status: "correct", reason: "weights_ok", facts: { name, offset } }
                  : { status: "incorrect", reason: "weights_bad", facts: { name, offset } };
      }
      const theta = rationalVector(got.value, pts[0].length, "theta");
      let theta0 = X.ZERO;
      if (offset && !empty(field("theta0"))) {
        const t0 = X.read(field("theta0").value);
        if (t0.error !== undefined) return { status: "invalid", reason: "unreadable", facts: { error: t0.error } };
        theta0 = rationalVector([t0.value], 1, "theta0")[0];
      }
      const ok = pts.every((p, i) => X.qmul(ys[i], X.qadd(dot(theta, p), theta0)).n > 0n);
      return ok ? { status: "correct", reason: "separator_ok", facts: { name, offset } }
                : { status: "incorrect", reason: "separator_bad", facts: { name, offset } };
    } catch (err) {
      return { status: "invalid", reason: "unreadable", facts: { error: err.message } };
    }
  }

  // Read every part of one exercise: decided results, or canonical texts to digest.
  function readPart(exercise, form, part) {
    if (part.type === "certificate") return { decided: checkCertificate(exercise, form, part) };
    if (part.type === "sequence") {
      const got = readSequence(form, part);
      if (got.missing) return { decided: { status: "missing", reason: "missing", facts: {} } };
      if (got.error) return { decided: { status: "invalid", reason: "unreadable", facts: { error: got.error } } };
      return { texts: got.texts };
    }
    if (part.type === "verdict") {
      const picked = form.querySelector(`input[data-part="${part.id}"]:checked`);
      return picked ? { text: picked.value } : { decided: { status: "missing", reason: "missing", facts: {} } };
    }
    const input = box(form, part.id);
    if (empty(input)) return { decided: { status: "missing", reason: "missing", facts: {} } };
    const got = readBox(input, part);
    if (got.error !== undefined) return { decided: { status: "invalid", reason: "unreadable", facts: { error: got.error } } };
    return { text: got.text };
  }

  async function judge(exercise, part, reading) {
    if (reading.decided) return reading.decided;
    const key = `${exercise.number}.${part.id}`;
    if (reading.texts) {
      const want = new Set(part.digests);
      const got = await Promise.all(reading.texts.map((t, k) => digest(`${key}[${k + 1}]`, t)));
      const wrong = got.findIndex((d) => !want.has(d));
      if (wrong >= 0) return { status: "incorrect", reason: "first_wrong_update", facts: { k: wrong + 1 } };
      const count = await digest(`${key}.count`, String(reading.texts.length));
      return count === part.count_digest ? { status: "correct", reason: "", facts: {} }
        : { status: "incorrect", reason: "trace_too_short", facts: { n: reading.texts.length } };
    }
    const ok = (await digest(key, reading.text)) === part.digest;
    return { status: ok ? "correct" : "incorrect", reason: ok ? "" : "exact", facts: { given: reading.text } };
  }

  const WORDS = { correct: "✓ Right", incorrect: "✗ Not right yet", missing: "· No answer yet", invalid: "! Cannot read this" };
  function explain(r, part) {
    const f = r.facts;
    switch (r.reason) {
      case "exact": return `Your answer, read as ${f.given}, is not the exact answer. Equal values count as the same answer (0.8 = 4/5 = 8/10), but nothing is rounded: 0.33 is not 1/3.`;
      case "first_wrong_update": return `Update ${f.k} is the first wrong one (or there is no update ${f.k}); ` +
        (f.k === 1 ? "none before it." : `the ${f.k - 1} before it ${f.k === 2 ? "is" : "are"} right.`);
      case "trace_too_short": return `All ${f.n} update${f.n === 1 ? "" : "s"} given ${f.n === 1 ? "is" : "are"} right, but the run makes more updates.`;
      case "missing": return part.type === "verdict" ? "Choose yes or no." : `Type an answer, e.g. ${part.example}.`;
      case "certificate_missing": return `Choose a proof and fill it in: a separator θ${f.offset ? " (and θ₀)" : ""}, or weights λ.`;
      case "unreadable": return f.error;
      case "weights_ok": return "These weights prove that no separator exists.";
      case "weights_bad": return `These weights do not satisfy λ ≥ 0, λ ≠ 0 and Σλᵢyᵢxᵢ = 0${f.offset ? " and Σλᵢyᵢ = 0" : ""}.`;
      case "separator_ok": return "This separator puts every point strictly on its own side.";
      case "separator_bad": return `Some point has y(θ·x${f.offset ? " + θ₀" : ""}) ≤ 0 for this separator.`;
      default: return "";
    }
  }
  function show(form, part, r) {
    const out = form.querySelector(`[data-result="${part.id}"]`);
    out.className = `result ${r.status}`;
    out.dataset.status = r.status;
    out.textContent = "";
    const head = document.createElement("strong");
    head.textContent = WORDS[r.status];
    out.append(head, document.createTextNode(` ${explain(r, part)}`));
  }

  async function check(form) {
    const exercise = EXERCISES.get(form.dataset.exercise);
    const button = form.querySelector("button[type=submit]"), summary = form.querySelector(".summary");
    button.disabled = true;
    form.setAttribute("aria-busy", "true");
    summary.textContent = "Checking…";
    try {
      const results = await Promise.all(exercise.parts.map((p) => judge(exercise, p, readPart(exercise, form, p))));
      exercise.parts.forEach((p, k) => show(form, p, results[k]));
      const right = results.filter((r) => r.status === "correct").length;
      summary.textContent = `${right} of ${results.length} part${results.length === 1 ? "" : "s"} right.`;
    } finally {
      button.disabled = false;
      form.removeAttribute("aria-busy");
    }
  }

  function addRow(form, partId) {
    const body = form.querySelector(`tbody[data-rows="${partId}"]`), rows = body.querySelectorAll("tr");
    const row = rows[rows.length - 1].cloneNode(true);
    const n = rows.length + 1;
    row.querySelector("th").textContent = String(n);
    for (const input of row.querySelectorAll("input")) {
      input.value = "";
      input.id = input.id.replace(/-\d+$/, `-${n}`);
      input.setAttribute("aria-label", input.getAttribute("aria-label").replace(/\d+$/, String(n)));
    }
    body.append(row);
    return row;
  }

  function save() {
    const values = {};
    for (const input of document.querySelectorAll("form.answers input")) {
      if (input.type === "radio") { if (input.checked) values[input.id] = "on"; } else if (input.value) values[input.id] = input.value;
    }
    try { localStorage.setItem(STORE, JSON.stringify(values)); } catch (err) { /* storage may be off: fine */ }
  }
  const SEQ_ID = /^ex-(\d+)-seq-(\w+)-(\w+)-(\d+)$/;
  function restore() {
    let values = {};
    try { values = JSON.parse(localStorage.getItem(STORE) || "{}") || {}; } catch (err) { return; }
    for (const [id, value] of Object.entries(values)) {
      const m = SEQ_ID.exec(id);
      const form = m && document.getElementById(`ex-${m[1]}`);
      const body = form && form.querySelector(`tbody[data-rows="${m[2]}"]`);
      while (body && body.rows.length < Math.min(Number(m[4]), 64)) addRow(form, m[2]);
      const input = document.getElementById(id);
      if (!input || typeof value !== "string") continue;
      if (input.type === "radio") input.checked = true; else input.value = value;
    }
  }

  function answersYaml() {
    const q = (s) => JSON.stringify(s.trim());
    const lines = [`# Answers to "${DATA.title}" (variant ${DATA.sheet}${DATA.student ? `, ${DATA.student}` : ""}), from handout.html`];
    for (const form of document.querySelectorAll("form.answers")) {
      const exercise = EXERCISES.get(form.dataset.exercise);
      lines.push(`${exercise.number}:`);
      for (const part of exercise.parts) {
        if (part.type === "sequence") {
          const rows = [...form.querySelectorAll(`tr[data-sequence="${part.id}"]`)]
            .filter((r) => [...r.querySelectorAll("input")].some((i) => !empty(i)));
          if (!rows.length) continue;
          lines.push(`  ${part.id}:`);
          for (const row of rows) {
            const cell = (k) => row.querySelector(`[data-field="${k}"]`).value;
            lines.push("    - {" + part.item_keys.map((k) => `${k}: ${q(k === "theta" ? vectorText(cell(k)) : cell(k))}`).join(", ") + "}");
          }
        } else if (part.type === "verdict") {
          const picked = form.querySelector(`input[data-part="${part.id}"]:checked`);
          if (picked) lines.push(`  ${part.id}: ${picked.value === "true" ? "yes" : "no"}`);
        } else if (part.type === "certificate") {
          const name = part.id.split(".")[0];
          const choice = form.querySelector(`input[name="${form.id}-${name}-proof"]:checked`);
          if (!choice) continue;
          for (const f of choice.value === "weights" ? ["weights"] : ["theta", "theta0"]) {
            const input = box(form, part.id, f);
            if (!empty(input)) lines.push(`  ${name}.${f}: ${q(f === "theta0" ? input.value : vectorText(input.value))}`);
          }
        } else if (!empty(box(form, part.id))) {
          const text = box(form, part.id).value, vector = part.example.startsWith("[") && part.type !== "set";
          lines.push(`  ${part.id}: ${q(vector ? vectorText(text) : text)}`);
        }
      }
    }
    return lines.join("\n") + "\n";
  }

  window.Rosenblatt = { read: (text, kind) => { const r = X.read(text, kind); return r.error !== undefined ? { error: r.error } : { text: r.text }; },
                        digest, answersYaml };
  if (!cryptoOk) {
    document.getElementById("no-crypto").hidden = false;
    for (const b of document.querySelectorAll("form.answers button[type=submit]")) b.disabled = true;
  }
  for (const form of document.querySelectorAll("form.answers")) {
    form.addEventListener("submit", (event) => { event.preventDefault(); if (cryptoOk) check(form); });
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    form.addEventListener("click", (event) => {
      const t = event.target.closest("button[data-action]");
      if (!t) return;
      const body = form.querySelector(`tbody[data-rows="${t.dataset.target}"]`);
      if (t.dataset.action === "add-row" && body.rows.length < 64) addRow(form, t.dataset.target).querySelector("input").focus();
      if (t.dataset.action === "remove-row" && body.rows.length > 1) { body.lastElementChild.remove(); save(); }
    });
  }
  const download = document.getElementById("download-answers");
  download.addEventListener("click", () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([answersYaml()], { type: "text/yaml" }));
    link.download = "answers.yaml";
    document.body.append(link);
    link.click();
    link.remove();
  });
  restore();
})();
{% endraw %}
