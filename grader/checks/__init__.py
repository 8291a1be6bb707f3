"""What a suite's author checks with: ``expect`` and ``fail`` (assertions.py), statistical tests of
a shuffle with stated error rates (statistics.py), and tests that sample until they are sure
(sequential.py). A lab's suites import these; they see student code only as plain data and
proxies (grader.sandbox).

Must not import: grader.engine, grader.terminal, grader.reporters, grader.commands, sandbox_runtime.
"""
