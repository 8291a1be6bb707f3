"""Whether this Python can serve warm workers (sandbox_runtime/watching.py: CPython 3.12's dict
watchers). On 3.10 and 3.11 every test gets a fresh fork instead, which is today's path; the
tests that prove reuse and its audit are skipped there, with this reason, and one test proves
the fallback."""

import pytest

from sandbox_runtime.watching import AVAILABLE

needs_warm = pytest.mark.skipif(not AVAILABLE, reason="warm workers need Python 3.12+ (dict watchers); on this "
                                                      "Python every test gets a fresh fork")
