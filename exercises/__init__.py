"""Rosenblatt's exercise flow: exercise kinds, bundled specs, generation, answers and handouts, exports, and the
command line (the one place where the two flows meet)."""
