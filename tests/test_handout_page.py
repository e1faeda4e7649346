"""handout.html in headless Chromium: the same canonical forms and digests as Python, right/wrong per part, offline."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
import yaml

from browser_helpers import chromium, set_viewport
from exercises.answers.answer_parse import as_set, canonical, parse_answer
from exercises.cli.main import main
from rosenblatt.shared.errors import AnswerError
from exercises.answers.digests import handout_oracle

CORPUS = [
    "3", "-0.8", "-4/5", "6/4", "1.5", "sqrt(2)/2", "2*sqrt(3)", "(1 + sqrt(5))/2", "[1, -2]", "[]", "[[1, 2], [3]]",
    "1/(sqrt(2)+sqrt(3))", "1/(1+sqrt(2)+sqrt(3))", "sqrt(-1)", "sqrt(sqrt(2))", "1/0", "2**3", "2^3", "1..2",
    "1.2.3", ".5", "5.", "x", "sqrt", "sqrt 2", "(1", "1)", "[1,", "[1 2]", "", "   ", "\t", "1\n+", "1\n+\n2)",
    "−1", "½", "1\x00", "é", "'", '"', "\\", "#", "a" * 30, "9" * 41, "9" * 40, "1e5", "[1, [2, [3]]]",
    "(" * 21 + "1" + ")" * 21, "[" * 21 + "]" * 21, "sqrt(1000000000000)", "sqrt(1000000000000000000000)",
    "sqrt(1000000007*1000000009)", "sqrt(4/9)", "sqrt(8)*sqrt(2)", "sqrt(2)*sqrt(3)*sqrt(6)", "--3", "+-+2",
    "3*(2-sqrt(7))/(2+sqrt(7))", "[1, 2] + 1", "1 + [2]", "sqrt([2])", "0.000", "-0", "[1, 2,]", "[,]",
    "\U0001f600", "1 \u00a0", "\u00a0", "[1,\n 2]", "2/-4", "sqrt(2)-sqrt(2)", "1/3 + 1/6",
]
PIECES = ["1", "2", "0", "7", ".", "5", "+", "-", "*", "/", "(", ")", "[", "]", ",", " ", "sqrt(", "sqrt", "x", "**",
          "^", "\n", "9" * 12, "1000000", "7/3", "sqrt(2)", "sqrt(12)"]


def _py_read(text: str, kind: str = "exact") -> dict:
    try:
        value = parse_answer(text)
        return {"text": canonical(as_set(value) if kind == "set" else value)}
    except AnswerError as err:
        return {"error": err.message}


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    out = tmp_path_factory.mktemp("gen") / "o"
    assert main(["generate", "problem_set", "hand_trace_decimal_tie", "--seed", "3", "--out", str(out),
                 "--format", "json", "--quiet", "--guess-ms", "1"]) == 0
    variants = {v["exercise"]: v for v in json.loads((out / "exercises.json").read_text())["variants"]}
    folder = out / "variants" / "v01"
    return folder, json.loads((folder / "handout.json").read_text()), variants


@pytest.fixture(scope="module")
def old_sheet(tmp_path_factory):
    """A format v2 handout (PBKDF2 digests), as `generate --kdf-iterations` still makes and pages still check."""
    out = tmp_path_factory.mktemp("gen2") / "o"
    assert main(["generate", "problem_set", "--seed", "3", "--out", str(out), "--format", "json", "--quiet",
                 "--kdf-iterations", "1000"]) == 0
    variants = {v["exercise"]: v for v in json.loads((out / "exercises.json").read_text())["variants"]}
    folder = out / "variants" / "v01"
    return folder, json.loads((folder / "handout.json").read_text()), variants


@pytest.fixture(scope="module")
def browser():
    with chromium() as driver:
        yield driver


def _open(driver, folder: Path) -> None:
    driver.get((folder / "handout.html").as_uri())
    driver.execute_script("localStorage.clear()")
    driver.refresh()


def _form(driver, number: int):
    from selenium.webdriver.common.by import By
    return driver.find_element(By.ID, f"ex-{number}")


def _type(form, css: str, text: str) -> None:
    from selenium.webdriver.common.by import By
    box = form.find_element(By.CSS_SELECTOR, css)
    box.clear()
    box.send_keys(text)


def _fill_trace(form, part_id: str, updates: list, offset: bool) -> None:
    from selenium.webdriver.common.by import By
    for k, u in enumerate(updates, 1):
        rows = form.find_elements(By.CSS_SELECTOR, f'tr[data-sequence="{part_id}"]')
        if len(rows) < k:
            form.find_element(By.CSS_SELECTOR, f'button[data-action="add-row"][data-target="{part_id}"]').click()
            rows = form.find_elements(By.CSS_SELECTOR, f'tr[data-sequence="{part_id}"]')
        row = rows[k - 1]
        _type(row, '[data-field="point"]', str(u["index"]))
        _type(row, '[data-field="theta"]', "[" + ", ".join(u["theta"]) + "]")
        if offset:
            _type(row, '[data-field="theta0"]', u["theta0"])


def fill(driver, handout: dict, variant: dict) -> None:
    """Type the right answer into every box of one exercise, as a student would."""
    from selenium.webdriver.common.by import By
    number, answer = variant["exercise"], variant["answer"]
    form = _form(driver, number)
    exercise = next(e for e in handout["exercises"] if e["number"] == number)
    for part in exercise["parts"]:
        dom = part["id"].replace(".", "_")
        if part["type"] == "sequence":
            _fill_trace(form, part["id"], answer["updates"], variant["data"].get("offset", False))
        elif part["type"] == "verdict":
            yes = variant["key"][part["id"]] == "true"
            form.find_element(By.ID, f"ex-{number}-{dom}-{'yes' if yes else 'no'}").click()
        elif part["type"] == "certificate":
            name = part["id"].split(".")[0]
            cert = answer[name]["certificate"]
            choice = "weights" if "weights" in cert else "theta"
            form.find_element(By.ID, f"ex-{number}-{name}-proof-{choice}").click()
            _type(form, f"#ex-{number}-{dom}-{choice}", "[" + ", ".join(cert[choice]) + "]")
            if choice == "theta" and name == "offset":
                _type(form, f"#ex-{number}-{dom}-theta0", cert["theta0"])
        else:
            _type(form, f"#ex-{number}-{dom}", variant["key"][part["id"]])


def check(driver, number: int) -> dict[str, tuple[str, str]]:
    """Press the exercise's Check button and return part id -> (status, message) once the page has answered."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    form = _form(driver, number)
    driver.execute_script("arguments[0].querySelector('.summary').textContent = ''", form)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(driver, 20).until(lambda d: re.search(r"\d+ of \d+ parts? right", form.find_element(
        By.CSS_SELECTOR, ".summary").text))
    return {el.get_attribute("data-result"): (el.get_attribute("data-status"), el.text)
            for el in form.find_elements(By.CSS_SELECTOR, "[data-result]")}


def test_canonical_forms_and_errors_match_python(browser, sheet):
    _open(browser, sheet[0])
    rng = random.Random(12)
    corpus = CORPUS + ["".join(rng.choice(PIECES) for _ in range(rng.randint(1, 9))) for _ in range(400)]
    sets = ["[3, 1, 1]", "[2/4, 1/2, -1]", "[]", "[sqrt(2)]", "[[1]]", "3", "[0, -0.0, 5]"]
    got = browser.execute_script(
        "return arguments[0].map(t => Rosenblatt.read(t)).concat(arguments[1].map(t => Rosenblatt.read(t, 'set')))",
        corpus, sets)
    want = [_py_read(t) for t in corpus] + [_py_read(t, "set") for t in sets]
    mismatches = [(t, w, g) for t, w, g in zip(corpus + sets, want, got) if w != g]
    assert not mismatches, mismatches[:5]
    assert sum("text" in w for w in want) > 60 and sum("error" in w for w in want) > 60  # both sides exercised


def _page_digests(browser, cases: list) -> list:
    return browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "(async () => { const out = []; for (const [k, t] of arguments[0]) out.push(await Rosenblatt.digest(k, t));"
        " done(out); })().catch(e => done(String(e)));", [list(c) for c in cases])


def test_python_and_the_page_agree_on_500_generated_answers(browser, sheet):
    """Random answer texts, read by each side's parser and digested by each side's time-lock, give the same bytes;
    the key's own answers give the handout's digests."""
    folder, handout, variants = sheet
    _open(browser, folder)
    rng = random.Random(23)
    keys = [f"{e['number']}.{p['id']}" for e in handout["exercises"] for p in e["parts"]]
    cases = []
    while len(cases) < 500:
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 7)))
        read = _py_read(text)
        if "text" in read:
            cases.append((rng.choice(keys), text, read["text"]))
    page_texts = browser.execute_script("return arguments[0].map(t => Rosenblatt.read(t).text)", [c[1] for c in cases])
    assert page_texts == [c[2] for c in cases]
    lock = handout_oracle(handout)
    assert _page_digests(browser, [(k, t) for k, _, t in cases]) == lock.digests([(k, t) for k, _, t in cases])
    key_cases = [(f"{n}.{part}", text) for n, v in variants.items() for part, text in v["key"].items()
                 if isinstance(text, str)]
    want = {f"{e['number']}.{p['id']}": p.get("digest") for e in handout["exercises"] for p in e["parts"]}
    assert _page_digests(browser, key_cases) == [want[k] for k, _ in key_cases]


def test_old_v2_pages_still_check_with_pbkdf2(browser, old_sheet):
    folder, handout, variants = old_sheet
    assert handout["format"] == "rosenblatt-handout-v2"
    _open(browser, folder)
    cases = [("1.theta", "[1, -2]"), ("2.origin.separable", "true"), ("1.updates.count", "4")]
    assert _page_digests(browser, cases) == handout_oracle(handout).digests(cases)
    single = next(v for v in variants.values() if v["kind"] == "single_point")
    fill(browser, handout, single)
    assert {s for s, _ in check(browser, single["exercise"]).values()} == {"correct"}


def test_right_answers_are_right_survive_a_reload_and_download_for_check_answers(browser, sheet, tmp_path, capsys):
    folder, handout, variants = sheet
    _open(browser, folder)
    for number, variant in variants.items():
        fill(browser, handout, variant)
        results = check(browser, number)
        assert all(status == "correct" for status, _ in results.values()), (variant["kind"], results)
    browser.refresh()
    assert browser.find_element("id", "ex-1-seq-updates-point-1").get_attribute("value") == \
        str(variants[1]["answer"]["updates"][0]["index"])
    text = browser.execute_script("return Rosenblatt.answersYaml()")
    assert isinstance(yaml.safe_load(text), dict)
    (tmp_path / "answers.yaml").write_text(text)
    assert main(["check-answers", str(folder / "handout.json"), str(tmp_path / "answers.yaml")]) == 0, \
        capsys.readouterr().out


def test_wrong_answers_say_what_is_wrong_and_never_the_answer(browser, sheet):
    folder, handout, variants = sheet
    _open(browser, folder)
    bound = next(v for v in variants.values() if v["kind"] == "mistake_bound")
    fill(browser, handout, bound)
    form = _form(browser, bound["exercise"])
    _type(form, f"#ex-{bound['exercise']}-gamma", "sqrt(3)/7")
    _type(form, f"#ex-{bound['exercise']}-R", "2**3")
    form.find_element("css selector", f"#ex-{bound['exercise']}-bound").clear()
    results = check(browser, bound["exercise"])
    assert results["gamma"][0] == "incorrect" and "read as sqrt(3)/7" in results["gamma"][1]
    assert results["R"] == ("invalid", "! Cannot read this exponentiation '**' is not supported at column 2")
    assert results["bound"][0] == "missing" and results["mistakes"][0] == "correct"
    page = browser.find_element("css selector", "main").text
    for part in ("gamma", "R", "bound"):
        assert bound["key"][part] not in page.split("Your answers to exercise")[-1]


def test_a_vector_in_round_brackets_is_refused_as_check_answers_refuses_it(browser, sheet):
    from exercises.answers.answer_parse import parse_answer
    from rosenblatt.shared import AnswerError

    with pytest.raises(AnswerError):
        parse_answer("(0, 3)")
    folder, handout, variants = sheet
    _open(browser, folder)
    hinge = next(v for v in variants.values() if v["kind"] == "hinge_update")
    fill(browser, handout, hinge)
    form = _form(browser, hinge["exercise"])
    _type(form, f"#ex-{hinge['exercise']}-gradient", "(0, 3)")
    results = check(browser, hinge["exercise"])
    assert results["gradient"][0] == "invalid" and "square brackets" in results["gradient"][1]


def test_a_trace_names_its_first_wrong_update(browser, sheet):
    folder, handout, variants = sheet
    trace = variants[8]  # hand_trace_decimal_tie: offset, decimals, a tie
    assert trace["kind"] == "hand_trace" and len(trace["answer"]["updates"]) >= 2
    _open(browser, folder)
    fill(browser, handout, trace)
    form = _form(browser, 8)
    _type(form, "#ex-8-seq-updates-theta-2", "[1234567, 0]")
    assert check(browser, 8)["updates"] == ("incorrect", "✗ Not right yet Update 2 is the first wrong one (or there "
                                                         "is no update 2); the 1 before it is right.")
    rows = form.find_elements("css selector", "tr[data-sequence=updates]")
    for row in rows[1:]:
        for box in row.find_elements("css selector", "input"):
            box.clear()
    status, message = check(browser, 8)["updates"]
    assert status == "incorrect" and "All 1 update given is right, but the run makes more updates." in message


def test_other_proofs_and_orders_count_and_bad_proofs_do_not(browser, sheet):
    folder, handout, variants = sheet
    _open(browser, folder)
    sep = next(v for v in variants.values() if v["kind"] == "separability")
    best = next(v for v in variants.values() if v["kind"] == "max_margin")
    fill(browser, handout, best)
    n = best["exercise"]
    form = _form(browser, n)
    _type(form, f"#ex-{n}-support", "[" + ", ".join(str(i) for i in reversed(best["answer"]["support"])) + "]")
    _type(form, f"#ex-{n}-w_max", "[" + ", ".join(f"2*({w})/2" for w in best["answer"]["w_max"]) + "]")
    assert {s for s, _ in check(browser, n).values()} == {"correct"}
    fill(browser, handout, sep)
    m = sep["exercise"]
    form = _form(browser, m)
    choice = "weights" if "weights" in sep["answer"]["origin"]["certificate"] else "theta"
    _type(form, f"#ex-{m}-origin_certificate-{choice}", "[" + ", ".join(["0"] * (5 if choice == "weights" else 2)) + "]")
    status, message = check(browser, m)["origin.certificate"]
    assert status == "incorrect" and ("weights do not satisfy" in message or "Some point has" in message)


def test_keyboard_only(browser, sheet):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    folder, handout, variants = sheet
    _open(browser, folder)
    single = next(v for v in variants.values() if v["kind"] == "single_point")
    n = single["exercise"]
    box = browser.find_element(By.ID, f"ex-{n}-from_zero")
    box.send_keys(single["key"]["from_zero"], Keys.TAB, single["key"]["from_start"], Keys.ENTER)
    form = _form(browser, n)
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(browser, 20).until(lambda d: "2 of 2 parts right" in form.find_element(By.CSS_SELECTOR,
                                                                                          ".summary").text)
    trace_form = _form(browser, 1)
    add = trace_form.find_element(By.CSS_SELECTOR, 'button[data-action="add-row"]')
    add.send_keys(Keys.ENTER)
    assert len(trace_form.find_elements(By.CSS_SELECTOR, "tr[data-sequence=updates]")) == 2
    assert browser.switch_to.active_element.get_attribute("id") == "ex-1-seq-updates-point-2"


def test_phone_width_has_no_sideways_scrolling_and_big_targets(browser, sheet):
    _open(browser, sheet[0])
    try:
        set_viewport(browser, 390, 844, mobile=True)
        browser.refresh()
        metrics = browser.execute_script(
            "const els = [...document.querySelectorAll('form.answers input[type=text], form.answers button')];"
            "return {page: document.documentElement.scrollWidth, view: window.innerWidth,"
            " lowest: Math.min(...els.map(e => e.getBoundingClientRect().height)),"
            " font: Math.min(...els.map(e => parseFloat(getComputedStyle(e).fontSize)))}")
        assert metrics["page"] <= metrics["view"] == 390
        assert metrics["lowest"] >= 40 and metrics["font"] >= 16  # 16 px: phones do not zoom into the box
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_nothing_is_loaded_from_the_network(browser, sheet):
    folder = sheet[0]
    html = (folder / "handout.html").read_text()
    assert not re.search(r"""(src|href|action)\s*=\s*["']?(https?:)?//""", html)
    assert "default-src 'none'" in html and "<script src" not in html
    _open(browser, folder)
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0


def test_the_page_holds_no_answer(sheet):
    folder, _, variants = sheet
    html = (folder / "handout.html").read_text()
    distinctive = [t for v in variants.values() for t in v["key"].values()
                   if isinstance(t, str) and len(t) >= 5 and ("/" in t or "sqrt" in t)]
    assert len(distinctive) >= 3
    for text in distinctive:
        assert text not in html
    assert '"answer"' not in html and '"key"' not in html


def test_without_webcrypto_the_page_says_how_to_open_it(browser, sheet):
    import base64
    html = (sheet[0] / "handout.html").read_bytes()
    browser.get("data:text/html;base64," + base64.b64encode(html).decode())  # not a secure context: no crypto.subtle
    assert browser.find_element("id", "no-crypto").is_displayed()
    assert browser.find_element("css selector", "#ex-1 button[type=submit]").get_attribute("disabled")


@pytest.mark.slow
def test_screenshots_for_people_to_look_at(sheet, tmp_path_factory):
    """Desktop and phone screenshots after a check with a wrong answer; written to a temp folder and printed."""
    folder, handout, variants = sheet
    shots = tmp_path_factory.mktemp("screens")
    for width, height, mobile in ((1280, 1000, False), (390, 844, True)):
        with chromium(width, height) as driver:
            set_viewport(driver, width, height, mobile)
            _open(driver, folder)
            fill(driver, handout, variants[1])
            _type(_form(driver, 1), "#ex-1-mistakes", "12")
            check(driver, 1)
            driver.execute_script("document.getElementById('ex-1').scrollIntoView()")
            driver.save_screenshot(str(shots / f"handout-{width}.png"))
    print(f"screenshots in {shots}")
    assert len(list(shots.glob("*.png"))) == 2
