"""Hypothesis profiles: the default run is derandomized (the same examples on every machine, so CI is reproducible
and a red run can be replayed); `HYPOTHESIS_PROFILE=explore` draws new random examples on every run, to search."""
import os

from hypothesis import settings

settings.register_profile("default", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("explore", derandomize=False, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
