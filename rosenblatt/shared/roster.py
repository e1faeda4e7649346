"""Class rosters: read a CSV of students strictly, and derive a stable per-student seed for each exercise spec."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from rosenblatt.shared.errors import RosterError

_SAFE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")

MAX_ROWS = 100_000  # rows after the header, blank ones included
MAX_BYTES = 64 * 1024 * 1024
MAX_ID = 128
MAX_NAME = 256


@dataclass(frozen=True)
class Student:
    """One roster row: a unique id (it picks the student's seed) and an optional display name."""

    id: str
    name: str = ""


def read_roster(path: str | os.PathLike) -> tuple[Student, ...]:
    """Read a UTF-8 CSV roster with a header row holding an `id` column and optionally a `name` column.

    Rows are numbered as a spreadsheet shows them (the header is row 1); blank rows are skipped.
    Raises RosterError naming the file, the row and the field for any problem.
    """
    label = os.fspath(path)
    rows = csv.reader(io.StringIO(_read_text(path, label), newline=""), strict=True)
    number, header = 1, None
    try:
        header = next(rows, None)
        if header is None:
            raise RosterError(f"{label}: the file is empty; expected a header row with an id column")
        if not any(cell.strip() for cell in header):
            raise RosterError(f"{label}: row 1: the header row is blank; expected column names such as id,name")
        id_col, name_col = _columns(label, header)
        students, seen = [], {}
        for number, row in enumerate(rows, 2):
            if number > MAX_ROWS + 1:
                raise RosterError(f"{label}: row {number}: the roster has more than {MAX_ROWS} rows")
            if not any(cell.strip() for cell in row):
                continue
            if any(cell.strip() for cell in row[len(header):]):
                raise RosterError(f"{label}: row {number}: {len(row)} fields but the header has {len(header)} "
                                  "(quote names that contain commas)")
            student = _student(label, number, row, id_col, name_col)
            if student.id in seen:
                shown = json.dumps(student.id, ensure_ascii=False)
                raise RosterError(f"{label}: row {number}: id {shown} appears twice (first on row {seen[student.id]})")
            seen[student.id] = number
            students.append(student)
    except csv.Error as err:
        raise RosterError(f"{label}: row {number + 1 if header else 1}: malformed CSV ({err})") from None
    return tuple(students)


def _read_text(path: str | os.PathLike, label: str) -> str:
    try:
        with open(path, "rb") as handle:
            if os.fstat(handle.fileno()).st_size > MAX_BYTES:
                raise RosterError(f"{label}: the file is larger than {MAX_BYTES // 2**20} MB")
            data = handle.read(MAX_BYTES + 1)
    except OSError as err:
        raise RosterError(f"{label}: cannot read the file ({err.strerror or err})") from None
    if len(data) > MAX_BYTES:
        raise RosterError(f"{label}: the file is larger than {MAX_BYTES // 2**20} MB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise RosterError(f"{label}: line {line}: not UTF-8 text (byte 0x{data[err.start]:02x}); "
                          "save the roster as CSV UTF-8") from None


# The id column as learning platforms name it in their exports (Canvas: ID, SIS User ID; Moodle: ID number,
# Username; Blackboard: Student ID, Username; Gradescope: SID), tried in this order; likewise the name column.
ID_COLUMNS = ("id", "student id", "sid", "sis user id", "student number", "id number", "username", "user id",
              "sis login id", "login id", "email", "email address")
NAME_COLUMNS = ("name", "student name", "full name", "student", "display name")


def _column_name(cell: str) -> str:
    """`Student_ID `, `student-id` and `\ufeffStudent ID` all read `student id`."""
    return " ".join(cell.replace("\ufeff", "").replace("_", " ").replace("-", " ").lower().split())


def _columns(label: str, header: list[str]) -> tuple[int, int | None]:
    names = [_column_name(cell) for cell in header]
    for index, name in enumerate(names):
        if name and name in names[:index]:
            raise RosterError(f"{label}: row 1: column {header[index].strip()!r} appears twice in the header")
    id_name = next((n for n in ID_COLUMNS if n in names), None)
    if id_name is None:
        found = ", ".join(repr(cell) for cell in header[:10])
        raise RosterError(f"{label}: row 1: the header has no id column (found {found}); the first row must name "
                          "the columns, separated by commas, one of them id (or Student ID, SIS User ID, Username, "
                          "ID number, SID, as learning platforms export them)")
    name_name = next((n for n in NAME_COLUMNS if n in names and n != id_name), None)
    return names.index(id_name), (names.index(name_name) if name_name else None)


def _student(label: str, number: int, row: list[str], id_col: int, name_col: int | None) -> Student:
    student_id = row[id_col].strip() if id_col < len(row) else ""
    name = row[name_col].strip() if name_col is not None and name_col < len(row) else ""
    if not student_id:
        raise RosterError(f"{label}: row {number}: the id is empty")
    for field, value, limit, banned in (("id", student_id, MAX_ID, "C"), ("name", name, MAX_NAME, "Cc")):
        if len(value) > limit:
            raise RosterError(f"{label}: row {number}: the {field} is longer than {limit} characters")
        bad = next((ch for ch in value if unicodedata.category(ch).startswith(banned)), None)
        if bad is not None:
            raise RosterError(f"{label}: row {number}: the {field} contains the control or invisible character "
                              f"U+{ord(bad):04X}")
    return Student(student_id, name)


def student_seed(course_secret: str, student_id: str, spec_name: str) -> int:
    """A stable 63-bit seed for one student and one spec, from sha256 (never Python's salted hash())."""
    for what, value in (("course_secret", course_secret), ("student_id", student_id), ("spec_name", spec_name)):
        if not isinstance(value, str):
            raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    payload = json.dumps(["rosenblatt-seed-v1", course_secret, student_id, spec_name], ensure_ascii=True)
    return int.from_bytes(hashlib.sha256(payload.encode("ascii")).digest()[:8], "big") >> 1


def folder_names(labels: Sequence[str]) -> list[str]:
    """A safe, distinct folder name per sheet label (student ids may hold `/`, `..` or differ only in case)."""
    lowered = Counter(label.lower() for label in labels)
    out = []
    for label in labels:
        if _SAFE.fullmatch(label) and lowered[label.lower()] == 1:
            out.append(label)
        else:
            stem = re.sub(r"[^A-Za-z0-9._-]+", "_", label).strip("._")[:40] or "student"
            out.append(f"{stem}-{hashlib.sha256(label.encode('utf-8')).hexdigest()[:8]}")
    return out
