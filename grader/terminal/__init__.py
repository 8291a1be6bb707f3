"""What a person reads on the terminal: the screen itself (screen.py), a run's progress, summary
and problems (console.py, summary_table.py), and a student's `grader check` (check_view.py decides
what to show, check_output.py and check_screen.py print it). It reads results and the rubric.

Must not import: grader.integrations, grader.cli, sandbox_runtime.
"""
