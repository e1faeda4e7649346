"""Rosenblatt's grading side: assignments, hidden cases, the sandbox, judging, diagnosis and reports."""
