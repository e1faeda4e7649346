"""Roster reading: good files give frozen Students; every malformed file gives a RosterError naming the file and row."""

import dataclasses
import re

import pytest
from hypothesis import given, strategies as st

from rosenblatt.shared.errors import RosterError
from rosenblatt.shared.roster import MAX_ROWS, Student, read_roster, student_seed


def _write(tmp_path, content, name="roster.csv"):
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def test_reads_ids_and_names(tmp_path):
    path = _write(tmp_path, 'ID, Name ,email\nab12,"Doe, Jane",j@x.org\n\n cd34 ,Bob,\nzé9,Zoë\n')
    assert read_roster(path) == (Student("ab12", "Doe, Jane"), Student("cd34", "Bob"), Student("zé9", "Zoë"))
    assert read_roster(str(path)) == read_roster(path)


def test_name_column_is_optional_and_bom_and_crlf_are_fine(tmp_path):
    path = _write(tmp_path, b"\xef\xbb\xbfid\r\na\r\nb\r\n")
    assert read_roster(path) == (Student("a"), Student("b"))


@pytest.mark.parametrize("header, expected", [
    ("Student,ID,SIS User ID,Section", ("ID", "Student")),  # Canvas gradebook export: its ID column first
    ("Name,SID,Email", ("SID", "Name")),  # Gradescope
    ("First name,Last name,ID number,Email address", ("ID number", None)),  # Moodle participants
    ("Last Name,First Name,Username,Student ID", ("Student ID", None)),  # Blackboard: Student ID before Username
    ("\ufeffsis_user_id,full-name", ("sis_user_id", "full-name")),
])
def test_the_id_column_may_be_spelled_as_platforms_export_it(tmp_path, header, expected):
    cols = header.lstrip("\ufeff").split(",")
    row = ",".join(f"v{k}" for k in range(len(cols)))
    path = tmp_path / "r.csv"
    path.write_text(f"{header}\n{row}\n", encoding="utf-8")
    (student,) = read_roster(path)
    assert student.id == f"v{cols.index(expected[0])}"
    assert student.name == (f"v{cols.index(expected[1])}" if expected[1] else "")


def test_student_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Student("a", "b").id = "c"


@pytest.mark.parametrize("content, message", [
    ("", "the file is empty"),
    ("\nid\na\n", "row 1: the header row is blank"),
    ("name\nBob\n", "row 1: the header has no id column"),
    ("id;name\na;b\n", "row 1: the header has no id column .*separated by commas"),
    ("id,ID\na,b\n", "row 1: column 'ID' appears twice"),
    ("id,name\nab12,A\ncd,B\nab12,C\n", 'row 4: id "ab12" appears twice \\(first on row 2\\)'),
    ("id,name\n,Bob\n", "row 2: the id is empty"),
    ("id,name\n   ,Bob\n", "row 2: the id is empty"),
    ("name,id\nBob\n", "row 2: the id is empty"),
    ("id,name\na,Doe, Jane\n", "row 2: 3 fields but the header has 2"),
    ("id,name\n" + "x" * 129 + ",A\n", "row 2: the id is longer than 128 characters"),
    ("id,name\na,b\nc\x00,d\n", "row 3: the id contains the control or invisible character U\\+0000"),
    ("id,name\na\u200bb,d\n", "row 2: the id contains .*U\\+200B"),
    ("id,name\na,B\x1b[31m\n", "row 2: the name contains .*U\\+001B"),
    ("id,name\na,b\n\"c,d\n", "row 3: malformed CSV"),
    ("id,name\na,\"b\"c\n", "row 2: malformed CSV"),
    ("id\n" + "x" * 200_000 + "\n", "row 2: malformed CSV \\(field larger than field limit"),
    (b"id,name\na,b\n\xff\xfe\x00junk\n", "line 3: not UTF-8 text \\(byte 0xff\\)"),
    (bytes(range(256)) * 4, "not UTF-8 text"),
])
def test_malformed_rosters_name_file_and_row(tmp_path, content, message):
    path = _write(tmp_path, content)
    with pytest.raises(RosterError, match=f"^{re.escape(str(path))}: .*{message}") as info:
        read_roster(path)
    assert "\n" not in str(info.value)


def test_names_may_hold_invisible_joiners(tmp_path):
    path = _write(tmp_path, "id,name\na,\u0645\u06cc\u200c\u0631\u0648\n")  # Persian names use ZWNJ
    assert read_roster(path)[0].name == "\u0645\u06cc\u200c\u0631\u0648"


def test_too_many_rows(tmp_path):
    path = _write(tmp_path, "id\n" + "".join(f"s{i}\n" for i in range(MAX_ROWS + 1)))
    with pytest.raises(RosterError, match=f"row {MAX_ROWS + 2}: the roster has more than {MAX_ROWS} rows"):
        read_roster(path)
    path.write_text("id\n" + "".join(f"s{i}\n" for i in range(MAX_ROWS)))
    assert len(read_roster(path)) == MAX_ROWS


def test_huge_file_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.csv"
    with open(path, "wb") as handle:
        handle.truncate(200 * 1024 * 1024)  # sparse: no disk space, no time
    with pytest.raises(RosterError, match="huge.csv: the file is larger than 64 MB"):
        read_roster(path)


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(RosterError, match="nope.csv: cannot read the file"):
        read_roster(tmp_path / "nope.csv")
    with pytest.raises(RosterError, match="cannot read the file"):
        read_roster(tmp_path)


@given(st.binary(max_size=300))
def test_fuzz_bytes_read_or_raise_roster_error(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "r.csv"
    path.write_bytes(data)
    try:
        students = read_roster(path)
    except RosterError as err:
        assert str(err).startswith(f"{path}: ") and "\n" not in str(err)
        return
    assert len({s.id for s in students}) == len(students) and all(s.id for s in students)


def test_student_seed_is_stable_63_bit_and_separates_inputs():
    seed = student_seed("secret", "ab12", "perceptron_trace")
    assert seed == student_seed("secret", "ab12", "perceptron_trace") == 5631715635743811000
    assert 0 <= seed < 2**63
    others = {student_seed("secret2", "ab12", "perceptron_trace"), student_seed("secret", "ab13", "perceptron_trace"),
              student_seed("secret", "ab12", "margin"), student_seed("secretab12", "", "perceptron_trace")}
    assert seed not in others and len(others) == 4
    with pytest.raises(TypeError):
        student_seed("secret", 12, "margin")
