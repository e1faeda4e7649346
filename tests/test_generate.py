"""The generate/list commands end to end: byte-identical reruns, golden output, exit codes, no partial output."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from exercises.cli.main import main

GOLDEN = Path(__file__).parent / "golden" / "exercises"
GOLDEN_FILES = ("problems.md", "key.md", "problems.tex", "key.tex", "problems.html", "key.html", "exercises.json",
                "variants/v01/handout.json", "variants/v01/handout.html", "variants/v01/answers.yaml")


def generate(out: Path, *extra: str) -> int:
    """Run `generate` with time-lock digests of 1 ms per guess (the default run is tested on its own)."""
    return main(["generate", *extra, "--guess-ms", "1", "--out", str(out), "--quiet"])


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_default_generate_works_with_no_arguments(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["generate", "--quiet"]) == 0
    out = tmp_path / "out" / "exercises"
    assert {"problems.md", "key.md", "problems.tex", "key.tex", "problems.html", "key.html",
            "exercises.json"} <= {p.name for p in out.iterdir()}
    doc = json.loads((out / "exercises.json").read_text())
    assert [v["kind"] for v in doc["variants"]] == ["hand_trace", "separability", "mistake_bound", "single_point",
                                                    "hinge_update", "cover_count", "max_margin"]
    handout = json.loads((out / "variants" / "v01" / "handout.json").read_text())
    assert handout["format"] == "rosenblatt-handout-v3" and "kdf" not in handout
    lock = handout["digest"]
    assert lock["name"] == "RSW-timelock-SHA256" and int(lock["modulus"], 16).bit_length() == 1024
    fastest = max(lock["calibration"]["squarings_per_second"].values())
    assert lock["guess_ms"] == 60 and lock["squarings"] == fastest * 60 // 1000
    assert (out / "variants" / "v01" / "handout.html").is_file()


def test_same_seed_gives_byte_identical_output_and_another_seed_differs(tmp_path):
    assert generate(tmp_path / "a", "problem_set", "--seed", "5", "--variants", "3") == 0
    assert generate(tmp_path / "b", "problem_set", "--seed", "5", "--variants", "3") == 0
    assert generate(tmp_path / "c", "problem_set", "--seed", "6", "--variants", "3") == 0
    assert tree(tmp_path / "a") == tree(tmp_path / "b")
    assert tree(tmp_path / "a")["exercises.json"] != tree(tmp_path / "c")["exercises.json"]


def test_json_follows_the_documented_shape(tmp_path):
    assert generate(tmp_path / "o", "hand_trace_decimal_tie", "separability", "mistake_bound", "--format", "json") == 0
    doc = json.loads((tmp_path / "o" / "exercises.json").read_text())
    assert doc["generator"]["name"] == "rosenblatt" and doc["generator"]["version"]
    trace, sep, bound = doc["variants"]
    assert {"id", "kind", "seed", "data", "answer"} <= set(trace)
    assert set(trace["data"]) == {"X", "y", "offset", "theta_init", "theta0_init", "max_epochs"}
    assert {"updates", "theta", "theta0", "mistakes", "converged"} <= set(trace["answer"])
    assert set(trace["answer"]["updates"][0]) == {"epoch", "index", "theta", "theta0"}
    assert all(re.fullmatch(r"-?\d+(/\d+)?", c) for x in trace["data"]["X"] for c in x)
    assert set(sep["data"]) == {"X", "y"} and set(sep["answer"]) == {"origin", "offset"}
    for verdict in sep["answer"].values():
        assert set(verdict["certificate"]) in ({"theta", "theta0"}, {"weights"})
    assert set(bound["data"]) == {"X", "y", "w_star"}
    assert set(bound["answer"]) == {"gamma", "R", "bound", "mistakes"}


def test_roster_gives_one_variant_per_student_stable_under_roster_order(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\nada,Ada L\nalan,Alan T\n", encoding="utf-8")
    reordered = tmp_path / "roster2.csv"
    reordered.write_text("id,name\nalan,Alan T\nada,Ada L\n", encoding="utf-8")
    assert generate(tmp_path / "a", "three_kinds", "--roster", str(roster), "--secret", "s3") == 0
    assert generate(tmp_path / "b", "three_kinds", "--roster", str(reordered), "--secret", "s3") == 0
    a, b = tree(tmp_path / "a"), tree(tmp_path / "b")
    assert a["variants/ada/handout.json"] == b["variants/ada/handout.json"]
    assert "Ada L" in a["variants/ada/problems.md"].decode()
    assert generate(tmp_path / "c", "three_kinds", "--roster", str(roster), "--secret", "other") == 0
    assert tree(tmp_path / "c")["variants/ada/handout.json"] != a["variants/ada/handout.json"]


@pytest.mark.parametrize("args, expected", [
    (["nope_spec"], "no such spec file or bundled spec"),
    (["--format", "pdf"], "--format: unknown format pdf"),
    (["--variants", "0"], "--variants must be between 1 and 10000, got 0"),
    (["--roster", "missing.csv"], "--roster needs a course secret"),
    (["--roster", "missing.csv", "--secret", "x"], "missing.csv"),
    (["--variants", "2", "--roster", "r.csv"], "not allowed with argument"),
    (["--seed", "abc"], "invalid int value"),
    (["--guess-ms", "0"], "--guess-ms must be between 1 and 10000 milliseconds, got 0"),
    (["--kdf-iterations", "5"], "--kdf-iterations must be between 1000 and 10000000, got 5"),
    (["--jobs", "0"], "--jobs must be between 1 and 64, got 0"),
    (["--roster", "empty.csv", "--secret", "x"], "the roster lists no students"),
])
def test_user_mistakes_exit_2_with_one_line(tmp_path, capsys, monkeypatch, args, expected):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ROSENBLATT_COURSE_SECRET", raising=False)
    (tmp_path / "empty.csv").write_text("id,name\n", encoding="utf-8")
    assert main(["generate", *args, "--out", "o"]) == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_failure_leaves_no_partial_output(tmp_path, capsys):
    spec = tmp_path / "bad.yaml"
    spec.write_text("kind: hand_trace\nmax_attempts: 20\nparams: {min_updates: 60, max_updates: 60}\n")
    assert generate(tmp_path / "o", str(spec)) == 2
    assert "failed most often: params." in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == [spec]


def test_refuses_to_replace_a_foreign_directory_but_replaces_its_own(tmp_path, capsys):
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "thesis.tex").write_text("precious")
    assert generate(foreign) == 2
    assert "not written by rosenblatt" in capsys.readouterr().err
    assert (foreign / "thesis.tex").read_text() == "precious"
    assert generate(tmp_path / "o", "hand_trace", "--variants", "3") == 0
    assert generate(tmp_path / "o", "hand_trace", "--variants", "1") == 0
    assert sorted(p.name for p in (tmp_path / "o" / "variants").iterdir()) == ["v01"]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_list_shows_every_bundled_spec(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for name in ("problem_set", "hand_trace", "separability", "mistake_bound", "single_point", "cover_count",
                 "hinge_update"):
        assert name in out


def test_html_is_self_contained_and_markdown_has_inline_svg(tmp_path):
    assert generate(tmp_path / "o", "--format", "md,html") == 0
    html = (tmp_path / "o" / "key.html").read_text()
    assert "<svg" in html and "<script" not in html and "<link" not in html
    assert not re.search(r"(src|href)=\"https?://", html)
    assert "<svg" in (tmp_path / "o" / "key.md").read_text()


def test_tex_uses_only_declared_unicode(tmp_path):
    assert generate(tmp_path / "o", "--format", "tex", "--variants", "3") == 0
    tex = (tmp_path / "o" / "key.tex").read_text()
    declared = {chr(int(code, 16)) for code in re.findall(r"\\DeclareUnicodeCharacter\{([0-9A-F]+)\}", tex)}
    assert {c for c in tex if ord(c) > 127} <= declared | {"—"}


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_latex_compiles_with_pdflatex(tmp_path):
    assert generate(tmp_path / "o", "problem_set", "hand_trace_decimal_tie", "--format", "tex", "--variants",
                    "2") == 0
    for name in ("problems.tex", "key.tex"):
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", name],
                             cwd=tmp_path / "o", capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stdout[-2000:]
        assert (tmp_path / "o" / name.replace(".tex", ".pdf")).stat().st_size > 1000


def test_golden_files(tmp_path):
    """Rendered output of a fixed seed; regenerate with UPDATE_GOLDEN=1 pytest tests/test_generate.py."""
    assert generate(tmp_path / "o", "problem_set", "hand_trace_decimal_tie", "--seed", "7") == 0  # --guess-ms 1
    for name in GOLDEN_FILES:
        got = (tmp_path / "o" / name).read_text(encoding="utf-8")
        golden = GOLDEN / name.replace("/", "_")
        if os.environ.get("UPDATE_GOLDEN") == "1":
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(got, encoding="utf-8")
        assert golden.exists(), f"missing golden file {golden}; run with UPDATE_GOLDEN=1"
        assert got == golden.read_text(encoding="utf-8"), f"{name} differs from {golden} (UPDATE_GOLDEN=1 to accept)"


def test_show_prints_one_variant_matching_generate(tmp_path, capsys):
    assert main(["show", "hand_trace", "--seed", "4", "--key"]) == 0
    shown = capsys.readouterr().out
    assert "### Exercise 1." in shown and "solution" in shown
    assert generate(tmp_path / "o", "hand_trace", "--seed", "4", "--format", "md") == 0
    key = (tmp_path / "o" / "variants" / "v01" / "key.md").read_text()
    assert "<svg" not in shown and "<sub>" not in shown and "\\" not in shown  # a terminal: no markup, no escapes
    for line in key.split("### Exercise 1.")[1].splitlines():
        if line.startswith("| ") and "\\" not in line:  # the trace table, row for row
            assert line in shown


def test_student_ids_never_escape_the_output_folder(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("id\n../../evil\nAda\nada\nok-1\n", encoding="utf-8")
    assert generate(tmp_path / "o", "hand_trace", "--roster", str(roster), "--secret", "s") == 0
    folders = sorted(p.name for p in (tmp_path / "o" / "variants").iterdir())
    assert "ok-1" in folders and len(folders) == 4
    assert all(not name.startswith(".") and "/" not in name for name in folders)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o", "roster.csv"]


def test_unwritable_output_location_is_a_usage_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert generate(blocker / "sub" / "o") == 2
    err = capsys.readouterr().err
    assert "cannot create the output directory" in err and "Traceback" not in err


def test_output_is_identical_across_processes_with_different_hash_seeds(tmp_path):
    import sys
    for k in (1, 2):
        env = {**os.environ, "PYTHONHASHSEED": str(k)}
        run = subprocess.run([sys.executable, "-m", "exercises", "generate", "problem_set", "--variants", "2",
                              "--seed", "9", "--out", str(tmp_path / f"h{k}"), "--quiet",
                              "--guess-ms", "1"],
                             env=env, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
    assert tree(tmp_path / "h1") == tree(tmp_path / "h2")


def test_worker_processes_write_the_same_bytes_as_one_process(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("id,name\n" + "".join(f"s{k:02d},Student {k}\n" for k in range(20)), encoding="utf-8")
    for jobs in ("1", "2"):
        assert generate(tmp_path / f"j{jobs}", "problem_set", "--roster", str(roster), "--secret", "x",
                        "--jobs", jobs) == 0
    serial, parallel = tree(tmp_path / "j1"), tree(tmp_path / "j2")
    assert len(serial) > 100 and serial == parallel


@pytest.mark.parametrize("count", [3, 5])
def test_a_sheet_whose_draft_the_batch_held_is_written_as_one_process_writes_it(tmp_path, capsys, count):
    """Workers write each sheet as drafted; where the batch already held a draft (the third sheet of this narrow
    spec), the parent draws on and writes that sheet again: the same bytes as --jobs 1, or the same one sentence."""
    spec = tmp_path / "narrow.yaml"
    spec.write_text("kind: cover_count\nmax_attempts: 30\nparams: {min_P: 3, max_P: 4, min_N: 2, max_N: 3}\n")
    outcomes = []
    for jobs in ("1", "2"):
        code = generate(tmp_path / f"j{jobs}", str(spec), "--variants", str(count), "--seed", "7", "--jobs", jobs)
        outcomes.append((code, capsys.readouterr().err, tree(tmp_path / f"j{jobs}") if code == 0 else None))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][0] == (0 if count == 3 else 2) and not list(tmp_path.glob(".j2.partial-*"))


def _die(args):
    os._exit(3)  # as if the worker were killed (out of memory, a signal)


def test_a_worker_that_dies_leaves_the_work_to_the_parent_and_the_same_bytes(tmp_path, monkeypatch):
    import exercises.generate as generate_module

    roster = tmp_path / "roster.csv"
    roster.write_text("id\n" + "".join(f"s{k:02d}\n" for k in range(16)), encoding="utf-8")
    assert generate(tmp_path / "serial", "single_point", "--roster", str(roster), "--secret", "x", "--jobs", "1") == 0
    monkeypatch.setattr(generate_module, "sheet_chunk", _die)  # forked workers inherit it
    assert generate(tmp_path / "died", "single_point", "--roster", str(roster), "--secret", "x", "--jobs", "2") == 0
    assert tree(tmp_path / "died") == tree(tmp_path / "serial")


def test_usage_errors_name_the_command_once(capsys):
    assert main(["generate", "--seed", "x"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("rosenblatt: generate: argument --seed") and "rosenblatt: rosenblatt" not in err


def test_generate_keeps_files_it_did_not_write(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["generate", "cover_count", "--out", str(out), "--quiet", "--kdf-iterations", "1000"]) == 0
    assert main(["generate", "cover_count", "--out", str(out), "--quiet", "--kdf-iterations", "1000"]) == 0
    (out / "answers").mkdir()
    (out / "answers" / "ada.yaml").write_text("1: {}\n")
    capsys.readouterr()
    assert main(["generate", "cover_count", "--out", str(out), "--quiet", "--kdf-iterations", "1000"]) == 2
    err = capsys.readouterr().err
    assert "did not write (answers)" in err and "move them out" in err
    assert (out / "answers" / "ada.yaml").is_file()


def test_the_closing_hint_names_only_commands_that_work(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["generate", "cover_count", "--format", "md", "--out", str(out), "--kdf-iterations", "1000"]) == 0
    said = capsys.readouterr().out
    assert "--roster" not in said and "ANSWERS_FOLDER" not in said and "--format including json" in said
    assert f"{out}/variants/v01/handout.json" in said and (out / "variants" / "v01" / "handout.json").is_file()
