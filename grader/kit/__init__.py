"""The student kit: the grader as students install it, holding no answer.

Teachers install the full grader (``elevens-grader``): every lab's reference solution, hidden
tests, mutants, second correct versions and diagnosis keys. Students need ``grader check``, and
whatever they install they can read, so ``grader kit --lab LAB`` builds them a wheel of their
own (``grader-kit-LAB``) that keeps the harness and the public suites and leaves every secret
out (build.py says what goes in and how each secret is removed). An installed kit knows it is
one (edition.py) and then:

- runs only the public tests that need nothing it left out (the rubric's ``in_kit: false``
  entries and hidden tests are not in it at all);
- puts the student's own files where the full grader puts the lab's reference ones (a stand-in
  beside the file under test, the correct class a tester must accept), and only once the
  activity that owns that file passes, so a bug in it is not charged again (own_files.py);
- holds no trace of a written answer with few possible values: it checks that such an answer is
  there and readable, and leaves its points to the teacher (teacher_checks.py); an answer with
  many possible values it compares with a salted hash (grader/lab/answer_key.py);
- offers the student commands only (check, play, labs).

Must not import: grader.engine, grader.sandbox, grader.commands, grader.terminal.
"""
